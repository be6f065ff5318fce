'use client'

import { LinkIcon } from '@/modules/site/ui/LinkIcon'
import { Badge } from '@/ui/badge'
import { Card } from '@/ui/card'
import { linkSchema } from '@/modules/site/contract/link'

import { IconPicker } from './IconPicker.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { RecordDialog, useRecordForm, useSaveRecord } from '@/ui/admin/RecordDialog.client'
import { RecordList, useRecords, type Resource } from '@/ui/admin/RecordList.client'
import type { LinkItem } from '@/modules/site/contract/types'

const LINKS: Resource = { noun: 'link', path: '/api/admin/links', invalidate: [KEYS.links] }

export function LinksTab() {
  return (
    <RecordList<LinkItem>
      title="Manage Links"
      addLabel="Add Link"
      query={useRecords<LinkItem>(KEYS.links)}
      empty={<>No links created yet. Click &quot;Add Link&quot; to get started.</>}
      listLabel="Links"
      itemName={(link) => link.title}
      resource={LINKS}
      confirmDelete={(link) => `Are you sure you want to delete the link "${link.title}"?`}
      renderItem={(link, { canEdit, editButton, deleteButton }) => (
        <Card className="flex items-center gap-4 p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-foreground/10">
            <LinkIcon icon={link.icon} />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">{link.title}</h2>
            <p className="text-sm text-muted-foreground wrap-anywhere">{link.url}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
              <Badge variant={link.isActive ? 'default' : 'muted'}>{link.isActive ? 'Active' : 'Inactive'}</Badge>
              <span className="text-muted-foreground">Order: {link.order}</span>
            </div>
          </div>
          {canEdit && (
            <div className="flex shrink-0 gap-1">
              {editButton()}
              {deleteButton()}
            </div>
          )}
        </Card>
      )}
      renderDialog={(link, onClose, rows) => <LinkDialog link={link} nextOrder={rows.length} onClose={onClose} />}
    />
  )
}

function LinkDialog({ link, nextOrder, onClose }: { link: LinkItem | null; nextOrder: number; onClose: () => void }) {
  const save = useSaveRecord(link, LINKS, onClose)
  const { form, set, errors, submit, text, toggle } = useRecordForm(
    {
      title: link?.title ?? '',
      url: link?.url ?? '',
      icon: link?.icon ?? null,
      order: String(link?.order ?? nextOrder),
      isActive: link?.isActive ?? true,
    },
    linkSchema,
    (data) => save.mutate(data),
    'link',
  )

  return (
    <RecordDialog
      title={link ? 'Edit Link' : 'Add Link'}
      description="Links are listed on the public page and open in a new tab."
      submitLabel={link ? 'Update Link' : 'Create Link'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {text('title', 'Title', { placeholder: 'Instagram' })}
      {text('url', 'URL', { type: 'url', placeholder: 'https://' })}
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">Icon</p>
        <IconPicker value={form.icon} onChange={(icon) => set('icon', icon)} />
        {errors.icon && (
          <p className="text-sm text-red-300" role="alert">
            {errors.icon}
          </p>
        )}
      </div>
      {text('order', 'Order', { type: 'number' })}
      {toggle('isActive', 'Active')}
    </RecordDialog>
  )
}
