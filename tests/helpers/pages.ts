import { expect } from 'vitest'

import type { Client } from './http'

/** The address of the next page a paged list answers in its Link header, or null on the last page. */
export const nextLink = (res: Response) => /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null

/** Follows the Link headers from `first` to the last page, returning every page's ids in order. */
export async function readAll(client: Client, first: string, between?: () => Promise<void>): Promise<string[][]> {
  const pages: string[][] = []
  let url: string | null = first
  while (url) {
    const res = await client.get(url)
    expect(res.status).toBe(200)
    pages.push(((await res.json()) as { id: string }[]).map((o) => o.id))
    url = nextLink(res)
    if (url && between) await between()
  }
  return pages
}
