'use client'

import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import type { ZodType } from 'zod'

import { Button } from '@/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog.client'
import { Input } from '@/ui/input'
import { Label } from '@/ui/label.client'
import { Switch } from '@/ui/switch.client'
import { apiJson } from '@/ui/api-client'

import { FormField, issuesByField } from './FormField.client'
import { useAdminMutation } from './mutations.client'
import { capitalized, type ListRecord, type Resource } from './RecordList.client'

/** An add/edit form in a dialog, with Cancel and a submit button that says when it is saving. */
export function RecordDialog({
  title,
  description,
  submitLabel,
  pending,
  pendingLabel = 'Saving...',
  onSubmit,
  onClose,
  className,
  children,
}: {
  title: string
  description: string
  submitLabel: string
  pending: boolean
  /** The submit button's text while the request runs. */
  pendingLabel?: string
  onSubmit: (event: FormEvent) => void
  onClose: () => void
  className?: string
  children: ReactNode
}) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {children}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/**
 * A dialog form's values and validation: `submit` checks them with the same zod schema the server
 * uses, shows the first message per field, and hands valid data to `onValid`.
 */
export function useRecordForm<F extends object, Out>(
  initial: F,
  schema: ZodType<Out>,
  onValid: (data: Out, form: F) => void,
  idPrefix = 'record',
) {
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = <K extends keyof F>(name: K, value: F[K]) => setForm((f) => ({ ...f, [name]: value }))
  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = schema.safeParse(form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    onValid(parsed.data, form)
  }
  /** A text field bound to the string value `name` (its id is `{idPrefix}-{name}`). */
  const text = (
    name: keyof F & string,
    label: string,
    input: Omit<ComponentProps<'input'>, 'id' | 'onChange'> = {},
  ) => (
    <TextField
      id={`${idPrefix}-${name}`}
      label={label}
      value={form[name] as string}
      error={errors[name]}
      onValue={(v) => set(name, v as F[typeof name])}
      {...input}
    />
  )
  /** An on/off switch bound to the boolean value `name` (its id is `{idPrefix}-{name}`). */
  const toggle = (name: keyof F & string, label: string) => (
    <SwitchField
      id={`${idPrefix}-${name}`}
      label={label}
      checked={form[name] as boolean}
      onChange={(checked) => set(name, checked as F[typeof name])}
    />
  )
  return { form, set, errors, submit, text, toggle }
}

/**
 * Saves a dialog's record: POST to `path` for a new one, PUT to `path/{id}` with the version the
 * form was loaded from for an existing one (a save over someone else's change is refused). The
 * dialog closes on success. Toasts name the `noun`: "Link saved successfully", or with
 * `createOrUpdate` "Show created successfully" / "Show updated successfully".
 */
export function useSaveRecord<T extends ListRecord>(
  item: T | null,
  { path, noun, invalidate }: Resource,
  onClose: () => void,
  { createOrUpdate = false } = {},
) {
  const verb = !createOrUpdate ? ['saved', 'save'] : item ? ['updated', 'update'] : ['created', 'create']
  return useAdminMutation({
    mutationFn: (data: object) =>
      item
        ? apiJson<T>('PUT', `${path}/${item.id}`, { ...data, updatedAt: item.updatedAt })
        : apiJson<T>('POST', path, data),
    invalidate,
    success: `${capitalized(noun)} ${verb[0]} successfully`,
    failure: `Failed to ${verb[1]} ${noun}`,
    onSuccess: onClose,
  })
}

/** A labelled text input with its validation message. */
export function TextField({
  id,
  label,
  error,
  onValue,
  ...input
}: { id: string; label: string; error?: string; onValue: (value: string) => void } & Omit<
  ComponentProps<'input'>,
  'id' | 'onChange'
>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </FormField>
  )
}

/** A labelled on/off switch. */
export function SwitchField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  )
}
