'use client'

import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { Input } from '@/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/ui/select.client'
import { Textarea } from '@/ui/textarea'
import { BACKGROUND_STYLES, BODY_FONTS, BORDER_RADII, HEADER_FONTS } from '@/modules/site/contract/themeValues'

import { FormField } from '@/ui/admin/FormField.client'
import { ImageField } from '@/ui/admin/ImageUpload.client'
import type { useChosenImages } from '@/ui/admin/useChosenImages'

import { COLOURS, pickerValue, type ThemeSection } from './themeForm'
import { ThemePreview } from './ThemePreview.client'

const plain = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }))

/** One of the theme's fixed choices (background style, fonts, border radius) as a select. */
function ThemeChoice({
  name: key,
  label,
  options,
  section: { form, set, errors, disabled },
}: {
  name: 'backgroundStyle' | 'fontFamily' | 'headerFontFamily' | 'borderRadius'
  label: string
  options: readonly { value: string; label: string }[]
  section: ThemeSection
}) {
  return (
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
}

/** The five colours, each as a picker and its text, with the preview. */
export function ColoursCard({ section }: { section: ThemeSection }) {
  const { form, set, errors, disabled } = section
  return (
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
  )
}

/** The background image, its style and its position. */
export function BackgroundCard({
  section,
  images,
  canEdit,
}: {
  section: ThemeSection
  images: ReturnType<typeof useChosenImages<'backgroundImage'>>
  canEdit: boolean
}) {
  const { form, set, errors, disabled } = section
  return (
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
          <ThemeChoice
            name="backgroundStyle"
            label="Background Style"
            options={plain(BACKGROUND_STYLES)}
            section={section}
          />
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
  )
}

/** Border radius, card opacity and the two fonts. */
export function LayoutCard({ section }: { section: ThemeSection }) {
  const { form, set, errors, disabled } = section
  return (
    <Card>
      <CardHeader>
        <CardTitle>Layout and Fonts</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <ThemeChoice name="borderRadius" label="Border Radius" options={BORDER_RADII} section={section} />
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
        <ThemeChoice name="fontFamily" label="Body Font" options={plain(BODY_FONTS)} section={section} />
        <ThemeChoice name="headerFontFamily" label="Header Font" options={plain(HEADER_FONTS)} section={section} />
      </CardContent>
    </Card>
  )
}

/** The notification addresses and the custom CSS, which only the owner may change. */
export function NotificationsCard({ section, isOwner }: { section: ThemeSection; isOwner: boolean }) {
  const { form, set, errors } = section
  return (
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
  )
}
