/** The buyer the checkout tests fill the form in for, as the checkout sends it to the server. */
export const CUSTOMER = {
  customerName: 'Alex Buyer',
  customerEmail: 'alex@example.com',
  customerPhone: '555-123-4567',
  shippingAddress: { street: '123 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
}

/** The checkout form's message for each of its fields when the field is empty or too short. */
export const CHECKOUT_FIELD_MESSAGES = {
  customerName: 'Name must be at least 2 characters',
  customerEmail: 'Please enter a valid email address',
  customerPhone: 'Phone number must be at least 10 digits',
  'shippingAddress.street': 'Street address is required',
  'shippingAddress.city': 'City is required',
  'shippingAddress.state': 'State is required',
  'shippingAddress.zipCode': 'ZIP code is required',
}
