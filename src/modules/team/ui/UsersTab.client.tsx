'use client'

import { useQuery } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import { useState } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/ui/select.client'
import { Switch } from '@/ui/switch.client'
import { apiJson } from '@/ui/api-client'
import { inviteSchema } from '@/modules/team/contract/users'

import { DashboardHeader } from '@/ui/admin/DashboardHeader.client'
import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { FormField } from '@/ui/admin/FormField.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'
import { RecordDialog, TextField, useRecordForm } from '@/ui/admin/RecordDialog.client'
import type { Role } from '@/platform/access/roles'
import type { TeamUser } from '@/modules/team/contract/types'

const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', viewer: 'Viewer' }

const ROLE_DESCRIPTIONS: { role: Role; description: string }[] = [
  { role: 'owner', description: 'Full system access; manages all users, system settings and all content' },
  { role: 'manager', description: 'Manages content, views the user list, handles orders, manages shows and products' },
  { role: 'viewer', description: 'Read-only access; no editing; basic dashboard access (default role)' },
]

const nameOf = (u: TeamUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email

/** The owner's changes to a member: role, and active or not (each sent with the version it was shown at). */
function useMemberChanges() {
  const changeRole = useAdminMutation({
    mutationFn: ({ id, role, updatedAt }: { id: string; role: Role; updatedAt: string }) =>
      apiJson('PUT', `/api/admin/users/${id}/role`, { role, updatedAt }),
    invalidate: [KEYS.users],
    success: 'User role updated successfully',
    failure: 'Failed to update user role',
  })
  const changeStatus = useAdminMutation({
    mutationFn: ({ id, isActive, updatedAt }: { id: string; isActive: boolean; updatedAt: string }) =>
      apiJson('PUT', `/api/admin/users/${id}/status`, { isActive, updatedAt }),
    invalidate: [KEYS.users],
    success: 'User status updated successfully',
    failure: 'Failed to update user status',
  })
  return { changeRole, changeStatus }
}

type MemberChanges = ReturnType<typeof useMemberChanges>

/** The owner's controls on a member: the role picker and the active switch (not on their own row). */
function OwnerControls({ u, self, changes }: { u: TeamUser; self: boolean; changes: MemberChanges }) {
  const { changeRole, changeStatus } = changes
  return (
    <div className="flex items-center gap-4">
      <Select
        value={u.role}
        disabled={self || changeRole.isPending}
        onValueChange={(role) => changeRole.mutate({ id: u.id, role: role as Role, updatedAt: u.updatedAt })}
      >
        <SelectTrigger className="w-32" aria-label={`Role of ${nameOf(u)}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="owner">Owner</SelectItem>
          <SelectItem value="manager">Manager</SelectItem>
          <SelectItem value="viewer">Viewer</SelectItem>
        </SelectContent>
      </Select>
      <Switch
        checked={u.isActive}
        disabled={self || changeStatus.isPending}
        aria-label={`${nameOf(u)} active`}
        onCheckedChange={(isActive) => changeStatus.mutate({ id: u.id, isActive, updatedAt: u.updatedAt })}
      />
    </div>
  )
}

/** One member: picture, name, email, who invited them, and their role and state (changeable by the owner). */
function MemberRow({
  u,
  self,
  isOwner,
  changes,
}: {
  u: TeamUser
  self: boolean
  isOwner: boolean
  changes: MemberChanges
}) {
  return (
    <li>
      <Card className="flex flex-wrap items-center gap-4 p-4">
        <Avatar user={u} />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold wrap-anywhere">{nameOf(u)}</h2>
          <p className="text-sm text-muted-foreground wrap-anywhere">{u.email}</p>
          {u.invitedBy && <p className="text-xs text-muted-foreground">Invited by admin</p>}
        </div>
        {isOwner ? (
          <OwnerControls u={u} self={self} changes={changes} />
        ) : (
          <div className="flex items-center gap-2">
            <Badge variant="outline">{ROLE_LABELS[u.role]}</Badge>
            <Badge variant={u.isActive ? 'default' : 'muted'}>{u.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
        )}
      </Card>
    </li>
  )
}

/** The team list (owners and managers read it): loading and error states, the empty text, or the members. */
function TeamList() {
  const { isOwner, user: me } = useDashboard()
  const users = useQuery<TeamUser[]>({ queryKey: KEYS.users, retry: false })
  const changes = useMemberChanges()
  return (
    <QueryState query={users}>
      {(data) =>
        data.length === 0 ? (
          <Card>
            <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">
              No users yet. Invite your first team member!
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-3" aria-label="Users">
            {data.map((u) => (
              <MemberRow key={u.id} u={u} self={u.id === me.id} isOwner={isOwner} changes={changes} />
            ))}
          </ul>
        )
      }
    </QueryState>
  )
}

/** What each role may do. */
function RolePermissions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Role Permissions</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          {ROLE_DESCRIPTIONS.map(({ role, description }) => (
            <div key={role} className="grid gap-0.5">
              <dt className="font-semibold">{ROLE_LABELS[role]}</dt>
              <dd className="text-sm text-muted-foreground">{description}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

export function UsersTab() {
  const { canEdit, isOwner } = useDashboard()
  const [inviting, setInviting] = useState(false)

  return (
    <>
      <DashboardHeader
        title="User Management"
        action={
          isOwner && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden="true" />
              Invite User
            </Button>
          )
        }
      />
      <div className="grid gap-6">
        {canEdit ? (
          // Viewers may not read the team list (the server answers 403), so it is not asked for.
          <TeamList />
        ) : (
          <Card>
            <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">
              Only owners and managers can see the team list.
            </CardContent>
          </Card>
        )}
        <RolePermissions />
      </div>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </>
  )
}

function Avatar({ user }: { user: TeamUser }) {
  const initials = nameOf(user)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((s) => s[0]!.toUpperCase())
    .join('')
  return user.profileImageUrl ? (
    <img src={user.profileImageUrl} alt="" className="size-10 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
    >
      {initials}
    </span>
  )
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useAdminMutation({
    // The invitation email is queued and retried by the server, so the dialog closes once it is queued.
    mutationFn: (data: { email: string }) => apiJson<{ inviteUrl: string }>('POST', '/api/admin/users/invite', data),
    invalidate: [KEYS.users],
    success: (_data, { email }) => ({
      title: 'User invited successfully',
      description: `An invitation is on its way to ${email}.`,
    }),
    failure: 'Failed to invite user',
    onSuccess: () => onClose(),
  })
  const { form, set, errors, submit } = useRecordForm(
    { email: '', role: 'viewer' as 'manager' | 'viewer' },
    inviteSchema,
    (data) => invite.mutate(data),
  )

  return (
    <RecordDialog
      title="Invite User"
      description="They get an email with a link to set their password; it works once and expires in 7 days."
      submitLabel="Send Invitation"
      pending={invite.isPending}
      pendingLabel="Sending..."
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        id="invite-email"
        label="Email"
        type="email"
        placeholder="name@example.com"
        value={form.email}
        error={errors.email}
        onValue={(v) => set('email', v)}
      />
      <FormField id="invite-role" label="Role" error={errors.role}>
        <Select value={form.role} onValueChange={(v) => set('role', v as 'manager' | 'viewer')}>
          <SelectTrigger id="invite-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="manager">Manager</SelectItem>
            <SelectItem value="viewer">Viewer</SelectItem>
          </SelectContent>
        </Select>
      </FormField>
    </RecordDialog>
  )
}
