import type { CollectionAfterDeleteHook, CollectionBeforeDeleteHook } from 'payload'

import { poolOf } from '@/platform/jobs/advisoryLock'
import { objectStore } from '@/platform/storage'
import { renditionKeys } from '@/modules/music/server/renditions'

/** Where a release being deleted keeps its tracks' file keys until the delete has happened (one per release: a bulk delete runs the hooks of its releases side by side). */
const filesOf = (id: string | number) => `releaseTrackFiles:${id}`

/**
 * A deleted release takes its files with it: each track's master and renditions, and its download
 * zips. The rows go with the release (the foreign keys cascade); the keys are read before, and the
 * files removed only once the release is gone, so a refused delete keeps them.
 */
export const collectReleaseFiles: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { rows } = await poolOf(req.payload).query<{ id: string; masterKey: string }>(
    `SELECT id, master_key AS "masterKey" FROM tracks WHERE release_id = $1`,
    [String(id)],
  )
  const { rows: zips } = await poolOf(req.payload).query<{ key: string }>(
    `SELECT storage_key AS key FROM release_zips WHERE release_id = $1`,
    [String(id)],
  )
  req.context[filesOf(id)] = [
    ...rows.flatMap((track) => [track.masterKey, ...renditionKeys(track.id)]),
    ...zips.map((zip) => zip.key),
  ]
}

export const deleteReleaseFiles: CollectionAfterDeleteHook = async ({ id, req }) => {
  const keys = (req.context[filesOf(id)] as string[] | undefined) ?? []
  delete req.context[filesOf(id)]
  const store = objectStore()
  await Promise.all(keys.map((key) => store.delete(key)))
}
