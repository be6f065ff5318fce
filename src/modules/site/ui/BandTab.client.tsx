'use client'

import { useQuery } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent } from '@/ui/card'
import { Textarea } from '@/ui/textarea'
import { apiJson } from '@/ui/api-client'
import { bandProfileSchema } from '@/modules/site/contract/bandProfile'

import { DashboardHeader } from '@/ui/admin/DashboardHeader.client'
import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { FormField } from '@/ui/admin/FormField.client'
import { ImageField } from '@/ui/admin/ImageUpload.client'
import { useChosenImages } from '@/ui/admin/useChosenImages'
import { TIME_ZONE_LIST, TimeZoneNames } from '@/ui/admin/TimeZoneNames.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'
import { RecordDialog, useRecordForm } from '@/ui/admin/RecordDialog.client'
import type { BandProfile } from '@/modules/site/contract/types'

type Form = {
  name: string
  genre: string
  location: string
  bio: string
  profileImageUrl: string | null
  timeZone: string
}

const formOf = (p: BandProfile | null | undefined): Form => ({
  name: p?.name ?? '',
  genre: p?.genre ?? '',
  location: p?.location ?? '',
  bio: p?.bio ?? '',
  profileImageUrl: p?.profileImageUrl ?? null,
  timeZone: p?.timeZone ?? '',
})

export function BandTab() {
  const { canEdit } = useDashboard()
  const profile = useQuery<BandProfile | null>({ queryKey: KEYS.bandProfile })
  const [open, setOpen] = useState(false)

  return (
    <>
      <DashboardHeader
        title="Band Profile"
        action={
          canEdit && (
            <Button onClick={() => setOpen(true)} disabled={profile.isLoading}>
              <Pencil aria-hidden="true" />
              Edit Profile
            </Button>
          )
        }
      />
      <QueryState query={profile}>
        {(data) =>
          data ? (
            <Card>
              <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-start sm:pt-6">
                {data.profileImageUrl && (
                  <img
                    src={data.profileImageUrl}
                    alt={`${data.name} profile`}
                    className="size-32 rounded-lg border border-border object-cover"
                  />
                )}
                <div className="grid gap-2">
                  <h2 className="font-heading text-2xl font-bold">{data.name}</h2>
                  {(data.genre || data.location) && (
                    <p className="text-muted-foreground">{[data.genre, data.location].filter(Boolean).join(' • ')}</p>
                  )}
                  {data.bio && <p className="whitespace-pre-line">{data.bio}</p>}
                  <p className="text-sm text-muted-foreground">
                    Shows&apos; time zone: {data.timeZone ?? "the server's default"}
                  </p>
                </div>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">
                No band profile created yet. Click &quot;Edit Profile&quot; to get started.
              </CardContent>
            </Card>
          )
        }
      </QueryState>
      {open && (
        <BandProfileDialog
          key={profile.data?.updatedAt ?? 'new'}
          profile={profile.data ?? null}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

function BandProfileDialog({ profile, onClose }: { profile: BandProfile | null; onClose: () => void }) {
  const save = useAdminMutation({
    mutationFn: (data: unknown) => apiJson<BandProfile>('PUT', '/api/admin/band-profile', data),
    // Shows without a time zone of their own follow the band's.
    invalidate: [KEYS.bandProfile, KEYS.shows],
    success: 'Band profile updated successfully',
    failure: 'Failed to update band profile',
    onSuccess: onClose,
  })
  const images = useChosenImages('profileImageUrl')
  const { form, set, errors, submit, text } = useRecordForm(
    formOf(profile),
    bandProfileSchema,
    async (data) => {
      const uploaded = await images.uploadChosen()
      if (uploaded) save.mutate({ ...data, ...uploaded, updatedAt: profile?.updatedAt ?? null })
    },
    'band',
  )

  return (
    <RecordDialog
      title="Edit Band Profile"
      description="The name, details and picture shown at the top of the public page."
      submitLabel="Save Profile"
      pending={save.isPending || images.uploading}
      pendingLabel={images.uploading ? 'Uploading...' : undefined}
      onSubmit={submit}
      onClose={onClose}
    >
      {text('name', 'Band Name')}
      {text('genre', 'Genre')}
      {text('location', 'Location')}
      <FormField id="band-bio" label="Bio" error={errors.bio}>
        <Textarea id="band-bio" rows={5} value={form.bio} onChange={(e) => set('bio', e.target.value)} />
      </FormField>
      <ImageField
        label="Profile Image"
        noun="profile"
        target="band-profile"
        value={form.profileImageUrl}
        onChange={(path) => set('profileImageUrl', path)}
        chosen={images.ref('profileImageUrl')}
      />
      {text('timeZone', 'Time zone of your shows', {
        placeholder: 'e.g. America/Los_Angeles',
        list: TIME_ZONE_LIST,
        autoComplete: 'off',
      })}
      <p className="-mt-2 text-sm text-muted-foreground">
        Shows start in this time zone unless they name their own, also when you change it later; search engines and
        calendars read their start times in it.
      </p>
      <TimeZoneNames />
    </RecordDialog>
  )
}
