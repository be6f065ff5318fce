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

/**
 * For the browser tests, which run on two cores beside the server: the GPU service (software
 * compositing here) in the browser's own process rather than one more process talking to it, one
 * renderer process per tab however many sites it shows, and no paint holding between same-site
 * pages. The pages work and draw the same; the browser takes about an eighth less CPU.
 * The benchmarks keep the browser as a visitor's.
 */
export const CHROMIUM_TEST_FLAGS = [
  ...CHROMIUM_FLAGS,
  '--in-process-gpu',
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,PaintHolding',
]
