/**
 * A merch-table rush: B buyers race at once for K units of one shirt size through the whole
 * checkout, as the checkout page does it: POST /api/orders, POST /api/checkout/bind,
 * POST /api/paypal/order, POST /api/paypal/order/{id}/capture (built-in test payments).
 *
 *   npm run build && npm run bench:rush                      # its own throwaway database and server
 *   npm run bench:rush -- --buyers 100 --items 10
 *   npm run bench:rush -- --spread-addresses                 # each buyer from its own address
 *   npm run bench:rush -- --warm-up 0                        # race a freshly started server
 *   npm run bench:rush -- --items 100 --discount-uses 10     # every buyer types a 10%-off code good for 10 uses
 *   npm run bench:rush -- --till 5 --till-sales 4           # 5 phones at the merch table sell the same size meanwhile
 *   BENCH_OWNER_EMAIL=… BENCH_OWNER_PASSWORD=… npm run bench:rush -- http://localhost:3000
 *
 * Before the race, --warm-up N (default 5) complete checkouts of another shirt warm the server,
 * as a site that has been serving would be.
 * Against a URL it signs in as that owner (or manager) to create the shirt; the site must take
 * test payments. Prints units sold, stock left, 5xx and 429 answers, wall time, and p50/p99 per
 * step. Exits non-zero when the units sold differ from K, on any 5xx, or when a buyer was turned
 * away by the per-address rate limit (every buyer here comes from one address, like a crowd on
 * the venue's Wi-Fi, so a 429 would mean the race was not run in full).
 * With --discount-uses N every buyer types one code (10% off, N uses): a buyer told at checkout or
 * at payment that the code ran out orders again without it and pays full price; it exits non-zero unless
 * the code was used exactly min(N, K) times (the test provider refuses any payment whose item total,
 * shipping and discount do not add up, which would show as a 5xx).
 * With --till N, N phones at the show's merch table (one till link) sync --till-sales S sales each
 * (default 3) of one shirt of the same size while the web buyers race, every sale sent twice at once
 * as a phone retrying on a weak signal would. The table is never refused for stock: what it sold
 * beyond the shop's stock is flagged. It exits non-zero unless each table sale was recorded once,
 * and the units the web sold plus the table's unflagged units equal exactly the stock there was
 * (no unit sold twice across both channels; oversales only at the table, never on the web).
 */
import { BENCH_OWNER, percentile, signIn, startBenchServer, type BenchServer } from './lib/benchServer'
import { intOption } from './lib/benchOptions'
import { buyer, makeShirt, STEPS, tillPhone, type Outcome, type Step } from './lib/rushBuyers'
import { makeDiscount, makeTill, type Discount, type Team, type Till } from './lib/rushSetup'

const BUYERS = intOption('buyers', 100)
const ITEMS = intOption('items', 10)
/** Complete checkouts of another shirt before the race (0: race a freshly started server). */
const WARM_UP = intOption('warm-up', 5, 0)
/** Each buyer sends its own X-Forwarded-For, as buyers on different networks behind a proxy would. */
const SPREAD = process.argv.includes('--spread-addresses')
/** Uses of the discount code every buyer types (0: no code). */
const DISCOUNT_USES = intOption('discount-uses', 0, 0)
/** Phones at the merch table, and the sales each syncs during the race. */
const TILLS = intOption('till', 0, 0)
const TILL_SALES = intOption('till-sales', 3)
const givenUrl = process.argv.slice(2).find((a) => /^https?:\/\//.test(a)) ?? process.env.BENCH_URL

/** The site to race: the URL given with its owner from the environment, or a throwaway server of its own. */
async function target(): Promise<{
  server: BenchServer | null
  base: string
  owner: { email: string; password: string }
}> {
  const base = givenUrl?.replace(/\/$/, '')
  const owner = { email: process.env.BENCH_OWNER_EMAIL ?? '', password: process.env.BENCH_OWNER_PASSWORD ?? '' }
  if (!base) {
    console.log('Starting a throwaway database and the production server...')
    const server = await startBenchServer()
    return { server, base: server.url, owner: BENCH_OWNER }
  }
  if (!owner.email || !owner.password)
    throw new Error(
      'Against a URL, set BENCH_OWNER_EMAIL and BENCH_OWNER_PASSWORD (an owner or manager) to create the shirt.',
    )
  return { server: null, base, owner }
}

/**
 * A site on the night of a rush has been serving for a while: a few complete checkouts of
 * another shirt first, so the race does not time the first load of each route and code path.
 */
async function warmUp(team: Team, base: string) {
  const warm = WARM_UP > 0 ? await makeShirt(team, 'Warm-up Tee', WARM_UP) : null
  for (let i = 0; warm && i < WARM_UP; i++) {
    const outcome = await buyer(base, warm.productId, warm.optionId, 1_000_000 + i, { spread: SPREAD })
    if (!outcome.paid) throw new Error(`The warm-up checkout ${i + 1} did not complete: ${outcome.statuses.join(', ')}`)
  }
}

/** What the race left: the stock, the statuses, the code's uses and the table's settlement. */
async function tally(
  team: Team,
  shirt: { productId: string; optionId: string },
  outcomes: Outcome[],
  phones: Awaited<ReturnType<typeof tillPhone>>[],
  discount: Discount | null,
  till: Till | null,
) {
  const options = (await (await team(`/api/admin/products/${shirt.productId}/options`)).json()) as {
    id: string
    inventory: number
  }[]
  const all = outcomes.flatMap((o) => o.statuses)
  const discountUses = discount
    ? ((await (await team(`/api/admin/discount-codes/${discount.id}`)).json()) as { uses: number; revenue: string })
    : null
  const table = till
    ? ((await (await team(`/api/admin/shows/${till.showId}/settlement`)).json()) as {
        sales: number
        lines: { productOptionId: string | null; sold: number; oversold: number }[]
      })
    : null
  const tableLine = table?.lines.find((l) => l.productOptionId === shirt.optionId)
  return {
    till,
    left: options.find((o) => o.id === shirt.optionId)?.inventory,
    sold: outcomes.filter((o) => o.paid).length,
    fivexx: all.filter((s) => s >= 500).length,
    limited: all.filter((s) => s === 429).length,
    discountUses,
    tableSales: table?.sales ?? 0,
    tableSold: tableLine?.sold ?? 0,
    tableFlagged: tableLine?.oversold ?? 0,
    tableStatuses: phones.flatMap((p) => p.statuses),
    tableTimes: phones.flatMap((p) => p.times).sort((a, b) => a - b),
  }
}
type Tally = Awaited<ReturnType<typeof tally>>

function printTally(
  t: Tally,
  outcomes: Outcome[],
  wall: number,
  cpu: { before?: CpuMs; after?: CpuMs; buyers: number },
) {
  const { till, sold, tableSold, tableFlagged, tableStatuses, tableTimes, discountUses } = t
  console.log('')
  console.log(`sold          ${sold} of ${ITEMS}${till ? ' on the web' : ''}`)
  if (till) {
    console.log(
      `at the table  ${tableSold} recorded of ${TILLS * TILL_SALES} sales sent twice each (${tableStatuses.filter((s) => s === 201).length} × 201, ${tableStatuses.filter((s) => s === 200).length} × 200), ${tableFlagged} flagged beyond stock`,
    )
    console.log(
      `from stock    ${sold} web + ${tableSold - tableFlagged} table = ${sold + tableSold - tableFlagged} of ${ITEMS}`,
    )
    console.log(
      `table sync    p50 ${percentile(tableTimes, 50).toFixed(0)} ms, p99 ${percentile(tableTimes, 99).toFixed(0)} ms`,
    )
  }
  if (discountUses)
    console.log(`with the code ${discountUses.uses} of ${DISCOUNT_USES} uses (revenue $${discountUses.revenue})`)
  console.log(`stock left    ${t.left}`)
  console.log(`5xx answers   ${t.fivexx}`)
  console.log(`429 answers   ${t.limited}`)
  console.log(`wall time     ${(wall / 1000).toFixed(2)} s`)
  if (cpu.before && cpu.after) {
    console.log(
      `CPU time      web server ${((cpu.after.server - cpu.before.server) / 1000).toFixed(2)} s, database ${((cpu.after.database - cpu.before.database) / 1000).toFixed(2)} s, the buyers (this process, on the same cores) ${(cpu.buyers / 1000).toFixed(2)} s (the machine's load does not change these much)`,
    )
  }
  console.log(`refused at    ${STEPS.map((s) => `${s} ${refusedAt(outcomes, s)}`).join(', ')}`)
  console.log('')
  console.log('step       calls     p50 ms    p99 ms    max ms')
  for (const step of STEPS) {
    const times = outcomes.flatMap((o) => (o.times[step] === undefined ? [] : [o.times[step]!])).sort((a, b) => a - b)
    const row = [
      step.padEnd(8),
      String(times.length).padStart(7),
      ...[50, 99, 100].map((p) => percentile(times, p).toFixed(0).padStart(9)),
    ]
    console.log(row.join(' '))
  }
}

/** One buyer at a time: what each step costs the server on its own, whatever the machine's load. */
async function oneAtATime(team: Team, base: string, productId: string, server: BenchServer | null) {
  const calmOption = await team(`/api/admin/products/${productId}/options`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Size', value: 'L', priceAdjustment: '0.00', inventory: 1000, isActive: true }),
  })
  const calmId = ((await calmOption.json()) as { id: string }).id
  const single: { times: Partial<Record<Step, number>>; cpu: Partial<Record<Step, number>> }[] = []
  for (let n = 0; n < 20; n++) {
    const cpu: Partial<Record<Step, number>> = {}
    const outcome = await buyer(base, productId, calmId, BUYERS + n, {
      spread: SPREAD,
      cpu,
      cpuNow: server ? () => server.cpuMs().server : undefined,
    })
    single.push({ times: outcome.times, cpu })
  }
  console.log('')
  console.log(`one buyer at a time (20 orders)${server ? '' : ' (CPU only with the bench’s own server)'}`)
  console.log('step     median ms   web server CPU ms (mean)')
  for (const step of STEPS) {
    const med = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      )
    const wallMs = med(single.flatMap((o) => (o.times[step] === undefined ? [] : [o.times[step]!])))
    const cpus = single.flatMap((o) => (o.cpu[step] === undefined ? [] : [o.cpu[step]!]))
    const cpuMs = cpus.length ? cpus.reduce((a, b) => a + b, 0) / cpus.length : NaN
    console.log(
      `${step.padEnd(8)} ${wallMs.toFixed(1).padStart(9)}   ${Number.isNaN(cpuMs) ? '-' : cpuMs.toFixed(1).padStart(6)}`,
    )
  }
}

/** How many buyers were stopped at `step`, with each status and message that stopped them: "14 (14 × 409: Sorry, … is sold out …)". */
function refusedAt(outcomes: Outcome[], step: Step): string {
  const stopped = outcomes.filter((o) => o.stoppedAt === step)
  const kinds = new Map<string, number>()
  for (const o of stopped) {
    const kind = `${o.statuses.at(-1)}${o.refusal ? `: ${o.refusal}` : ''}`
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
  }
  const said = [...kinds].map(([kind, n]) => `${n} × ${kind}`)
  return stopped.length === 0 ? '0' : `${stopped.length} (${said.join('; ')})`
}

/** What went wrong: units sold twice or not at all, refused table sales, 5xx, rate-limited buyers, code uses. */
function problemsOf({
  till,
  sold,
  left,
  tableSold,
  tableFlagged,
  tableSales,
  tableStatuses,
  fivexx,
  limited,
  discountUses,
}: Tally) {
  const tableTook = tableSold - tableFlagged
  const demand = BUYERS + TILLS * TILL_SALES
  return [
    !till && sold !== ITEMS && `sold ${sold}, not ${ITEMS}`,
    till &&
      sold + tableTook !== Math.min(ITEMS, demand) &&
      `web ${sold} + table ${tableTook} units is not ${Math.min(ITEMS, demand)}`,
    till && tableSold !== TILLS * TILL_SALES && `the table recorded ${tableSold} sales, not ${TILLS * TILL_SALES}`,
    till && tableSales !== TILLS * TILL_SALES && `the settlement counts ${tableSales} sales, not ${TILLS * TILL_SALES}`,
    till && tableStatuses.some((s) => s !== 200 && s !== 201) && 'a table sale was refused',
    left !== Math.max(0, ITEMS - demand) && `stock left ${left}`,
    fivexx > 0 && `${fivexx} answers were 5xx`,
    limited > 0 && `${limited} buyers were turned away by the per-address rate limit`,
    discountUses &&
      discountUses.uses !== Math.min(DISCOUNT_USES, ITEMS) &&
      `the discount code was used ${discountUses.uses} times, not ${Math.min(DISCOUNT_USES, ITEMS)}`,
  ].filter(Boolean)
}

type CpuMs = ReturnType<BenchServer['cpuMs']>

async function main() {
  const { server, base, owner } = await target()
  try {
    const team = await signIn(base, owner.email, owner.password)
    const shirt = await makeShirt(team, 'Rush Tee', ITEMS)
    const { productId, optionId } = shirt
    await warmUp(team, base)
    const discount = DISCOUNT_USES > 0 ? await makeDiscount(team, DISCOUNT_USES) : null
    const till = TILLS > 0 ? await makeTill(team, TILLS, TILL_SALES) : null
    console.log(
      `${BUYERS} buyers race for ${ITEMS} of ${base}'s shirt (size M), all at once, ${SPREAD ? 'each from its own address' : 'all from one address'}...`,
    )
    const cpuBefore = server?.cpuMs()
    const buyersCpu = process.cpuUsage()
    const started = performance.now()
    // The phones start first: the table was already selling when the web's crowd arrived.
    const [phones, outcomes] = await Promise.all([
      Promise.all(
        Array.from({ length: till ? TILLS : 0 }, () => tillPhone(base, till!.token, productId, optionId, TILL_SALES)),
      ),
      Promise.all(
        Array.from({ length: BUYERS }, (_, n) =>
          buyer(base, productId, optionId, n, { spread: SPREAD, discountCode: discount?.code }),
        ),
      ),
    ])
    const wall = performance.now() - started
    const cpuAfter = server?.cpuMs()
    const { user, system } = process.cpuUsage(buyersCpu)
    const result = await tally(team, shirt, outcomes, phones, discount, till)
    printTally(result, outcomes, wall, { before: cpuBefore, after: cpuAfter, buyers: (user + system) / 1000 })
    await oneAtATime(team, base, productId, server)
    const problems = problemsOf(result)
    if (problems.length > 0) {
      console.error(`\nFAILED: ${problems.join('; ')}`)
      process.exitCode = 1
    }
  } finally {
    await server?.stop()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
