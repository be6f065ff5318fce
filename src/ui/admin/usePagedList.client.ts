'use client'

import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { fetchListPage } from '@/ui/api-client'

/**
 * A paged team list (newest first) as one growing list: the first page, then "Load more" follows
 * the server's next-page link. Filters are part of the query key, so each search is cached on its own.
 */
export function usePagedList<T>(
  key: QueryKey,
  path: string,
  filters: Record<string, string | undefined>,
  options: { enabled?: boolean; retry?: boolean } = {},
) {
  const params = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])))
  const first = params.size > 0 ? `${path}?${params}` : path
  return useInfiniteQuery({
    queryKey: [...key, 'page', Object.fromEntries(params)],
    initialPageParam: first,
    queryFn: ({ pageParam, signal }) => fetchListPage<T>(pageParam, signal),
    getNextPageParam: (last) => last.next,
    select: (data) => ({
      rows: data.pages.flatMap((p) => p.rows),
      total: data.pages[0]?.total ?? 0,
      confirmed: data.pages[0]?.confirmed,
    }),
    placeholderData: (previous) => previous,
    ...options,
  })
}

/** The value once it has stopped changing for `ms` (typing in a search box). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
