import type { Access } from 'payload'

/** Only trusted server code (Local API with overrideAccess) may do this. */
export const nobody: Access = () => false
