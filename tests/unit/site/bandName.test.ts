import { describe, expect, it } from 'vitest'

import {
  orderConfirmationEmail,
  orderRefundedEmail,
  orderShippedEmail,
  type OrderForEmail,
} from '@/modules/shop/server/emails'
import { invitationEmail } from '@/modules/team/server/invitationEmail'
import { hasOwnArticle, theBand } from '@/modules/site/contract/bandName'

describe("the band's name after an article", () => {
  it('adds "the" to a name without an article of its own', () => {
    expect(theBand('Bandname')).toBe('the Bandname')
    expect(theBand('Bandname', { sentenceStart: true })).toBe('The Bandname')
    expect(theBand('  Theory of Sound ')).toBe('the Theory of Sound')
  })

  it('keeps the article a name has and adds none', () => {
    expect(theBand('The Midnight Static')).toBe('The Midnight Static')
    expect(theBand('The Midnight Static', { sentenceStart: true })).toBe('The Midnight Static')
    expect(theBand('the xx')).toBe('the xx')
    expect(theBand('A Flock of Seagulls')).toBe('A Flock of Seagulls')
    expect(theBand('An Horse')).toBe('An Horse')
    expect(hasOwnArticle('Thebandname')).toBe(false)
    expect(hasOwnArticle('The')).toBe(false)
  })

  it('says "the band" while the band has no name', () => {
    expect(theBand('')).toBe('the band')
    expect(theBand('  ', { sentenceStart: true })).toBe('The band')
  })
})

describe('emails of a band named "The Midnight Static"', () => {
  const band = 'The Midnight Static'
  const order: OrderForEmail = {
    id: 'abcdef12-3456-4789-8abc-def012345678',
    customerName: 'Alex',
    customerEmail: 'alex@example.com',
    customerPhone: null,
    subtotalAmount: '25.00',
    shippingAmount: '5.00',
    totalAmount: '30.00',
    shippingAddress: { street: '123 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
    items: [{ productName: 'Tour Tee', optionName: 'Size', optionValue: 'M', quantity: 1, price: '25.00' }],
  }
  const mails = {
    invitation: invitationEmail(band, 'Sam Owner', 'https://band.example/login?invite=t0ken', 'manager'),
    confirmation: orderConfirmationEmail(order, band),
    shipped: orderShippedEmail(order, band),
    refunded: orderRefundedEmail(order, band),
  }
  const doubled = /\b(the|a|an|your)\s+the midnight static\b/i

  for (const [name, mail] of Object.entries(mails)) {
    it(`the ${name} email puts no article before the name`, () => {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(doubled)
      expect(mail.text).toContain(band)
      expect(mail.html).toContain(band)
    })
  }

  it('reads "invited to The Midnight Static team" and "Your order … from The Midnight Static"', () => {
    expect(mails.invitation.subject).toBe("You're invited to The Midnight Static team")
    expect(mails.invitation.text).toContain('Sam Owner invited you to help run The Midnight Static website.')
    expect(mails.invitation.text).toContain('You join as a manager')
    expect(mails.invitation.html).toContain('You join as a manager')
    expect(mails.confirmation.subject).toBe('Your order #abcdef12 from The Midnight Static')
    expect(mails.shipped.text).toContain('Good news: your order #abcdef12 from The Midnight Static has shipped to:')
    expect(mails.refunded.text).toContain('Your order #abcdef12 from The Midnight Static has been refunded')
  })

  it('a band without an article of its own is "the" band in the invitation', () => {
    expect(invitationEmail('Bandname', 'Sam', 'https://band.example/x', 'viewer').subject).toBe(
      "You're invited to the Bandname team",
    )
    expect(invitationEmail('', 'Sam', 'https://band.example/x', 'viewer').subject).toBe(
      "You're invited to the band team",
    )
  })
})
