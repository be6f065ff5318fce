/** One order's packing slip: the order, the lines of the address to ship to, and its items. */
export type PackingSlip = {
  orderId: string
  /** The name, street, "city, state, zip" and (outside the US) country that are present. */
  addressLines: string[]
  items: { name: string | null; option: string | null; value: string | null; quantity: number }[]
}

/** The packing slips to print, with the band's name (null when it has none yet). */
export type PackingSlips = { bandName: string | null; slips: PackingSlip[] }
