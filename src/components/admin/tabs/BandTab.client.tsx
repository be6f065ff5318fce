'use client'

import { useQuery } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.client'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { apiJson } from '@/lib/api-client'
import { bandProfileSchema } from '@/lib/schemas/bandProfile'

import { DashboardHeader } from '../DashboardHeader.client'
import { useDashboard } from '../DashboardContext.client'
import { FormField, issuesByField } from '../FormField.client'
import { CurrentImage, ImageUpload } from '../ImageUpload.client'
import { KEYS, useAdminMutation } from '../mutations.client'
import { QueryState } from '../QueryState.client'
import type { BandProfile } from '../types'

type Form = { name: string; genre: string; location: string; bio: string; profileImageUrl: string | null }

const formOf = (p: BandProfile | null | undefined): Form => ({
  name: p?.name ?? '',
  genre: p?.genre ?? '',
  location: p?.location ?? '',
  bio: p?.bio ?? '',
  profileImageUrl: p?.profileImageUrl ?? null,
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
  const [form, setForm] = useState<Form>(() => formOf(profile))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (data: unknown) => apiJson<BandProfile>('PUT', '/api/admin/band-profile', data),
    invalidate: [KEYS.bandProfile],
    success: 'Band profile updated successfully',
    failure: 'Failed to update band profile',
    onSuccess: onClose,
  })

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = bandProfileSchema.safeParse(form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    save.mutate({ ...parsed.data, updatedAt: profile?.updatedAt ?? null })
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Band Profile</DialogTitle>
          <DialogDescription>The name, details and picture shown at the top of the public page.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="band-name" label="Band Name" error={errors.name}>
            <Input
              id="band-name"
              value={form.name}
              aria-invalid={Boolean(errors.name)}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </FormField>
          <FormField id="band-genre" label="Genre" error={errors.genre}>
            <Input id="band-genre" value={form.genre} onChange={(e) => setForm({ ...form, genre: e.target.value })} />
          </FormField>
          <FormField id="band-location" label="Location" error={errors.location}>
            <Input
              id="band-location"
              value={form.location}
              onChange={(e) => setForm({ ...form, location: e.target.value })}
            />
          </FormField>
          <FormField id="band-bio" label="Bio" error={errors.bio}>
            <Textarea
              id="band-bio"
              rows={5}
              value={form.bio}
              onChange={(e) => setForm({ ...form, bio: e.target.value })}
            />
          </FormField>
          <div className="grid gap-2">
            <p className="text-sm font-medium">Profile Image</p>
            {form.profileImageUrl && (
              <CurrentImage
                src={form.profileImageUrl}
                alt="Current profile image"
                onRemove={() => setForm({ ...form, profileImageUrl: null })}
              />
            )}
            <ImageUpload
              target="band-profile"
              label="Choose profile image"
              onUploaded={(path) => setForm((f) => ({ ...f, profileImageUrl: path }))}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Profile'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
