'use client'

import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useState, type FormEvent } from 'react'

import type { CodeBatch } from '@/modules/music/contract/codes'
import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'

import { FormField } from '@/ui/admin/FormField.client'
import { useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'

const codesKey = (releaseId: string) => ['/api/admin/releases', releaseId, 'codes']

/**
 * A release's download codes: its batches with how many codes were redeemed, each exported as CSV
 * for printing; owners and managers make a new batch (1 to 10,000 codes with a label).
 */
export function ReleaseCodes({ releaseId, canWrite }: { releaseId: string; canWrite: boolean }) {
  const query = useQuery<CodeBatch[]>({ queryKey: codesKey(releaseId) })
  return (
    <section aria-labelledby={`codes-${releaseId}`} className="flex flex-col gap-3">
      <h3 id={`codes-${releaseId}`} className="font-heading text-lg font-bold">
        Download codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Each code downloads this release once, redeemed at /redeem. Print them on cards from the CSV.
      </p>
      {canWrite && <NewBatchForm releaseId={releaseId} />}
      <QueryState query={query}>
        {(batches) =>
          batches.length === 0 ? (
            <p className="text-sm text-muted-foreground">No download codes yet.</p>
          ) : (
            <ul aria-label="Code batches" className="flex flex-col gap-2">
              {batches.map((batch) => (
                <li key={batch.id}>
                  <Card className="flex flex-wrap items-center gap-4 p-4">
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">{batch.label}</p>
                      <p className="text-sm text-muted-foreground">
                        {batch.used} of {batch.count} redeemed · made {batch.createdAt.slice(0, 10)}
                      </p>
                    </div>
                    <Button asChild size="sm" variant="outline">
                      <a
                        href={`/api/admin/releases/${releaseId}/codes/${batch.id}.csv`}
                        download
                        aria-label={`Download the codes of ${batch.label} as CSV`}
                      >
                        <Download aria-hidden="true" />
                        CSV
                      </a>
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function NewBatchForm({ releaseId }: { releaseId: string }) {
  const [count, setCount] = useState('100')
  const [label, setLabel] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const make = useAdminMutation({
    mutationFn: (body: { count: string; label: string }) =>
      apiJson<CodeBatch>('POST', `/api/admin/releases/${releaseId}/codes`, body),
    invalidate: [codesKey(releaseId)],
    success: (batch) => ({ title: `${batch.count} codes made` }),
    failure: 'Failed to make the codes',
    onSuccess: () => {
      setErrors({})
      setLabel('')
    },
    onError: (error) => setErrors(error instanceof ApiError ? error.fieldErrors : {}),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    make.mutate({ count, label })
  }
  const id = (field: string) => `codes-${releaseId}-${field}`
  return (
    <form onSubmit={onSubmit} aria-label="Make download codes" className="flex flex-wrap items-end gap-3">
      <FormField id={id('count')} label="How many codes" error={errors.count}>
        <Input
          id={id('count')}
          inputMode="numeric"
          className="w-32"
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
      </FormField>
      <FormField id={id('label')} label="Label" error={errors.label}>
        <Input
          id={id('label')}
          maxLength={100}
          placeholder="Tour cards, spring"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={make.isPending}>
        Make codes
      </Button>
    </form>
  )
}
