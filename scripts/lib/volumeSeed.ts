import type pg from 'pg'

export type VolumeCounts = { orders: number; subscribers: number; products: number }

const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Riley',
  'Casey',
  'Jamie',
  'Avery',
  'Quinn',
  'Robin',
  'Drew',
  'Charlie',
  'Emerson',
  'Harper',
  'Rowan',
  'Sky',
  'Noa',
  'Lena',
  'Marco',
]
const LAST = [
  'Smith',
  'Garcia',
  'Nguyen',
  'Müller',
  'Okafor',
  'Rossi',
  'Kowalski',
  'Silva',
  'Kim',
  'Johansson',
  'Dubois',
  'Novak',
  'Haddad',
  'Ivanova',
  'Brown',
  "O'Neil",
  'Tanaka',
  'Lopez',
  'Fischer',
  'Patel',
]
const ITEMS = [
  'Tour Tee',
  'Logo Hoodie',
  'Vinyl LP',
  'Poster',
  'Snapback Cap',
  'Tote Bag',
  'Enamel Pin',
  'Sticker Pack',
  'Beanie',
  'CD',
  'Long Sleeve',
  'Zip Hoodie',
  'Cassette',
  'Patch',
  'Bandana',
  'Mug',
  'Tank Top',
  'Socks',
  'Lanyard',
  'Photo Book',
]
const WORN = new Set([
  'Tour Tee',
  'Logo Hoodie',
  'Long Sleeve',
  'Zip Hoodie',
  'Tank Top',
  'Beanie',
  'Snapback Cap',
  'Socks',
])
const EDITIONS = [
  'Spring',
  'Summer',
  'Autumn',
  'Winter',
  'Festival',
  'Anniversary',
  'Acoustic',
  'Live',
  'Deluxe',
  'Classic',
]
const CITIES = [
  ['Portland', 'OR', '97201'],
  ['Austin', 'TX', '73301'],
  ['Chicago', 'IL', '60601'],
  ['Denver', 'CO', '80201'],
  ['Seattle', 'WA', '98101'],
  ['Boston', 'MA', '02108'],
  ['Nashville', 'TN', '37201'],
  ['Atlanta', 'GA', '30301'],
]

const array = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`

/** Products of every item and edition, named with this run's tag; the apparel with size options. */
async function seedProducts(client: pg.ClientBase, products: number, run: string) {
  await client.query(
    `INSERT INTO products (name, description, price, category, inventory, is_active, is_featured, created_at, updated_at)
     SELECT e.edition || ' ' || i.item || ' ' || $2 || '-' || g, 'A ' || lower(i.item) || ' from the ' || lower(e.edition) || ' run.',
       (12 + (g * 7) % 40)::numeric(10,2) + CASE WHEN g % 3 = 0 THEN 0.99 ELSE 0 END,
       CASE WHEN i.item = ANY(${array([...WORN])}) THEN 'Apparel' WHEN i.item IN ('Vinyl LP', 'CD', 'Cassette') THEN 'Music' ELSE 'Accessories' END,
       (g * 13) % 80, g % 17 <> 0, g % 25 = 0, now() - make_interval(days => 730 - g), now()
     FROM generate_series(1, $1::int) AS g,
       LATERAL (SELECT (${array(ITEMS)})[1 + g % ${ITEMS.length}] AS item) i,
       LATERAL (SELECT (${array(EDITIONS)})[1 + (g / ${ITEMS.length}) % ${EDITIONS.length}] AS edition) e`,
    [products, run],
  )
  await client.query(
    `CREATE TEMP TABLE vol_products ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY id) AS n, id, name, price FROM products WHERE name LIKE '% ' || $1 || '-%'`,
    [run],
  )
  await client.query(
    `INSERT INTO product_options (product_id_id, name, value, price_adjustment, inventory, is_active, created_at, updated_at)
     SELECT p.id, 'Size', s.size, CASE WHEN s.size = 'XXL' THEN 2 ELSE 0 END, (p.n * 7 + s.k * 11) % 60, s.size <> 'XS' OR p.n % 2 = 0, now(), now()
     FROM vol_products p JOIN products pr ON pr.id = p.id AND pr.category = 'Apparel',
       unnest(ARRAY['XS', 'S', 'M', 'L', 'XL', 'XXL']) WITH ORDINALITY AS s(size, k)`,
  )
}

/** Orders of 1–3 items of the run's products, their items' prices and names as at the time. */
async function seedOrders(client: pg.ClientBase, counts: VolumeCounts) {
  // Orders spread over two years, a quarter of them in the last 30 days.
  await client.query(
    `CREATE TEMP TABLE vol_orders ON COMMIT DROP AS
     SELECT gen_random_uuid() AS id, g,
       CASE WHEN g % 4 = 0 THEN now() - random() * interval '30 days' ELSE now() - interval '30 days' - random() * interval '700 days' END AS created_at,
       1 + floor(random() * 3)::int AS lines, random() AS r,
       (${array(FIRST)})[1 + floor(random() * ${FIRST.length})::int] AS first_name,
       (${array(LAST)})[1 + floor(random() * ${LAST.length})::int] AS last_name,
       1 + floor(random() * ${CITIES.length})::int AS city
     FROM generate_series(1, $1::int) AS g`,
    [counts.orders],
  )
  await client.query(
    `CREATE TEMP TABLE vol_items ON COMMIT DROP AS
     SELECT o.id AS order_id, o.created_at + make_interval(secs => k * 0.001) AS created_at, p.id AS product_id, p.name AS product_name, p.price,
       opt.id AS option_id, opt.name AS option_name, opt.value AS option_value, COALESCE(opt.price_adjustment, 0) AS price_adjustment,
       1 + floor(random() * random() * 3)::int AS quantity
     FROM vol_orders o
     CROSS JOIN LATERAL generate_series(1, o.lines) AS k
     CROSS JOIN LATERAL (SELECT 1 + floor(random() * $1::int)::int + 0 * k + 0 * o.g AS pick) r
     JOIN vol_products p ON p.n = r.pick
     LEFT JOIN LATERAL (SELECT * FROM product_options po WHERE po.product_id_id = p.id ORDER BY random() + 0 * k LIMIT 1) opt ON TRUE`,
    [counts.products],
  )
  await client.query(
    `INSERT INTO orders (id, customer_email, customer_name, customer_phone, subtotal_amount, shipping_amount, total_amount, status,
       paypal_order_id, paypal_capture_id, payment_provider, shipping_address, failure_reason, stock_taken, checkout_bound_at, paid_at, created_at, updated_at)
     SELECT o.id, lower(o.first_name || '.' || replace(o.last_name, '''', '') || o.g || '@example.com'), o.first_name || ' ' || o.last_name,
       '555-' || lpad((o.g % 1000)::text, 3, '0') || '-' || lpad((o.g % 10000)::text, 4, '0'),
       t.subtotal, 5, t.subtotal + 5, s.status,
       'TEST-VOL-' || o.id, CASE WHEN s.status IN ('paid', 'shipped', 'completed', 'refunded') THEN 'TESTCAP-VOL-' || o.id END, 'test',
       jsonb_build_object('street', (o.g % 900 + 100) || ' Main Street', 'city', (c.city)[1], 'state', (c.city)[2], 'zipCode', (c.city)[3], 'country', 'US'),
       CASE s.status WHEN 'failed' THEN 'payment declined' WHEN 'refunded' THEN 'refunded by the band' END,
       s.status IN ('paid', 'shipped', 'completed'), o.created_at,
       CASE WHEN s.status IN ('paid', 'shipped', 'completed', 'refunded') THEN o.created_at + interval '1 minute' END,
       o.created_at, o.created_at + interval '1 minute'
     FROM vol_orders o
     JOIN (SELECT order_id, sum((price + price_adjustment) * quantity) AS subtotal FROM vol_items GROUP BY order_id) t ON t.order_id = o.id,
       LATERAL (SELECT CASE
         WHEN o.r < 0.08 THEN 'pending' WHEN o.r < 0.16 THEN 'failed' WHEN o.r < 0.20 THEN 'refunded'
         WHEN o.created_at > now() - interval '7 days' THEN 'paid'
         WHEN o.created_at > now() - interval '30 days' AND o.r < 0.6 THEN 'shipped'
         ELSE 'completed' END::enum_orders_status AS status) s,
       LATERAL (SELECT ARRAY[(${array(CITIES.map((c) => c[0]!))})[o.city], (${array(CITIES.map((c) => c[1]!))})[o.city], (${array(CITIES.map((c) => c[2]!))})[o.city]] AS city) c`,
  )
  await client.query(
    `INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_name, option_value, price_adjustment, created_at, updated_at)
     SELECT order_id, product_id, option_id, quantity, price + price_adjustment, product_name, option_name, option_value, price_adjustment, created_at, created_at
     FROM vol_items`,
  )
}

async function seedSubscribers(client: pg.ClientBase, subscribers: number, run: string) {
  await client.query(
    `INSERT INTO subscribers (email, is_active, created_at, updated_at)
     SELECT 'fan' || g || '.' || $2 || '@' || (ARRAY['example.com', 'example.org', 'example.net'])[1 + g % 3], g % 11 <> 0,
       now() - random() * interval '730 days', now()
     FROM generate_series(1, $1::int) AS g
     ON CONFLICT DO NOTHING`,
    [subscribers, run],
  )
}

/**
 * Fills a migrated database with years of shop history through set-based inserts: products with
 * size options, orders of 1–3 items spread over the past two years (mostly settled, some pending,
 * failed or refunded, a busier last month), and newsletter subscribers. Amounts add up: each
 * item's price is its product's price plus its option's adjustment, shipping 5.00.
 */
export async function seedVolume(client: pg.ClientBase, counts: VolumeCounts): Promise<void> {
  const run = Date.now().toString(36)
  await client.query('BEGIN')
  try {
    await seedProducts(client, counts.products, run)
    await seedOrders(client, counts)
    await seedSubscribers(client, counts.subscribers, run)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
  await client.query('ANALYZE products, product_options, orders, order_items, subscribers')
}
