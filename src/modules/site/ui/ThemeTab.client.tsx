'use client'

import { useQuery } from '@tanstack/react-query'
import { RotateCcw, Save } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/ui/select.client'
import { Textarea } from '@/ui/textarea'
import { apiJson } from '@/ui/api-client'
import { AA_CONTRAST, isCssColour, parseColor, readableTextOn, textContrast } from '@/lib/color'
import { themeSchema } from '@/modules/site/contract/theme'
import {
  BACKGROUND_STYLES,
  BODY_FONTS,
  BORDER_RADII,
  HEADER_FONTS,
  THEME_DEFAULTS,
} from '@/modules/site/contract/themeValues'

import { DashboardHeader } from '@/ui/admin/DashboardHeader.client'
import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { FormField, issuesByField } from '@/ui/admin/FormField.client'
import { ImageField, useChosenImages } from '@/ui/admin/ImageUpload.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'
import type { ThemeSettings } from '@/modules/site/contract/types'

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

/** The colour picker's value: the colour as #rrggbb (black while the text is not a colour). */
function pickerValue(value: string): string {
  const rgb = parseColor(value)
  return rgb ? `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}` : '#000000'
}

/**
 * A card and a button in the chosen colours, and a warning (only a warning: the band may choose)
 * when text on the cards or on the background falls below WCAG AA contrast.
 */
function ThemePreview({ form }: { form: Form }) {
  const colour = (value: string, fallback: string) => (isCssColour(value) ? value : fallback)
  const background = colour(form.backgroundColor, THEME_DEFAULTS.backgroundColor)
  const foreground = colour(form.foregroundColor, THEME_DEFAULTS.foregroundColor)
  const card = colour(form.cardColor, THEME_DEFAULTS.cardColor)
  const primary = colour(form.primaryColor, THEME_DEFAULTS.primaryColor)
  const contrasts: [string, number | null][] = [
    ['cards', textContrast(foreground, card)],
    ['the background', textContrast(foreground, background)],
  ]
  const low = contrasts.filter((entry): entry is [string, number] => entry[1] !== null && entry[1] < AA_CONTRAST)
  return (
    <div className="grid gap-3 sm:col-span-2">
      <p className="text-sm font-medium">Preview</p>
      <div className="rounded-lg p-4" style={{ background }}>
        <div
          data-testid="theme-preview"
          className="grid gap-2 rounded-md p-4"
          style={{ background: card, color: foreground }}
        >
          <p className="font-heading text-lg font-bold">Tour Tee</p>
          <p className="text-sm">Text on a card, as the public page shows it.</p>
          <span
            className="justify-self-start rounded-md px-3 py-2 text-sm font-semibold"
            style={{ background: primary, color: readableTextOn(primary) }}
          >
            Add to Cart
          </span>
        </div>
        <p className="mt-2 text-sm" style={{ color: foreground }}>
          Text on the background.
        </p>
      </div>
      {low.map(([where, ratio]) => (
        <p key={where} role="status" className="rounded-md border border-yellow-500/60 bg-yellow-500/10 p-2 text-sm">
          Low contrast: text on {where} is {ratio.toFixed(2)}:1, below the {AA_CONTRAST}:1 that WCAG AA asks for. Some
          visitors may not be able to read it. You can still save.
        </p>
      ))}
    </div>
  )
}

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
                <input
                  type="color"
                  // Named apart from the text field, so the label "Primary Color" names only the text.
                  aria-label={`${label.replace(/ Color$/, '')} colour picker`}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-transparent p-1 disabled:cursor-default"
                  value={pickerValue(form[key])}
                  disabled={disabled}
                  onChange={(e) => set(key, e.target.value)}
                />
                <Input
                  id={`theme-${key}`}
                  value={form[key]}
                  disabled={disabled}
                  aria-invalid={Boolean(errors[key])}
                  aria-describedby={errors[key] ? `theme-${key}-error` : undefined}
                  onChange={(e) => set(key, e.target.value)}
                />
              </div>
            </FormField>
          ))}
          <ThemePreview form={form} />
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
