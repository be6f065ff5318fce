import path from 'node:path'

/** Local state (embedded database, uploads, mail drops, generated secret) lives under .data/. */
export const dataDir = () => path.resolve(process.env.DATA_DIR ?? path.join(process.cwd(), '.data'))

export const uploadDir = () => path.join(dataDir(), 'uploads')
