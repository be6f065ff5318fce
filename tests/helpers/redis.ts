import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../scripts/lib/freePort'

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

export type TestRedis = {
  url: string
  /** Stops the server (as an outage would); `start()` brings it back on the same port, empty. */
  stop: () => Promise<void>
  start: () => Promise<void>
  /** Stops it for good and removes its directory. */
  close: () => Promise<void>
}

/** Debian's redis-server on a free loopback port, without persistence, for one test file. */
export async function startRedis(): Promise<TestRedis> {
  if (!fs.existsSync(REDIS_SERVER))
    throw new Error(`redis-server not found at ${REDIS_SERVER} (apt-get install redis-server)`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-redis-'))
  const port = await freePort()
  let child: ChildProcess | undefined
  let log = ''

  async function start() {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child.stdout!.on('data', (chunk) => (log += chunk))
    child.stderr!.on('data', (chunk) => (log += chunk))
    const deadline = Date.now() + 10_000
    while (!(await answersPing(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited:\n${log}`)
      if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${log}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async function stop() {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
    if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL')
    await exited
  }

  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    close: async () => {
      await stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let reply = ''
    socket.setTimeout(1000, () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk
      if (reply.includes('\r\n')) {
        socket.destroy()
        resolve(reply.startsWith('+PONG'))
      }
    })
    socket.once('error', () => resolve(false))
  })
}
