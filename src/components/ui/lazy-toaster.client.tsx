'use client'

import { lazy, Suspense } from 'react'

import { useToast } from './use-toast.client'

const Toaster = lazy(() => import('./toaster.client').then((m) => ({ default: m.Toaster })))

/** The Toaster, loaded with the first toast so pages that never show one don't download it. */
export function LazyToaster() {
  const { toasts } = useToast()
  if (toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
