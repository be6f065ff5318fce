'use client'

import { useId, useState } from 'react'

import { LinkIcon } from '@/modules/site/ui/LinkIcon'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { Label } from '@/ui/label.client'
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover.client'
import { ICON_PRESETS } from '@/modules/site/contract/iconPresets'
import { cn } from '@/ui/cn'

/** The trigger's text: the preset's name, 'Custom Icon' for any other class, 'Select Icon' when empty. */
export function iconLabel(value: string | null | undefined): string {
  if (!value?.trim()) return 'Select Icon'
  return ICON_PRESETS.find((p) => p.value === value.trim())?.label ?? 'Custom Icon'
}

/** A popover with the 20 preset icons in four columns, a custom icon-class field and Clear. */
export function IconPicker({
  id,
  value,
  onChange,
}: {
  id?: string
  value: string | null
  onChange: (value: string | null) => void
}) {
  const customId = useId()
  const [open, setOpen] = useState(false)
  const current = value?.trim() || null

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button id={id} variant="outline" className="w-full justify-start">
          {current && <LinkIcon icon={current} className="size-4" />}
          {iconLabel(current)}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Choose an icon"
        collisionPadding={8}
        className="max-h-[var(--radix-popover-content-available-height)] overflow-y-auto p-3"
      >
        <div className="grid grid-cols-4 gap-1" role="group" aria-label="Preset icons">
          {ICON_PRESETS.map((preset) => (
            <button
              key={preset.value}
              type="button"
              aria-pressed={current === preset.value}
              onClick={() => {
                onChange(preset.value)
                setOpen(false)
              }}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-0.5 rounded-md border border-transparent px-1 py-1.5 text-[11px] leading-tight hover:bg-foreground/10',
                'focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
                current === preset.value && 'border-primary bg-foreground/10',
              )}
            >
              <LinkIcon icon={preset.value} className="size-5" />
              <span className="text-center">{preset.label}</span>
            </button>
          ))}
        </div>
        <div className="mt-3 grid gap-1.5">
          <Label htmlFor={customId}>Custom icon class</Label>
          <Input
            id={customId}
            placeholder="fa-solid fa-drum"
            value={current && !ICON_PRESETS.some((p) => p.value === current) ? current : ''}
            onChange={(e) => onChange(e.target.value || null)}
          />
          <p className="text-xs text-muted-foreground">
            Find more icons at{' '}
            <a href="https://fontawesome.com/search?ic=free" target="_blank" rel="noreferrer" className="underline">
              fontawesome.com
            </a>{' '}
            and paste the class, e.g. fa-solid fa-drum.
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => {
            onChange(null)
            setOpen(false)
          }}
        >
          Clear
        </Button>
      </PopoverContent>
    </Popover>
  )
}
