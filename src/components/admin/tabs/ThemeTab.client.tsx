'use client'

import { useQuery } from '@tanstack/react-query'
import { RotateCcw, Save } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.client'
import { Textarea } from '@/components/ui/textarea'
import { apiJson } from '@/lib/api-client'
import { themeSchema } from '@/lib/schemas/theme'
import { BACKGROUND_STYLES, BODY_FONTS, BORDER_RADII, HEADER_FONTS, THEME_DEFAULTS } from '@/lib/theme'

import { DashboardHeader } from '../DashboardHeader.client'
import { useDashboard } from '../DashboardContext.client'
import { FormField, issuesByField } from '../FormField.client'
import { ImageField, useChosenImages } from '../ImageUpload.client'
import { KEYS, useAdminMutation } from '../mutations.client'
import { QueryState } from '../QueryState.client'
import type { ThemeSettings } from '@/lib/apiTypes'

/** The editable fields as the form holds them: text, and the background image's path or none. */
type Form = { [K in Exclude<keyof ThemeSettings, 'id' | 'createdAt' | 'updatedAt' | 'backgroundImage'>]: string } & {
  backgroundImage: string | null
}

const formOf = (t: ThemeSettings): Form => ({
  backgroundColor: t.backgroundColor,
  foregroundColor: t.foregroundColor,
  primaryColor: t.primaryColor,
  accentColor: t.accentColor,
  cardColor: t.cardColor,
  backgroundImage: t.backgroundImage,
  backgroundStyle: t.backgroundStyle,
  backgroundPosition: t.backgroundPosition,
  fontFamily: t.fontFamily,
  headerFontFamily: t.headerFontFamily,
  borderRadius: t.borderRadius,
  cardOpacity: String(t.cardOpacity),
  customCss: t.customCss ?? '',
  notificationEmail: t.notificationEmail ?? '',
})

const COLOURS = [
  ['backgroundColor', 'Background Color'],
  ['foregroundColor', 'Text Color'],
  ['primaryColor', 'Primary Color'],
  ['accentColor', 'Accent Color'],
  ['cardColor', 'Card Color'],
] as const

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
  const [form, setForm] = useState<Form>(() => formOf(theme))
  const [errors, setErrors] = useState<Record<string, string>>({})

  const save = useAdminMutation({
    mutationFn: (data: unknown) => apiJson<ThemeSettings>('PUT', '/api/admin/theme-settings', data),
    invalidate: [KEYS.theme],
    success: 'Theme settings updated successfully',
    failure: 'Failed to update theme settings',
  })

  const images = useChosenImages('backgroundImage')
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))

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

  const choice = (
    key: 'backgroundStyle' | 'fontFamily' | 'headerFontFamily' | 'borderRadius',
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <FormField id={`theme-${key}`} label={label} error={errors[key]}>
      <Select value={form[key]} onValueChange={(v) => set(key, v)} disabled={disabled}>
        <SelectTrigger id={`theme-${key}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  )
  const plain = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }))

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Colors</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {COLOURS.map(([key, label]) => (
            <FormField key={key} id={`theme-${key}`} label={label} error={errors[key]}>
              <div className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-10 shrink-0 rounded-md border border-border"
                  style={{ background: form[key] }}
                />
                <Input
                  id={`theme-${key}`}
                  value={form[key]}
                  disabled={disabled}
                  aria-invalid={Boolean(errors[key])}
                  onChange={(e) => set(key, e.target.value)}
                />
              </div>
            </FormField>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Background</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ImageField
            label="Background Image"
            noun="background"
            target="theme"
            value={form.backgroundImage}
            onChange={(url) => set('backgroundImage', url)}
            disabled={disabled}
            canUpload={canEdit}
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            successMessage="Background image uploaded successfully"
            chosen={images.ref('backgroundImage')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {choice('backgroundStyle', 'Background Style', plain(BACKGROUND_STYLES))}
            <FormField id="theme-backgroundPosition" label="Background Position" error={errors.backgroundPosition}>
              <Input
                id="theme-backgroundPosition"
                value={form.backgroundPosition}
                disabled={disabled}
                onChange={(e) => set('backgroundPosition', e.target.value)}
              />
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Layout and Fonts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {choice('borderRadius', 'Border Radius', BORDER_RADII)}
          <FormField id="theme-cardOpacity" label="Card Opacity" error={errors.cardOpacity}>
            <Input
              id="theme-cardOpacity"
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={form.cardOpacity}
              disabled={disabled}
              onChange={(e) => set('cardOpacity', e.target.value)}
            />
          </FormField>
          {choice('fontFamily', 'Body Font', plain(BODY_FONTS))}
          {choice('headerFontFamily', 'Header Font', plain(HEADER_FONTS))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Notifications and Custom CSS</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField
            id="theme-notificationEmail"
            label="Notification Email"
            error={errors.notificationEmail}
            hint={isOwner ? 'Separate several addresses with commas.' : 'Only the owner can change this.'}
          >
            <Input
              id="theme-notificationEmail"
              placeholder="band@example.com, manager@example.com"
              value={form.notificationEmail}
              disabled={!isOwner}
              onChange={(e) => set('notificationEmail', e.target.value)}
            />
          </FormField>
          <FormField
            id="theme-customCss"
            label="Custom CSS"
            error={errors.customCss}
            hint={isOwner ? undefined : 'Only the owner can change this.'}
          >
            <Textarea
              id="theme-customCss"
              rows={5}
              className="font-mono"
              value={form.customCss}
              disabled={!isOwner}
              onChange={(e) => set('customCss', e.target.value)}
            />
          </FormField>
        </CardContent>
      </Card>

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
