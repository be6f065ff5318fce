import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { amountsOf, taxAmountsOf } from '@/modules/shop/contract/cartPrice'
import type { CreatedOrder } from '@/modules/shop/contract/orderStatus'
import { DIGITAL_CONSENT, isReleaseLine, type CreateOrderInput } from '@/modules/shop/contract/checkout'
import { countryName } from '@/lib/countries'
import { formatCents, toCents } from '@/lib/money'
import { conflict, invalid } from '@/platform/errors'
import { query } from '@/platform/db/transaction'
import { writeTogether } from '@/platform/db/writeTogether'

import { quoteCart } from './pricing'

type SQL = ReturnType<typeof sql>
/** An order's row and its items' rows. */
type NewOrder = { payload: Payload; order: SQL; items: SQL[] }

/**
 * Orders placed at once (a rush) are written together: the orders and all their items in one
 * statement, so each order is all or nothing, and an order that cannot be written fails alone
 * (`writeTogether`). Items keep the cart's order. At most 50 orders a statement: an order of many
 * lines takes a few hundred of a statement's 65,535 parameters.
 */
const insertOrders = writeTogether(
  async (orders: NewOrder[]): Promise<null[]> => {
    await query(
      orders[0]!.payload,
      sql`WITH new_orders AS (
        INSERT INTO orders (id, customer_email, customer_name, customer_phone, shipping_address, subtotal_amount, shipping_amount, total_amount,
          discount_amount, discount_code_id, discount_code_text, tax_amount, tax_lines, prices_include_tax, status, stock_taken,
          digital_consent, digital_consent_at)
        VALUES ${sql.join(
          orders.map((o) => o.order),
          sql`, `,
        )}
        RETURNING id, created_at
      )
      INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_name, option_value,
        price_adjustment, preorder_ships_on, release_id, created_at, updated_at)
      SELECT o.id, v.product_id, v.option_id, v.quantity, v.price, v.product_name, v.option_name, v.option_value, v.price_adjustment,
        v.ships_on, v.release_id, o.created_at + make_interval(secs => v.n * 0.001), o.created_at
      FROM new_orders o JOIN (VALUES ${sql.join(
        orders.flatMap((o) => o.items),
        sql`, `,
      )}) AS v(order_id, n, product_id, option_id, quantity, price, product_name, option_name, option_value, price_adjustment, ships_on, release_id)
        ON v.order_id = o.id`,
    )
    return orders.map(() => null)
  },
  { most: 50 },
)

/**
 * Places a pending order at the cart's quote (`quoteCart`). A country the shop does not ship to is
 * a 400 on the country; amounts the page sends (the quote it showed) that differ from the quote
 * now are a 409, so nobody pays another price than the one shown. An order with a release needs
 * the buyer's request for immediate delivery (`digitalConsent`), kept with its time; without it,
 * a 400 with DIGITAL_CONSENT. The order and its items are written in one statement (with the
 * orders placed at the same moment, `insertOrders`). A discount code's use is counted only once
 * the order is paid.
 */
export async function createOrder(payload: Payload, input: CreateOrderInput): Promise<CreatedOrder> {
  const digital = input.items.some(isReleaseLine)
  if (digital && input.digitalConsent !== true) throw invalid(DIGITAL_CONSENT, { digitalConsent: DIGITAL_CONSENT })
  const address = input.shippingAddress
  const country = address.country
  const quote = await quoteCart(payload, {
    items: input.items,
    country,
    state: 'state' in address ? address.state : undefined,
    discountCode: input.discountCode,
    email: input.customerEmail,
  })
  const { lines, price, discount } = quote
  if (!price.shipsToCountry) {
    const message = `Sorry, we don't ship to ${countryName(country)} yet.`
    throw invalid(message, { 'shippingAddress.country': message })
  }
  const subtotal = price.subtotalCents
  const shipping = price.shippingCents
  const discountAmount = price.discountCents
  const total = price.totalCents
  const claimed: [string, number][] = [
    ['subtotal', subtotal],
    ['shipping', shipping],
    ['total', total],
  ]
  for (const [name, cents] of claimed) {
    const given = input[`${name}Amount` as 'subtotalAmount']
    if (given !== undefined && toCents(given) !== cents) {
      throw conflict(
        `The order ${name} is $${formatCents(cents)}, not $${formatCents(toCents(given))}. Please review your cart and try again.`,
      )
    }
  }

  const id = crypto.randomUUID()
  await insertOrders('orders', {
    payload,
    order: sql`(${id}::uuid, ${input.customerEmail}, ${input.customerName}, ${input.customerPhone}, ${JSON.stringify(address)}::jsonb,
      ${formatCents(subtotal)}::numeric, ${formatCents(shipping)}::numeric, ${formatCents(total)}::numeric,
      ${formatCents(discountAmount)}::numeric, ${discount?.id ?? null}::uuid, ${discount?.code ?? null},
      ${formatCents(price.taxCents)}::numeric, ${JSON.stringify(taxAmountsOf(price).taxLines)}::jsonb, ${price.pricesIncludeTax},
      'pending', false, ${digital}, ${digital ? sql`now()` : sql`NULL::timestamptz`})`,
    items: lines.map((line, n) => {
      if (line.release)
        return sql`(${id}::uuid, ${n}::int, NULL::uuid, NULL::uuid, 1::int, ${formatCents(line.unitCents)}::numeric,
          ${line.release.title}::varchar, NULL::varchar, NULL::varchar, 0::numeric, NULL::varchar, ${line.release.id}::uuid)`
      const { item, product, option, unitCents, shipsOn } = line
      return sql`(${id}::uuid, ${n}::int, ${product.id}::uuid, ${option?.id ?? null}::uuid, ${item.quantity}::int, ${formatCents(unitCents)}::numeric,
          ${product.name}::varchar, ${option?.name ?? null}::varchar, ${option?.value ?? null}::varchar,
          ${option ? formatCents(toCents(option.priceAdjustment)) : '0.00'}::numeric, ${shipsOn}::varchar, NULL::uuid)`
    }),
  })
  return {
    id,
    status: 'pending',
    ...amountsOf(price, discount?.code ?? null),
    // Only a taxed order answers its tax, so an order without tax answers as it always did.
    ...(price.taxLines.length > 0 ? taxAmountsOf(price) : {}),
  }
}
