/**
 * Downloads under a crowd: F fans (default 50) download one release's FLAC zip at once through
 * the shipped nginx (deploy/nginx/site.conf.template) in front of a throwaway production server.
 *
 *   npm run build && npm run bench:downloads
 *   npm run bench:downloads -- --fans 50 --noise-minutes 30
 *
 * The release is made the way the team makes one: masters uploaded and processed by the server's
 * own track worker with ffmpeg (processTrack). One master is 30 minutes of ffmpeg's sine source,
 * timed from being added to being ready: the time to transcode 30 minutes of audio into its four
 * renditions. The other is --noise-minutes of stereo white noise, which FLAC shrinks little, so the
 * FLAC zip is about 200 MB. Each fan has a grant and a link of its own (written in SQL as the
 * music module's grantReleases writes them); the zip is built by the server on the first request.
 * Then all fans download it at once from the first byte to the last, twice: through nginx without
 * the hand-over (the app streams the bytes), then through the shipped template (the app checks the
 * link and counts, nginx sends the file from disk). Prints, for each, the zip's size, the server's
 * RSS growth while they download (sampled every 20 ms) and each transfer's MB/s (min, median), then
 * the transcode time; exits non-zero when, with the shipped template, RSS grew by more than 50 MB,
 * a transfer was slower than 20 MB/s, or a transfer was incomplete.
 */
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'

import { intOption } from './lib/benchOptions'
import { BENCH_OWNER, median, signIn, startBenchServer } from './lib/benchServer'
import { SITE_TEMPLATE, startNginx } from './lib/nginx'

const FANS = intOption('fans', 50)
const NOISE_MINUTES = intOption('noise-minutes', 30)
const MAX_RSS_GROWTH_MB = 50
const MIN_MB_PER_S = 20
const run = promisify(execFile)

type Api = Awaited<ReturnType<typeof signIn>>

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

/** A WAV master made by ffmpeg from a lavfi source (e.g. `sine=frequency=440`). */
async function master(dir: string, name: string, source: string, seconds: number, channels: number) {
  const file = path.join(dir, `${name}.wav`)
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `${source}:duration=${seconds}`,
    '-ac',
    String(channels),
    file,
  ])
  return file
}

/** Uploads a master, adds it as a track and waits until it is ready; answers the seconds that took. */
async function addTrack(api: Api, base: string, releaseId: string, title: string, file: string): Promise<number> {
  const upload = (await (await api('/api/objects/upload', { method: 'POST', body: '{"kind":"audio"}' })).json()) as {
    uploadURL: string
  }
  const put = await fetch(base + new URL(upload.uploadURL, base).pathname, {
    method: 'PUT',
    headers: { 'Content-Type': 'audio/wav', Origin: base },
    body: fs.createReadStream(file) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  if (!put.ok) throw new Error(`Upload failed: ${put.status} ${await put.text()}`)
  const started = Date.now()
  const added = await api(`/api/admin/releases/${releaseId}/tracks`, {
    method: 'POST',
    body: JSON.stringify({ title, audioURL: upload.uploadURL }),
  })
  if (added.status !== 201) throw new Error(`Adding the track failed: ${added.status} ${await added.text()}`)
  const { id } = (await added.json()) as { id: string }
  for (;;) {
    const { tracks } = (await (await api(`/api/admin/releases/${releaseId}`)).json()) as {
      tracks: { id: string; status: string; failureReason: string | null }[]
    }
    const track = tracks.find((t) => t.id === id)!
    if (track.status === 'ready') return (Date.now() - started) / 1000
    if (track.status === 'failed') throw new Error(`Processing failed: ${track.failureReason}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Links for F fans, each with a grant of the release by a code of its own. */
async function links(databaseUrl: string, releaseId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const tokens: string[] = []
  for (let i = 0; i < FANS; i++) {
    const token = randomBytes(32).toString('base64url')
    const email = `fan${i}@example.com`
    await client.query(`INSERT INTO download_grants (email, release_id, code_id) VALUES ($1, $2, $3)`, [
      email,
      releaseId,
      `bench-${i}`,
    ])
    await client.query(
      `INSERT INTO download_links (token_sha256, email, expires_at) VALUES ($1, $2, now() + interval '30 days')`,
      [createHash('sha256').update(token).digest('hex'), email],
    )
    tokens.push(token)
  }
  await client.end()
  return tokens
}

/** One fan's download: every byte read and dropped; answers its size and MB/s. */
function download(url: string): Promise<{ bytes: number; mbPerS: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    http
      .get(url, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9
          resolve({ bytes, mbPerS: bytes / 1e6 / seconds, status: res.statusCode ?? 0 })
        })
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

/** All fans download at once; prints the figures and answers whether they met the targets. */
async function downloadRound(pid: number, urls: string[]): Promise<boolean> {
  await new Promise((r) => setTimeout(r, 1000))
  const before = rssBytes(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20)
  const results = await Promise.all(urls.map((url) => download(url)))
  clearInterval(sampler)

  const size = results[0]!.bytes
  const speeds = results.map((r) => r.mbPerS).sort((a, b) => a - b)
  const growthMb = (peak - before) / 1e6
  const incomplete = results.filter((r) => r.status !== 200 || r.bytes !== size).length
  console.log(`  Zip: ${(size / 1e6).toFixed(1)} MB`)
  console.log(
    `  Server RSS: ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB: +${growthMb.toFixed(1)} MB (target ≤ ${MAX_RSS_GROWTH_MB})`,
  )
  console.log(
    `  Per transfer: min ${speeds[0]!.toFixed(1)} MB/s, median ${median(speeds).toFixed(1)} MB/s (target ≥ ${MIN_MB_PER_S})`,
  )
  console.log(`  Incomplete transfers: ${incomplete}`)
  return growthMb <= MAX_RSS_GROWTH_MB && speeds[0]! >= MIN_MB_PER_S && incomplete === 0
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-downloads-'))
  console.log('Starting a throwaway database and the production server...')
  const server = await startBenchServer()
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null
  try {
    const api = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const created = await api('/api/admin/releases', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Bench Release',
        type: 'album',
        releaseDate: '2024-01-01',
        isActive: true,
        pricing: { mode: 'fixed', price: '9.99' },
      }),
    })
    const release = (await created.json()) as { id: string }
    console.log('Making the masters with ffmpeg...')
    const sine = await master(dir, 'sine', 'sine=frequency=440', 30 * 60, 2)
    const noise = await master(dir, 'noise', 'anoisesrc=color=white:amplitude=0.5', NOISE_MINUTES * 60, 2)
    console.log('Processing 30 minutes of sine (the real track worker)...')
    const transcodeSeconds = await addTrack(api, server.url, release.id, 'Thirty Minutes', sine)
    console.log(`  ready in ${transcodeSeconds.toFixed(1)} s`)
    console.log(`Processing ${NOISE_MINUTES} minutes of noise...`)
    await addTrack(api, server.url, release.id, 'Noise', noise)
    fs.rmSync(dir, { recursive: true, force: true })

    const tokens = await links(server.databaseUrl, release.id)
    const zipPath = (token: string) => `/api/downloads/${token}/${release.id}/flac`
    const upstream = [new URL(server.url).host]
    const filesDir = path.join(server.dataDir, 'uploads')
    // The same nginx without the line that lets the app hand files over: the app streams them.
    const streamingTemplate = fs.readFileSync(SITE_TEMPLATE, 'utf8').replace(/^.*X-Sendfile-Type.*$/m, '')
    nginx = await startNginx(upstream, { filesDir, template: streamingTemplate })
    console.log('Building the FLAC zip (first request)...')
    const buildStarted = Date.now()
    for (;;) {
      const res = await fetch(nginx.url + zipPath(tokens[0]!), { headers: { Range: 'bytes=1-1' } })
      await res.arrayBuffer()
      if (res.status === 206) break
      if (res.status !== 503) throw new Error(`The zip answered ${res.status}`)
      await new Promise((r) => setTimeout(r, 500))
    }
    console.log(`  built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`)
    const pid = server.serverPid()!

    let failed = false
    for (const handOver of [false, true]) {
      if (handOver) {
        await nginx.stop()
        nginx = await startNginx(upstream, { filesDir })
      }
      console.log(
        `${FANS} fans download at once through nginx, ${handOver ? 'which sends the file itself (the shipped template)' : 'the app streaming the bytes (without the hand-over)'}...`,
      )
      const ok = await downloadRound(
        pid,
        tokens.map((t) => nginx!.url + zipPath(t)),
      )
      if (handOver) failed = !ok
    }
    console.log(`Transcoding 30 minutes of audio (four renditions): ${transcodeSeconds.toFixed(1)} s`)
    if (failed) process.exitCode = 1
  } catch (error) {
    // Said before the cleanup, whose stopping database may end the process first.
    console.error(error)
    console.error(server.output().slice(-4000))
    process.exitCode = 1
  } finally {
    await nginx?.stop()
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
