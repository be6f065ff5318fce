import { spawn } from 'node:child_process'
import net from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { acceptQueueLength } from '@/platform/runtime/acceptQueue'

/** A process that listens and then keeps its event loop busy, so it accepts no connection. */
const BUSY_LISTENER = `
const server = require('node:net').createServer()
server.listen(0, '127.0.0.1', () => {
  console.log(server.address().port)
  setTimeout(() => { for (;;) {} }, 50)
})`

let child: ReturnType<typeof spawn> | undefined
const sockets: net.Socket[] = []
afterEach(() => {
  sockets.forEach((socket) => socket.destroy())
  child?.kill('SIGKILL')
})

describe('acceptQueueLength', () => {
  it.runIf(process.platform === 'linux')(
    'counts the connections waiting for a busy process to accept them',
    async () => {
      child = spawn(process.execPath, ['-e', BUSY_LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] })
      const port = Number(
        await new Promise<string>((resolve) => child!.stdout!.once('data', (d) => resolve(String(d)))),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(acceptQueueLength(port)).toBe(0)

      for (let i = 0; i < 5; i++) {
        const socket = net.connect(port, '127.0.0.1')
        sockets.push(socket)
        await new Promise((resolve) => socket.once('connect', resolve))
      }
      expect(acceptQueueLength(port)).toBe(5)
    },
  )
})
