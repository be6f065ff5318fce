'use client'

import { useCallback, useRef, useState } from 'react'

/**
 * State for a dialog whose code loads on first use: the trigger is an ordinary button (no dialog
 * code on page load), the dialog module is fetched when the pointer or focus reaches it, and
 * focus goes back to the trigger when the dialog closes.
 *
 *   const dialog = useLazyDialog(() => import('@/modules/shop/ui/cart/CartSheet.client'))
 *   <Button {...dialog.triggerProps}>…</Button>
 *   {dialog.mounted && <Suspense><CartSheet open={dialog.open} onOpenChange={dialog.setOpen}
 *     onCloseAutoFocus={dialog.returnFocus} /></Suspense>}
 */
export function useLazyDialog(preload: () => Promise<unknown>) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const warm = useCallback(() => {
    // A preload that failed is tried again when the dialog opens.
    preload().catch(() => {})
  }, [preload])
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault()
    triggerRef.current?.focus()
  }, [])
  return {
    open,
    setOpen,
    mounted,
    returnFocus,
    triggerProps: {
      ref: triggerRef,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onClick: () => {
        setMounted(true)
        setOpen(true)
      },
      onPointerEnter: warm,
      onFocus: warm,
    },
  }
}
