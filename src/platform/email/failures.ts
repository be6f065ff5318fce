import 'server-only'

import type { Where } from 'payload'

import { notFound } from '@/platform/errors'
import { sendEmailTask } from './sendEmailTask'
import { payloadClient } from '@/platform/db/payload'

/** An email the queue gave up on after its last retry, as the owner sees it. */
export type FailedEmail = {
  id: string
  to: string
  subject: string
  attempts: number
  error: string
  failedAt: string | null
}

const NOT_FOUND = 'Failed email not found'
const failedEmails: { and: Where[] } = {
  and: [{ taskSlug: { equals: sendEmailTask.slug } }, { hasError: { equals: true } }],
}

type JobDoc = {
  id: string | number
  input?: { to?: string; subject?: string } | null
  totalTried?: number | null
  error?: unknown
  updatedAt?: string
}

function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message)
  return 'The mail server refused it or could not be reached.'
}

/** Emails that ran out of retries, newest first. They stay until the owner retries or dismisses them. */
export async function listFailedEmails(): Promise<FailedEmail[]> {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: failedEmails,
    sort: '-updatedAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return (docs as unknown as JobDoc[]).map((job) => ({
    id: String(job.id),
    to: job.input?.to ?? '',
    subject: job.input?.subject ?? '',
    attempts: job.totalTried ?? 0,
    error: errorMessage(job.error),
    failedAt: job.updatedAt ?? null,
  }))
}

async function findFailed(id: string): Promise<void> {
  const payload = await payloadClient()
  const { totalDocs } = await payload.count({
    collection: 'payload-jobs',
    where: { and: [...failedEmails.and, { id: { equals: id } }] },
    overrideAccess: true,
  })
  if (!totalDocs) throw notFound(NOT_FOUND)
}

/** Puts a failed email back in the queue with a fresh set of retries. */
export async function retryFailedEmail(id: string): Promise<void> {
  await findFailed(id)
  const payload = await payloadClient()
  await payload.update({
    collection: 'payload-jobs',
    id,
    data: { hasError: false, error: null, totalTried: 0, processing: false, waitUntil: null, log: [] } as never,
    overrideAccess: true,
  })
}

/** Forgets a failed email (and the customer address it held). */
export async function dismissFailedEmail(id: string): Promise<void> {
  await findFailed(id)
  const payload = await payloadClient()
  await payload.delete({ collection: 'payload-jobs', id, overrideAccess: true })
}
