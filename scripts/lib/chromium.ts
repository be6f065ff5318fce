import fs from 'node:fs'

/** Debian's Chromium (never a downloaded browser) and the flags it needs on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Root needs --no-sandbox; the rest keep Chromium off a network it cannot reach. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** Whether /dev/shm holds at least 1 GiB free (a container's default of 64 MB does not). */
function roomyDevShm(): boolean {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm')
    return bavail * bsize >= 1024 ** 3
  } catch {
    return false
  }
}

/**
 * For the browser tests, which run on two cores beside the server: the GPU service (software
 * compositing here) in the browser's own process rather than one more process talking to it, one
 * renderer process per tab however many sites it shows, no paint holding between same-site pages,
 * and the shared memory between its processes in /dev/shm when it has room (rather than files
 * under /tmp on disk). The pages work and draw the same; the browser takes less CPU.
 * The benchmarks keep the browser as a visitor's.
 */
export const CHROMIUM_TEST_FLAGS = [
  ...CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-dev-shm-usage' || !roomyDevShm()),
  '--in-process-gpu',
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,PaintHolding',
]
