import { describe, expect, it } from 'vitest'

import { shippingAddressSchema } from '@/modules/shop/contract/checkout'
import { linkUpdateSchema } from '@/modules/site/contract/link'
import { optionSchema, productSchema, productUpdateSchema } from '@/modules/catalog/contract/product'
import { shippingSchema } from '@/modules/shop/contract/shipping'
import { showSchema, showUpdateSchema } from '@/modules/shows/contract/show'
import { themeUpdateSchema } from '@/modules/site/contract/theme'
import { inviteSchema } from '@/modules/team/contract/users'

describe('shared form schemas', () => {
  it('a partial update carries only the fields sent, never defaults', () => {
    expect(productUpdateSchema.parse({ name: 'X' })).toEqual({ name: 'X' })
    expect(linkUpdateSchema.parse({ title: 'Y' })).toEqual({ title: 'Y' })
    expect(showUpdateSchema.parse({ venue: 'Z' })).toEqual({ venue: 'Z' })
    expect(themeUpdateSchema.parse({ primaryColor: '#fff' })).toEqual({ primaryColor: '#fff' })
  })

  it('a new product gets the spec defaults and a two-decimal price', () => {
    expect(productSchema.parse({ name: 'Tee', price: '19.9' })).toMatchObject({
      price: '19.90',
      inventory: 0,
      isActive: true,
      isFeatured: false,
    })
    expect(productSchema.safeParse({ name: 'Tee', price: '1.999' }).success).toBe(false)
    expect(productSchema.safeParse({ name: 'Tee', price: '-1' }).success).toBe(false)
  })

  it('option: value required after trimming, stock parsed as an integer (blank or invalid → 0), name defaults to Size', () => {
    expect(optionSchema.safeParse({ value: '  ' }).error?.issues[0]?.message).toBe('Option value is required')
    expect(optionSchema.parse({ value: 'M', inventory: '' })).toMatchObject({
      name: 'Size',
      inventory: 0,
      priceAdjustment: '0.00',
      isActive: true,
    })
    expect(optionSchema.parse({ value: 'M', inventory: '12abc' }).inventory).toBe(12)
    expect(optionSchema.parse({ value: 'M', inventory: 'abc' }).inventory).toBe(0)
    expect(optionSchema.parse({ value: 'M', priceAdjustment: '-2.5' }).priceAdjustment).toBe('-2.50')
  })

  it('a date from the date picker becomes noon UTC that day; impossible dates are refused', () => {
    expect(showSchema.parse({ title: 'T', venue: 'V', date: '2030-02-28' }).date).toBe('2030-02-28T12:00:00.000Z')
    expect(showSchema.safeParse({ title: 'T', venue: 'V', date: '2030-02-30' }).success).toBe(false)
    expect(showSchema.parse({ title: 'T', venue: 'V', date: '2030-02-28T20:00:00.000Z' }).date).toBe(
      '2030-02-28T20:00:00.000Z',
    )
  })

  it('invite: the spec messages, viewer by default', () => {
    expect(inviteSchema.parse({ email: ' A@B.co ' })).toEqual({ email: 'a@b.co', role: 'viewer' })
    const bad = inviteSchema.safeParse({ email: 'x', role: 'owner' })
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'Please enter a valid email address',
      'Please select a role',
    ])
  })
})

describe('image paths in forms', () => {
  it('an upload URL the site handed out (the theme background) is saved as its /objects/ path', () => {
    const id = '0f0e0d0c-0b0a-4908-8706-050403020100'
    const local = `http://localhost:3000/api/objects/put/${id}/1795243070/9atKYTICeDFhwJevtkHxjOrjh5Vfc_W_g`
    expect(themeUpdateSchema.parse({ backgroundImage: local }).backgroundImage).toBe(`/objects/uploads/${id}`)
    const presigned = `https://bucket.s3.example.com/uploads/${id}?X-Amz-Signature=abc`
    expect(themeUpdateSchema.parse({ backgroundImage: presigned }).backgroundImage).toBe(`/objects/uploads/${id}`)
    expect(themeUpdateSchema.parse({ backgroundImage: 'media/a.png' }).backgroundImage).toBe('/objects/media/a.png')
  })
})

describe('country codes as people type them', () => {
  const london = { street: '10 Downing Street', city: 'London', zipCode: 'SW1A 2AA' }

  it('the checkout takes "UK" (any case) as GB, the United Kingdom', () => {
    expect(shippingAddressSchema.parse({ ...london, country: 'UK' }).country).toBe('GB')
    expect(shippingAddressSchema.parse({ ...london, country: ' uk ' }).country).toBe('GB')
    expect(shippingAddressSchema.parse({ ...london, country: 'gb' }).country).toBe('GB')
    expect(shippingAddressSchema.safeParse({ ...london, country: 'XX' }).success).toBe(false)
  })

  it('a shipping zone takes "UK" as GB', () => {
    const parsed = shippingSchema.parse({
      zones: [{ name: 'Britain', countries: ['UK', 'ie'], rate: '9.00' }],
      restOfWorld: null,
    })
    expect(parsed.zones[0]!.countries).toEqual(['GB', 'IE'])
    // "UK" and "GB" in two zones are the same country twice.
    const twice = shippingSchema.safeParse({
      zones: [
        { name: 'A', countries: ['UK'], rate: '9.00' },
        { name: 'B', countries: ['GB'], rate: '9.00' },
      ],
      restOfWorld: null,
    })
    expect(twice.error?.issues[0]?.message).toBe('GB is already in another zone')
  })
})
