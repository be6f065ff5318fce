'use client'

import { useQuery } from '@tanstack/react-query'
import { RotateCcw, Save } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/ui/button'
import { apiJson } from '@/ui/api-client'
import { themeSchema } from '@/modules/site/contract/theme'
import { THEME_DEFAULTS } from '@/modules/site/contract/themeValues'

import { DashboardHeader } from '@/ui/admin/DashboardHeader.client'
import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { issuesByField } from '@/ui/admin/FormField.client'
import { useChosenImages } from '@/ui/admin/useChosenImages'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'
import type { ThemeSettings } from '@/modules/site/contract/types'

import { formOf, type ThemeFormValues, type ThemeSection } from './themeForm'
import { BackgroundCard, ColoursCard, LayoutCard, NotificationsCard } from './ThemeSections.client'

export function ThemeTab() {
  const theme = useQuery<ThemeSettings>({ queryKey: KEYS.theme })
  return (
    <>
      <DashboardHeader title="Theme Customization" />
      {/* A saved change (here or elsewhere) remounts the form with the stored values. */}
      <QueryState query={theme}>{(data) => <ThemeForm key={data.updatedAt ?? ''} theme={data} />}</QueryState>
    </>
  )
}

function ThemeForm({ theme }: { theme: ThemeSettings }) {
  const { canEdit, isOwner } = useDashboard()
  const [form, setForm] = useState<ThemeFormValues>(() => formOf(theme))
  const [errors, setErrors] = useState<Record<string, string>>({})

  const save = useAdminMutation({
    mutationFn: (data: unknown) => apiJson<ThemeSettings>('PUT', '/api/admin/theme-settings', data),
    invalidate: [KEYS.theme],
    success: 'Theme settings updated successfully',
    failure: 'Failed to update theme settings',
  })

  const images = useChosenImages('backgroundImage')
  const set = <K extends keyof ThemeFormValues>(key: K, value: ThemeFormValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }))

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = themeSchema.safeParse(form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    const uploaded = await images.uploadChosen()
    if (!uploaded) return
    const { customCss, notificationEmail, ...visual } = { ...parsed.data, ...uploaded }
    // Only the owner may change the notification addresses and the custom CSS.
    const updatedAt = theme.updatedAt ?? null
    save.mutate(isOwner ? { ...visual, customCss, notificationEmail, updatedAt } : { ...visual, updatedAt })
  }

  /** Back to the default look; the notification email and custom CSS are not part of it. */
  function reset() {
    setErrors({})
    setForm((f) => ({
      ...formOf({ ...THEME_DEFAULTS, customCss: null, notificationEmail: null } as ThemeSettings),
      customCss: f.customCss,
      notificationEmail: f.notificationEmail,
    }))
  }

  const disabled = !canEdit
  const section: ThemeSection = { form, set, errors, disabled }

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <ColoursCard section={section} />
      <BackgroundCard section={section} images={images} canEdit={canEdit} />
      <LayoutCard section={section} />
      <NotificationsCard section={section} isOwner={isOwner} />

      {canEdit && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={reset}>
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
          <Button type="submit" disabled={save.isPending || images.uploading}>
            <Save aria-hidden="true" />
            {images.uploading ? 'Uploading...' : save.isPending ? 'Saving...' : 'Save Theme'}
          </Button>
        </div>
      )}
    </form>
  )
}
