import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query'

import { ApiError, throwIfNotOk } from './apiError'
import { sendRequest } from '@/platform/http/request'

/**
 * The dashboard's one HTTP client: session cookies on every call, JSON only when
 * there is a body, 8 s for reads ('Query timeout') and 10 s for writes ('Request timeout'), and
 * every non-OK answer raised as "status: body".
 */

/** A write call (POST, PUT, DELETE …): the raw Response of an OK answer. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await sendRequest(method, url, { body: data })
  await throwIfNotOk(res)
  return res
}

/** A write call whose OK answer is JSON. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data)
  return (await res.json()) as T
}

type UnauthorizedBehavior = 'returnNull' | 'throw'

/** Reads: GET the query key's segments joined with '/'; a 401 is null in 'returnNull' mode. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await sendRequest('GET', queryKey.join('/'), { signal })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfNotOk(res)
    return (await res.json()) as T
  }
}

/** An error starting with '401: ' that mentions 'Unauthorized' means signed out. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message)
}

/** A refused request (4xx) cannot succeed by being sent again; anything else is retried once. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

/**
 * The dashboard's query client: fresh for 5 minutes, retried once after 1 s, no interval or
 * focus refetch, online-only. `onUnauthorized` runs when any read or write finds the session gone.
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => isUnauthorizedError(error) && onUnauthorized() }),
    mutationCache: new MutationCache({ onError: (error) => isUnauthorizedError(error) && onUnauthorized() }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 5 * 60 * 1000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: retryOnce,
        retryDelay: 1000,
        networkMode: 'online',
      },
      mutations: { retry: retryOnce, retryDelay: 1000, networkMode: 'online' },
    },
  })
}

/**
 * One page of a paged team list: its rows, the next page's URL (Link rel="next"), the total
 * matching, and (the subscriber list) how many of those are confirmed.
 */
export type ListPage<T> = { rows: T[]; next: string | null; total: number; confirmed?: number }

/** Reads one page of a paged list, with the read timeout and errors of every other read. */
export async function fetchListPage<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await sendRequest('GET', url, { signal })
  await throwIfNotOk(res)
  const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null
  const confirmed = res.headers.get('x-confirmed-count')
  return {
    rows: (await res.json()) as T[],
    next,
    total: Number(res.headers.get('x-total-count') ?? 0),
    ...(confirmed === null ? {} : { confirmed: Number(confirmed) }),
  }
}
