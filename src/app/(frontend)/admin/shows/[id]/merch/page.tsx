import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { notFound, redirect } from 'next/navigation'

import { canEdit, roleOf } from '@/platform/access/roles'
import { MerchTable } from '@/modules/merchTable/ui/MerchTable.client'
import { isUuid } from '@/lib/ids'
import { isDomainError } from '@/platform/errors'
import { merchItems, settlement } from '@/modules/merchTable/server/settlement'
import { defaultTillExpiry, findShow, listTills } from '@/modules/merchTable/server/tills'
import { payloadClient } from '@/platform/db/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Merch table', robots: { index: false, follow: false } }

/**
 * A show's merch table (team): its till links, the box's count-in and count-out, the venue's cut
 * and the settlement. Owners and managers change them; viewers read.
 */
export default async function MerchTablePage({ params }: { params: Promise<{ id: string }> }) {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  if (!user || user.collection !== 'users' || roleOf(user) === null) redirect('/api/login')
  const { id } = await params
  if (!isUuid(id)) notFound()
  const show = await findShow(id.toLowerCase()).catch((error: unknown) => {
    if (isDomainError(error, 'notFound')) notFound()
    throw error
  })
  const [tills, settled, items] = await Promise.all([listTills(show.id), settlement(show.id), merchItems()])
  return (
    <MerchTable
      show={show}
      tills={tills}
      settlement={settled}
      items={items}
      defaultExpiry={defaultTillExpiry(show)}
      canEdit={canEdit(user)}
    />
  )
}
