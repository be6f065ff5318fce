/** Tax rates as the team's tax settings take them: California's sales tax on goods, Germany's VAT on all. */
export const CALIFORNIA = {
  country: 'US',
  region: 'CA',
  name: 'Sales tax',
  rate: '7.25',
  appliesTo: 'physical',
  taxShipping: false,
}
export const GERMANY = { country: 'DE', region: null, name: 'VAT', rate: '19', appliesTo: 'all', taxShipping: true }
