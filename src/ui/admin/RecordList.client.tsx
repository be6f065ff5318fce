'use client'

import { useQuery, type QueryKey } from '@tanstack/react-query'
import { Pencil, Plus } from 'lucide-react'
import { Fragment, useState, type ReactNode } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent } from '@/ui/card'
import { apiRequest } from '@/ui/api-client'

import { ConfirmDelete } from './ConfirmAction.client'
import { DashboardHeader } from './DashboardHeader.client'
import { useDashboard } from './DashboardContext.client'
import { useAdminMutation } from './mutations.client'
import { QueryState, type QueryLike } from './QueryState.client'

export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** A team API collection: its path, what one record is called, and the lists a change refreshes. */
export type Resource = { noun: string; path: string; invalidate: QueryKey[] }

/** A record of a team list: its id, and its version when it can be edited. */
export type ListRecord = { id: string; updatedAt?: string | null }

/** The rows a list shows; paged lists also know their total and how to load more. */
export type RowsQuery<T> = QueryLike<{ rows: T[]; total?: number }> & {
  hasNextPage?: boolean
  isFetchingNextPage?: boolean
  fetchNextPage?: () => unknown
}

/** A whole (unpaged) team list, in the shape RecordList reads. */
export function useRecords<T>(queryKey: QueryKey): RowsQuery<T> {
  return useQuery<T[], Error, { rows: T[] }>({ queryKey, select: (rows) => ({ rows }) })
}

/** What a list item may offer, already filtered by the viewer's role. */
export type RecordActions = {
  canEdit: boolean
  /** The Edit button (an icon alone, or the icon and `text`). */
  editButton: (text?: string) => ReactNode
  /** The Delete button, which asks first (an icon alone, or the icon and `text`). */
  deleteButton: (text?: string) => ReactNode
}

type RecordListProps<T extends ListRecord> = {
  title: string
  /** A second list in a tab: its title is a level-two heading, and the tab's header keeps Logout. */
  section?: boolean
  /** Shown in the header before the Add button (e.g. Export CSV). */
  headerAction?: ReactNode
  /** The Add button's text; without it the list has no Add button. */
  addLabel?: string
  query: RowsQuery<T>
  /** Shown between the header and the list (overview, search and filters). */
  toolbar?: ReactNode
  /** The text shown when there is nothing to list. */
  empty: ReactNode
  /** The list's accessible name. */
  listLabel: string
  listClassName?: string
  itemClassName?: string
  /** How buttons name an item: "Edit {name}", "Delete {name}". */
  itemName: (item: T) => string
  /** Where the records live, what they are called, and which lists a change refreshes. */
  resource: Resource
  /** The question asked before deleting an item (DELETE `{path}/{id}`); without it, no Delete button. */
  confirmDelete?: (item: T) => string
  renderItem: (item: T, actions: RecordActions) => ReactNode
  /** The add (`item` null) or edit dialog. */
  renderDialog?: (item: T | null, onClose: () => void, rows: T[]) => ReactNode
  /** Shown instead of the list to a role that may not read it. */
  restricted?: ReactNode
  /** Puts the list (or its empty text) in a frame of the tab's own, given what was loaded. */
  frame?: (body: ReactNode, data: { rows: T[]; total?: number }) => ReactNode
  /** Shown below the list. */
  after?: ReactNode
}

/** Each item's Edit button (opens the dialog with `onEdit`) and Delete button (asks, then deletes). */
function useRecordActions<T extends ListRecord>(
  { resource, itemName, confirmDelete }: Pick<RecordListProps<T>, 'resource' | 'itemName' | 'confirmDelete'>,
  canEdit: boolean,
  onEdit: (item: T) => void,
) {
  const removal = useAdminMutation({
    mutationFn: (item: T) => apiRequest('DELETE', `${resource.path}/${item.id}`),
    invalidate: resource.invalidate,
    success: `${capitalized(resource.noun)} deleted successfully`,
    failure: `Failed to delete ${resource.noun}`,
  })

  return (item: T): RecordActions => ({
    canEdit,
    editButton: (text) => (
      <Button
        variant={text ? 'outline' : 'ghost'}
        size={text ? 'sm' : 'icon'}
        aria-label={`Edit ${itemName(item)}`}
        onClick={() => onEdit(item)}
      >
        <Pencil aria-hidden="true" />
        {text}
      </Button>
    ),
    deleteButton: (text) =>
      confirmDelete && (
        <ConfirmDelete
          label={`Delete ${itemName(item)}`}
          title={`Delete ${resource.noun}`}
          description={`${confirmDelete(item)} This action cannot be undone.`}
          onConfirm={() => removal.mutate(item)}
        >
          {text}
        </ConfirmDelete>
      ),
  })
}

/** The loaded list: its empty text, or the items and "Load more"; in the tab's frame when it has one. */
function listBody<T extends ListRecord>(
  data: { rows: T[]; total?: number },
  props: RecordListProps<T>,
  actions: (item: T) => RecordActions,
) {
  const { query, frame, empty, listLabel, listClassName = 'grid gap-3', itemClassName, renderItem } = props
  const content =
    data.rows.length === 0 ? (
      frame ? (
        <p className="py-4 text-center text-muted-foreground">{empty}</p>
      ) : (
        <Card>
          <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">{empty}</CardContent>
        </Card>
      )
    ) : (
      <>
        <ul className={listClassName} aria-label={listLabel}>
          {data.rows.map((item) => (
            <li key={item.id} className={itemClassName}>
              {renderItem(item, actions(item))}
            </li>
          ))}
        </ul>
        {query.hasNextPage && (
          <div className={frame ? 'flex justify-center' : 'mt-4 flex justify-center'}>
            <Button variant="outline" onClick={() => void query.fetchNextPage?.()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    )
  return frame ? frame(content, data) : content
}

/**
 * The dashboard's list of records: header with its Add button, loading and error states, the empty
 * state, the list itself, "Load more" for paged lists, the add/edit dialog and the delete
 * confirmation. Owners and managers see the actions; viewers read only. A tab declares its texts,
 * how one item looks (`renderItem`) and its dialog (`renderDialog`).
 */
export function RecordList<T extends ListRecord>(props: RecordListProps<T>) {
  const { title, headerAction, addLabel, query, toolbar, renderDialog, restricted, after, section = false } = props
  const { canEdit } = useDashboard()
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const rows = query.data?.rows ?? []
  // The dialog shows the item as last loaded: a reload after a refused save remounts it.
  const current = editing === null || editing === 'new' ? null : (rows.find((r) => r.id === editing.id) ?? editing)
  const actions = useRecordActions(props, canEdit, setEditing)

  const list =
    restricted && !canEdit ? (
      restricted
    ) : (
      <QueryState query={query}>{(data) => listBody(data, props, actions)}</QueryState>
    )
  return (
    <>
      <DashboardHeader
        title={title}
        section={section}
        action={
          (headerAction || (canEdit && addLabel)) && (
            <>
              {headerAction}
              {canEdit && addLabel && (
                <Button onClick={() => setEditing('new')}>
                  <Plus aria-hidden="true" />
                  {addLabel}
                </Button>
              )}
            </>
          )
        }
      />
      {toolbar}
      {after ? (
        <div className="grid gap-6">
          {list}
          {after}
        </div>
      ) : (
        list
      )}
      {editing && renderDialog && (
        <Fragment key={current?.updatedAt ?? 'new'}>{renderDialog(current, () => setEditing(null), rows)}</Fragment>
      )}
    </>
  )
}
