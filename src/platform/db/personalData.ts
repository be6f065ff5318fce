import type { Tx } from './transaction'

/** One record a source holds for an email address, as the owner and the person it is about read it. */
export type PersonalRecord = Record<string, unknown>

/**
 * Where a module keeps personal data keyed by an email address. The privacy module asks every
 * source (listed in src/modules/privacy/server/sources.ts) to find what it holds for an address
 * and, in one transaction, to erase it. `email` is lowercased; sources match case-insensitively.
 */
export type PersonalDataSource = {
  /** The list's name in the privacy answer and in the erasure's counts, e.g. `orders`. */
  key: string
  find: (tx: Tx, email: string) => Promise<PersonalRecord[]>
  /** Deletes (or anonymises, where the law keeps the record) what it holds; answers how many records. */
  erase: (tx: Tx, email: string) => Promise<number>
}
