import { type CollectionBeforeOperationHook, type GlobalBeforeOperationHook } from 'payload'

import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '@/lib/storableText'

import { Refusal } from './refusal'

const WRITES = new Set(['create', 'update', 'updateByID'])

/**
 * Data from any path (REST, GraphQL, the Local API) is refused with a 400 before Payload runs:
 * a write whose data is not an object (an empty body, `null`, an array), and text the database
 * cannot store (a NUL character, a lone surrogate), which PostgreSQL would refuse with an error.
 */
function check<A extends { data?: unknown }>(operation: string, args: A, hasFile: boolean): A {
  // A file posted alone (a multipart form without fields) is a record with no data of its own.
  if (args.data === undefined && hasFile) return { ...args, data: {} }
  const { data } = args
  if (WRITES.has(operation) && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    throw new Refusal('invalid', 'Send the record as a JSON object.')
  }
  const path = unstorableTextPath(data)
  if (path !== null) throw new Refusal('invalid', `${path || 'The body'}: ${UNSTORABLE_TEXT_MESSAGE}`)
  return args
}

export const refuseUnreadableInput: CollectionBeforeOperationHook = ({ args, operation, req }) =>
  check(operation, args as { data?: unknown }, Boolean(req.file)) as typeof args

export const refuseUnreadableGlobalInput: GlobalBeforeOperationHook = ({ args, operation }) =>
  check(operation, (args ?? {}) as { data?: unknown }, false)
