'use client'

import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'

import { LinkIcon } from '@/components/public/LinkIcon'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.client'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label.client'
import { Switch } from '@/components/ui/switch.client'
import { apiJson, apiRequest } from '@/lib/api-client'
import { linkSchema } from '@/lib/schemas/link'

import { ConfirmDelete } from '../ConfirmDelete.client'
import { DashboardHeader } from '../DashboardHeader.client'
import { useDashboard } from '../DashboardContext.client'
import { FormField, issuesByField } from '../FormField.client'
import { IconPicker } from '../IconPicker.client'
import { KEYS, useAdminMutation } from '../mutations.client'
import { QueryState } from '../QueryState.client'
import type { LinkItem } from '../types'

type Editing = LinkItem | 'new' | null

export function LinksTab() {
  const { canEdit } = useDashboard()
  const links = useQuery<LinkItem[]>({ queryKey: KEYS.links })
  const [editing, setEditing] = useState<Editing>(null)
  // The dialog shows the link as last loaded: a reload after a refused save remounts it.
  const editingLink = editing === null || editing === 'new' ? null : (links.data?.find((l) => l.id === editing.id) ?? editing)
  const remove = useAdminMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/links/${id}`),
    invalidate: [KEYS.links],
    success: 'Link deleted successfully',
    failure: 'Failed to delete link',
  })

  return (
    <>
      <DashboardHeader
        title="Manage Links"
        action={
          canEdit && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add Link
            </Button>
          )
        }
      />
      <QueryState query={links}>
        {(data) =>
          data.length === 0 ? (
            <Card>
              <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">
                No links created yet. Click &quot;Add Link&quot; to get started.
              </CardContent>
            </Card>
          ) : (
            <ul className="grid gap-3" aria-label="Links">
              {data.map((link) => (
                <li key={link.id}>
                  <Card className="flex items-center gap-4 p-4">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-foreground/10">
                      <LinkIcon icon={link.icon} />
                    </span>
                    <div className="min-w-0 flex-1">
                      <h2 className="font-semibold">{link.title}</h2>
                      <p className="truncate text-sm text-muted-foreground">{link.url}</p>
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                        <Badge variant={link.isActive ? 'default' : 'muted'}>{link.isActive ? 'Active' : 'Inactive'}</Badge>
                        <span className="text-muted-foreground">Order: {link.order}</span>
                      </div>
                    </div>
                    {canEdit && (
                      <div className="flex shrink-0 gap-1">
                        <Button variant="ghost" size="icon" aria-label={`Edit ${link.title}`} onClick={() => setEditing(link)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <ConfirmDelete
                          label={`Delete ${link.title}`}
                          title="Delete link"
                          description={`Are you sure you want to delete the link "${link.title}"? This action cannot be undone.`}
                          onConfirm={() => remove.mutate(link.id)}
                        />
                      </div>
                    )}
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {editing && (
        <LinkDialog key={editingLink?.updatedAt ?? 'new'} link={editingLink} nextOrder={links.data?.length ?? 0} onClose={() => setEditing(null)} />
      )}
    </>
  )
}

function LinkDialog({ link, nextOrder, onClose }: { link: LinkItem | null; nextOrder: number; onClose: () => void }) {
  const [form, setForm] = useState({
    title: link?.title ?? '',
    url: link?.url ?? '',
    icon: link?.icon ?? null,
    order: String(link?.order ?? nextOrder),
    isActive: link?.isActive ?? true,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (data: unknown) =>
      link ? apiJson<LinkItem>('PUT', `/api/admin/links/${link.id}`, data) : apiJson<LinkItem>('POST', '/api/admin/links', data),
    invalidate: [KEYS.links],
    success: 'Link saved successfully',
    failure: 'Failed to save link',
    onSuccess: onClose,
  })

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = linkSchema.safeParse(form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    save.mutate(link ? { ...parsed.data, updatedAt: link.updatedAt } : parsed.data)
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{link ? 'Edit Link' : 'Add Link'}</DialogTitle>
          <DialogDescription>Links are listed on the public page and open in a new tab.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="link-title" label="Title" error={errors.title}>
            <Input id="link-title" placeholder="Instagram" value={form.title} aria-invalid={Boolean(errors.title)} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          </FormField>
          <FormField id="link-url" label="URL" error={errors.url}>
            <Input id="link-url" type="url" placeholder="https://" value={form.url} aria-invalid={Boolean(errors.url)} onChange={(e) => setForm({ ...form, url: e.target.value })} />
          </FormField>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">Icon</p>
            <IconPicker value={form.icon} onChange={(icon) => setForm((f) => ({ ...f, icon }))} />
            {errors.icon && <p className="text-sm text-red-300" role="alert">{errors.icon}</p>}
          </div>
          <FormField id="link-order" label="Order" error={errors.order}>
            <Input id="link-order" type="number" value={form.order} onChange={(e) => setForm({ ...form, order: e.target.value })} />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id="link-active" checked={form.isActive} onCheckedChange={(isActive) => setForm({ ...form, isActive })} />
            <Label htmlFor="link-active">Active</Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : link ? 'Update Link' : 'Create Link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
