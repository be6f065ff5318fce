'use client'

import { lazy, Suspense, useEffect } from 'react'

import { showWaitingToast, useToast } from './use-toast.client'

const Toaster = lazy(() => import('./toaster.client').then((m) => ({ default: m.Toaster })))

/**
 * The Toaster, loaded with the first toast so pages that never show one don't download it. It
 * also shows a toast the previous page left for this one (toastOnNextPage).
 */
export function LazyToaster() {
  const { toasts } = useToast()
  useEffect(showWaitingToast, [])
  if (toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
