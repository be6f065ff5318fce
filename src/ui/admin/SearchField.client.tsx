'use client'

import { Search } from 'lucide-react'

import { Input } from '@/ui/input'
import { cn } from '@/ui/cn'

/** A labelled search box of a team list, with a magnifier inside. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <label className={cn('grid gap-1 text-sm', className)}>
      <span>{label}</span>
      <span className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className="pl-9"
        />
      </span>
    </label>
  )
}
