'use client'

import { useEffect, useState, type ReactNode } from 'react'

/** One toast at a time; a closed toast is removed after 1,000,000 ms. */
const TOAST_LIMIT = 1
const TOAST_REMOVE_DELAY = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export type ToastData = {
  id: string
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  /** Milliseconds before it closes; the provider's 5 s when unset. */
  duration?: number
  open: boolean
}

type State = { toasts: ToastData[] }

let count = 0
let memory: State = { toasts: [] }
const listeners = new Set<(state: State) => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setState(next: State) {
  memory = next
  for (const listener of listeners) listener(memory)
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      setState({ toasts: memory.toasts.filter((t) => t.id !== id) })
    }, TOAST_REMOVE_DELAY),
  )
}

/** Closes one toast (or all); its exit animation plays before it is removed. */
export function dismissToast(id?: string) {
  for (const t of memory.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  setState({ toasts: memory.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) })
}

/** Shows a toast (replacing the one on screen) and returns its id. */
export function toast(input: Omit<ToastData, 'id' | 'open'>): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER
  const id = String(count)
  setState({ toasts: [{ ...input, id, open: true }, ...memory.toasts].slice(0, TOAST_LIMIT) })
  return id
}

/** sessionStorage key of a toast waiting for the next page of this tab. */
const NEXT_PAGE_TOAST_KEY = 'toast-on-next-page'

type PlainToast = { title: string; description?: string; variant?: ToastVariant }

/**
 * Shows a toast on the next page this tab loads: for a message given just before leaving for a
 * page that is a full page load (the landing page is static HTML with its own small script).
 */
export function toastOnNextPage(input: PlainToast) {
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify(input))
  } catch {
    // Storage refused (private mode, quota): the message is lost, the navigation still happens.
  }
}

/** Shows the toast a previous page left for this one, if any (once). */
export function showWaitingToast() {
  let waiting: PlainToast | null = null
  try {
    const raw = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY)
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY)
    const parsed = raw ? (JSON.parse(raw) as unknown) : null
    if (parsed && typeof parsed === 'object' && typeof (parsed as PlainToast).title === 'string')
      waiting = parsed as PlainToast
  } catch {
    return
  }
  if (!waiting) return
  const { title, description, variant } = waiting
  toast({
    title,
    description: typeof description === 'string' ? description : undefined,
    variant: variant === 'destructive' ? 'destructive' : 'default',
  })
}

export function useToast() {
  const [state, set] = useState(memory)
  useEffect(() => {
    listeners.add(set)
    return () => {
      listeners.delete(set)
    }
  }, [])
  return { toasts: state.toasts, toast, dismiss: dismissToast }
}
