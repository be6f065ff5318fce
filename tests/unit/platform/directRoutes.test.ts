import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { routePattern } from '@/platform/runtime/processState'

/**
 * The routes the request hooks answer without Next name their own path, as their folders do: a
 * route moved to another folder must not keep answering at its old path (nor silently go back
 * through Next).
 */

const appDir = path.resolve(import.meta.dirname, '../../../src/app')

/** Every route module under src/app, with the path its folders give it (route groups left out). */
function routeFiles(dir = appDir): { file: string; route: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    if (entry.name !== 'route.ts') return []
    const folders = path
      .relative(appDir, dir)
      .split(path.sep)
      .filter((f) => !/^\(.*\)$/.test(f))
    return [{ file: full, route: `/${folders.join('/')}` }]
  })
}

describe('routePattern', () => {
  it('matches the route path with each [name] folder as one segment and param', () => {
    const pattern = routePattern('/api/paypal/order/[id]/capture')
    expect(pattern.exec('/api/paypal/order/5O190127TN364715T/capture')?.groups).toEqual({ id: '5O190127TN364715T' })
    expect(pattern.test('/api/paypal/order/a/b/capture')).toBe(false)
    expect(pattern.test('/api/paypal/order//capture')).toBe(false)
    expect(pattern.test('/api/paypal/order/1/capture/')).toBe(false)
    expect(pattern.test('/api/paypal/orders/1/capture')).toBe(false)
  })

  it('matches a path without params exactly, its dots as dots', () => {
    expect(routePattern('/api/orders').test('/api/orders')).toBe(true)
    expect(routePattern('/api/orders').test('/api/orders/1')).toBe(false)
    expect(routePattern('/feed.xml').test('/feedaxml')).toBe(false)
  })
})

describe('the routes answered without Next', () => {
  const registered = routeFiles().flatMap(({ file, route }) => {
    const calls = [...fs.readFileSync(file, 'utf8').matchAll(/answerPostsDirectly\(\s*'([^']*)'/g)]
    return calls.map((call) => ({ route, named: call[1] }))
  })

  it('are the checkout’s four steps', () => {
    expect(registered.map((r) => r.route).sort()).toEqual([
      '/api/checkout/bind',
      '/api/orders',
      '/api/paypal/order',
      '/api/paypal/order/[id]/capture',
    ])
  })

  it('each name the path of its own folder', () => {
    for (const { route, named } of registered) expect(named).toBe(route)
  })
})
