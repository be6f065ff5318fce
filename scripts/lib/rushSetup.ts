/** What the rush bench creates through the team API before the race: a discount code and a till link. */

export type Team = (path: string, init?: RequestInit) => Promise<Response>
export type Till = { showId: string; token: string }
export type Discount = { id: string; code: string }

/** The code every buyer types, 10% off with `uses` uses. */
export async function makeDiscount(team: Team, uses: number): Promise<Discount> {
  const made = await team('/api/admin/discount-codes', {
    method: 'POST',
    body: JSON.stringify({
      code: `RUSH${Date.now().toString(36)}`,
      kind: 'percent',
      value: 10,
      maxUses: uses,
    }),
  })
  if (made.status !== 201) throw new Error(`Creating the discount code failed: ${made.status} ${await made.text()}`)
  const discount = (await made.json()) as Discount
  console.log(`Every buyer types the discount code ${discount.code} (10% off, ${uses} uses).`)
  return discount
}

/** Tonight's show and one till link for its merch table, where `phones` phones sync `sales` sales each. */
export async function makeTill(team: Team, phones: number, sales: number): Promise<Till> {
  const show = await team('/api/admin/shows', {
    method: 'POST',
    body: JSON.stringify({
      title: 'Rush Night',
      venue: 'The Basement',
      date: new Date().toISOString().slice(0, 10),
    }),
  })
  if (show.status !== 201) throw new Error(`Creating the show failed: ${show.status} ${await show.text()}`)
  const showId = ((await show.json()) as { id: string }).id
  const link = await team(`/api/admin/shows/${showId}/tills`, { method: 'POST', body: '{}' })
  if (link.status !== 201) throw new Error(`Creating the till link failed: ${link.status} ${await link.text()}`)
  console.log(`${phones} phones at the merch table sync ${sales} sales each of the same size meanwhile.`)
  return { showId, token: ((await link.json()) as { token: string }).token }
}
