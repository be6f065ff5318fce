'use client'

import type { ReactNode } from 'react'

import { Spinner } from '@/ui/spinner'
import { ApiError } from '@/ui/apiError'

/** What QueryState reads of a query (a plain or an infinite one). */
export type QueryLike<T> = { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined }

/** A list's loading spinner, its error, or its content. */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    )
  }
  if (query.isError) {
    const error = query.error as Error
    const message =
      error instanceof ApiError && error.status === 403
        ? 'Your role does not allow you to see this.'
        : `Could not load this list: ${error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message}`
    return (
      <p role="alert" className="rounded-md border border-border bg-card p-4 text-red-300">
        {message}
      </p>
    )
  }
  return <>{children(query.data as T)}</>
}
