import { openDB, type DBSchema, type IDBPDatabase } from 'idb'

import type { CatalogItem, TillCatalog } from '@/modules/merchTable/contract/till'

/**
 * What the till keeps on the phone (IndexedDB), so it rings up sales with no network and loses
 * none: every sale with its state, and the last catalogue each link loaded.
 */

export type SaleItem =
  | { productId: string; productOptionId: string | null; quantity: number; unitPrice: string }
  | { releaseId: string; quantity: number; unitPrice: string; codes: string[] }
export type SaleBody = {
  id: string
  at: string
  items: SaleItem[]
  payment: 'cash' | 'card'
  discount?: { amount: string; reason: string }
  comp?: { reason: string }
}
export type LocalSale = {
  id: string
  token: string
  body: SaleBody
  /** Names of the lines, as the till showed them. */
  titles: string[]
  total: string
  /** waiting: not yet recorded by the band's site; synced: recorded; refused: the site said no (message). */
  state: 'waiting' | 'synced' | 'refused'
  message?: string
  /** Voided on the phone; `voidSynced` once the site recorded the void. */
  voided?: { reason: string | null; at: string }
  voidSynced?: boolean
  flagged?: boolean
  /**
   * The catalogue shown has this sale's units taken out: the site had recorded it (and not its
   * void) when the catalogue was read.
   */
  counted?: boolean
}
export type { CatalogItem }
export type Catalog = TillCatalog

interface TillDb extends DBSchema {
  sales: { key: string; value: LocalSale; indexes: { token: string } }
  catalogs: { key: string; value: { token: string; catalog: Catalog; savedAt: string } }
}

let db: Promise<IDBPDatabase<TillDb>> | null = null

function open() {
  db ??= openDB<TillDb>('merch-till', 1, {
    upgrade(database) {
      const sales = database.createObjectStore('sales', { keyPath: 'id' })
      sales.createIndex('token', 'token')
      database.createObjectStore('catalogs', { keyPath: 'token' })
    },
  })
  return db
}

export async function salesOf(token: string): Promise<LocalSale[]> {
  const all = await (await open()).getAllFromIndex('sales', 'token', token)
  return all.sort((a, b) => b.body.at.localeCompare(a.body.at))
}

export async function putSale(sale: LocalSale): Promise<void> {
  await (await open()).put('sales', sale)
}

export async function savedCatalog(token: string): Promise<Catalog | null> {
  return (await (await open()).get('catalogs', token))?.catalog ?? null
}

export async function saveCatalog(token: string, catalog: Catalog): Promise<void> {
  await (await open()).put('catalogs', { token, catalog, savedAt: new Date().toISOString() })
}
