'use client'

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

import { toast } from '@/ui/use-toast.client'
import { isUnauthorizedError } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'

/** The server's answer to a save against an item that changed since the form was loaded. */
const isStaleSave = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && /changed by someone else/.test(error.serverMessage ?? '')

/** Query keys of the team API (each is also the path it reads). */
export const KEYS = {
  user: ['/api/auth/user'],
  bandProfile: ['/api/admin/band-profile'],
  links: ['/api/admin/links'],
  discountCodes: ['/api/admin/discount-codes'],
  backInStock: ['/api/admin/back-in-stock'],
  shipping: ['/api/admin/shipping'],
  tax: ['/api/admin/tax'],
  privacySettings: ['/api/admin/privacy/settings'],
  products: ['/api/admin/products'],
  options: (productId: string) => ['/api/admin/products', productId, 'options'],
  orders: ['/api/admin/orders'],
  ordersSummary: ['/api/admin/orders/summary'],
  shows: ['/api/admin/shows'],
  releases: ['/api/admin/releases'],
  release: (id: string) => ['/api/admin/releases', id],
  users: ['/api/admin/users'],
  subscribers: ['/api/admin/subscribers'],
  campaigns: ['/api/admin/campaigns'],
  theme: ['/api/admin/theme-settings'],
} as const

/**
 * A dashboard write: on success the affected lists are refetched and `success` is toasted; on
 * failure the `failure` toast (the signed-out case has its own toast, shown by the query client).
 * A save refused because the item changed meanwhile says so and reloads the item, so an open
 * dialog shows the current values (dialogs are keyed on the item's `updatedAt`).
 */
export function useAdminMutation<TVars, TData = unknown>(options: {
  mutationFn: (vars: TVars) => Promise<TData>
  invalidate: QueryKey[]
  success: string | ((data: TData, vars: TVars) => { title: string; description?: string })
  failure: string
  onSuccess?: (data: TData, vars: TVars) => void
  onError?: (error: Error) => void
}) {
  const queryClient = useQueryClient()
  return useMutation<TData, Error, TVars>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, vars) => {
      await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      const message = typeof options.success === 'string' ? { title: options.success } : options.success(data, vars)
      toast(message)
      options.onSuccess?.(data, vars)
    },
    onError: async (error) => {
      options.onError?.(error)
      if (isUnauthorizedError(error)) return
      if (isStaleSave(error)) {
        toast({ title: options.failure, description: (error as ApiError).serverMessage!, variant: 'destructive' })
        await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
        return
      }
      toast({ title: 'Error', description: options.failure, variant: 'destructive' })
    },
  })
}
