import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { CreatedOrder } from '@/lib/orderStatus'
import type { CreateOrderInput } from '@/lib/schemas/checkout'
import { countryName } from '@/lib/countries'
import { formatCents, toCents } from '@/lib/money'
import { publicStock, sellableUnits, type PublicPreorder } from '@/lib/preorder'
import { shippingCentsFor } from '@/lib/shipping'

import { HttpError } from '../errors'
import { query } from '../transaction'

import { findDiscount } from './discounts'
import { shippingRules } from './shipping'

export type { CreatedOrder }

/**
 * Prices every line again from the database (product price plus option adjustment) and checks
 * stock; a client price or amount that differs, or stock that is short, is a 409 with a message
 * the buyer can act on. A discount code, when given, is checked and applied here (its use is
 * counted only once the order is paid). The order and its items are written in one transaction.
 */
export async function createOrder(payload: Payload, input: CreateOrderInput): Promise<CreatedOrder> {
  const productIds = [...new Set(input.items.map((i) => i.productId))]
  // Every product of the cart with all its options, in one read.
  const rows = await query<PricingRow>(
    payload,
    sql`SELECT p.id AS product_id, p.name AS product_name, p.price, p.inventory AS product_inventory, p.is_active AS product_active,
        p.preorder_ships_on AS product_ships_on, p.preorder_cap AS product_cap,
        po.id AS option_id, po.name AS option_name, po.value AS option_value, po.price_adjustment,
        po.inventory AS option_inventory, po.is_active AS option_active,
        po.preorder_ships_on AS option_ships_on, po.preorder_cap AS option_cap
      FROM products p LEFT JOIN product_options po ON po.product_id_id = p.id
      WHERE p.id IN (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY po.created_at, po.id`,
  )
  const productById = new Map<string, PricedProduct>()
  const optionById = new Map<string, PricedOption>()
  for (const r of rows) {
    if (!productById.has(r.product_id)) {
      productById.set(r.product_id, {
        id: r.product_id,
        name: r.product_name,
        price: String(r.price),
        inventory: Number(r.product_inventory),
        isActive: r.product_active,
        preorder: publicStock(Number(r.product_inventory), r.product_ships_on, capOf(r.product_cap)).preorder,
      })
    }
    if (r.option_id) {
      optionById.set(r.option_id, {
        id: r.option_id,
        productId: r.product_id,
        name: r.option_name!,
        value: r.option_value!,
        priceAdjustment: String(r.price_adjustment),
        inventory: Number(r.option_inventory),
        isActive: Boolean(r.option_active),
        preorder: publicStock(Number(r.option_inventory), r.option_ships_on, capOf(r.option_cap)).preorder,
      })
    }
  }
  const options = [...optionById.values()]

  const wanted = new Map<string, { available: number; quantity: number; label: string; preorder: boolean }>()
  const lines = input.items.map((item) => {
    const product = productById.get(item.productId)
    if (!product || !product.isActive)
      throw new HttpError(409, 'An item in your cart is no longer available. Please remove it and try again.')
    let option: PricedOption | null = null
    if (item.productOptionId) {
      option = optionById.get(item.productOptionId) ?? null
      if (!option || !option.isActive || option.productId !== product.id) {
        throw new HttpError(
          409,
          `The chosen option of ${product.name} is no longer available. Please choose another one.`,
        )
      }
    } else {
      const choice = options.find((o) => o.isActive && o.productId === product.id)
      if (choice) throw new HttpError(409, `Please choose a ${choice.name.toLowerCase()} for ${product.name}.`)
    }
    const label = option ? `${product.name} (${option.value})` : product.name
    const unitCents = Math.max(0, toCents(product.price) + (option ? toCents(option.priceAdjustment) : 0))
    if (toCents(item.price) !== unitCents) {
      throw new HttpError(
        409,
        `The price of ${label} is now $${formatCents(unitCents)}. Please review your cart and try again.`,
      )
    }
    const key = option ? `o:${option.id}` : `p:${product.id}`
    const stock = option ?? product
    const entry = wanted.get(key) ?? {
      available: sellableUnits(stock.inventory, stock.preorder),
      quantity: 0,
      label,
      preorder: stock.preorder !== null,
    }
    entry.quantity += item.quantity
    wanted.set(key, entry)
    return { item, product, option, unitCents, shipsOn: stock.preorder?.shipsOn ?? null }
  })
  for (const { available, quantity, label, preorder } of wanted.values()) {
    if (available < quantity) {
      throw new HttpError(
        409,
        available <= 0
          ? `Sorry, ${label} is sold out. Please remove it from your cart.`
          : preorder
            ? `Sorry, only ${available} more of ${label} can be pre-ordered. Please lower the quantity.`
            : `Sorry, only ${available} of ${label} ${available === 1 ? 'is' : 'are'} left in stock. Please lower the quantity.`,
      )
    }
  }

  const subtotal = lines.reduce((sum, l) => sum + l.unitCents * l.item.quantity, 0)
  // The zone of the address's country sets the shipping; a country no zone covers, without a
  // rest-of-the-world rate, is not shipped to.
  const country = input.shippingAddress.country
  const rate = shippingCentsFor(await shippingRules(payload), country, subtotal)
  if (rate === null) {
    const message = `Sorry, we don't ship to ${countryName(country)} yet.`
    throw new HttpError(400, message, { 'shippingAddress.country': message })
  }
  const shipping = lines.length > 0 ? rate : 0
  const discount = input.discountCode
    ? await findDiscount(payload, input.discountCode, {
        email: input.customerEmail,
        subtotalCents: subtotal,
        shippingCents: shipping,
        lines: lines.map((l) => ({ productId: l.product.id, cents: l.unitCents * l.item.quantity })),
      })
    : null
  const discountAmount = discount?.cents ?? 0
  const total = subtotal + shipping - discountAmount
  const claimed: [string, number][] = [
    ['subtotal', subtotal],
    ['shipping', shipping],
    ['total', total],
  ]
  for (const [name, cents] of claimed) {
    const given = input[`${name}Amount` as 'subtotalAmount']
    // A page that does not know the discount yet may send the total before it.
    const beforeDiscount =
      name === 'total' && discount && given !== undefined && toCents(given) === cents + discountAmount
    if (given !== undefined && toCents(given) !== cents && !beforeDiscount) {
      throw new HttpError(
        409,
        `The order ${name} is $${formatCents(cents)}, not $${formatCents(toCents(given))}. Please review your cart and try again.`,
      )
    }
  }

  // The order and its items in one statement (so all or nothing); items keep the cart's order.
  const items = lines.map(
    ({ item, product, option, unitCents, shipsOn }, n) =>
      sql`(${n}::int, ${product.id}::uuid, ${option?.id ?? null}::uuid, ${item.quantity}::int, ${formatCents(unitCents)}::numeric,
        ${product.name}::varchar, ${option?.name ?? null}::varchar, ${option?.value ?? null}::varchar,
        ${option ? formatCents(toCents(option.priceAdjustment)) : '0.00'}::numeric, ${shipsOn}::varchar)`,
  )
  const written = await query<{ id: string }>(
    payload,
    sql`WITH new_order AS (
        INSERT INTO orders (customer_email, customer_name, customer_phone, shipping_address, subtotal_amount, shipping_amount, total_amount,
          discount_amount, discount_code_id, discount_code_text, status, stock_taken)
        VALUES (${input.customerEmail}, ${input.customerName}, ${input.customerPhone}, ${JSON.stringify(input.shippingAddress)}::jsonb,
          ${formatCents(subtotal)}::numeric, ${formatCents(shipping)}::numeric, ${formatCents(total)}::numeric,
          ${formatCents(discountAmount)}::numeric, ${discount?.id ?? null}::uuid, ${discount?.code ?? null}, 'pending', false)
        RETURNING id, created_at
      )
      INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_name, option_value,
        price_adjustment, preorder_ships_on, created_at, updated_at)
      SELECT new_order.id, v.product_id, v.option_id, v.quantity, v.price, v.product_name, v.option_name, v.option_value, v.price_adjustment,
        v.ships_on, new_order.created_at + make_interval(secs => v.n * 0.001), new_order.created_at
      FROM new_order, (VALUES ${sql.join(items, sql`, `)}) AS v(n, product_id, option_id, quantity, price, product_name, option_name, option_value, price_adjustment, ships_on)
      RETURNING order_id_id AS id`,
  )
  return {
    id: written[0]!.id,
    status: 'pending',
    subtotalAmount: formatCents(subtotal),
    shippingAmount: formatCents(shipping),
    discountAmount: formatCents(discountAmount),
    discountCode: discount?.code ?? null,
    totalAmount: formatCents(total),
  }
}

type PricingRow = {
  product_id: string
  product_name: string
  price: string
  product_inventory: string
  product_active: boolean
  option_id: string | null
  option_name: string | null
  option_value: string | null
  price_adjustment: string | null
  option_inventory: string | null
  option_active: boolean | null
  product_ships_on: string | null
  product_cap: string | null
  option_ships_on: string | null
  option_cap: string | null
}
const capOf = (cap: string | null) => (cap === null ? null : Number(cap))
type PricedProduct = {
  id: string
  name: string
  price: string
  inventory: number
  isActive: boolean
  preorder: PublicPreorder | null
}
type PricedOption = {
  id: string
  productId: string
  name: string
  value: string
  priceAdjustment: string
  inventory: number
  isActive: boolean
  preorder: PublicPreorder | null
}
