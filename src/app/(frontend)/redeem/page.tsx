import type { Metadata } from 'next'

import { REDEEM_ERRORS, type RedeemError } from '@/modules/music/contract/codes'
import { NoticeCard } from '@/ui/NoticeCard'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'

export const metadata: Metadata = { title: 'Redeem a download code', robots: { index: false } }

type Props = { searchParams: Promise<{ code?: string | string[]; error?: string | string[] }> }

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/**
 * A fan types the code from a card or a till's screen (the QR code opens this page with `?code=`)
 * and their email address; a native form, so it works with no script. A refused code comes back
 * here with `?error=` and is said above the form.
 */
export default async function RedeemPage({ searchParams }: Props) {
  const query = await searchParams
  const code = first(query.code).slice(0, 40)
  const errorKey = first(query.error)
  const error = Object.hasOwn(REDEEM_ERRORS, errorKey) ? REDEEM_ERRORS[errorKey as RedeemError] : null
  return (
    <NoticeCard
      title="Redeem a download code"
      description="Enter the code from your card and your email address: we will email you the download link."
    >
      {error && (
        <p role="alert" className="w-full rounded-md border border-red-400 p-3 text-sm text-red-300">
          {error}
        </p>
      )}
      <form method="post" action="/api/redeem" className="flex w-full flex-col gap-3 text-left">
        <label className="flex flex-col gap-1 text-sm">
          Download code
          <Input
            name="code"
            required
            maxLength={40}
            defaultValue={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD-EFGH-JKMN"
            aria-invalid={errorKey === 'invalid' || errorKey === 'used' || errorKey === 'code' ? true : undefined}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Your email address
          <Input
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="email"
            aria-invalid={errorKey === 'email' ? true : undefined}
          />
        </label>
        <Button type="submit">Redeem</Button>
      </form>
    </NoticeCard>
  )
}
