import {
  FORMAT_LABELS,
  formatReleaseDay,
  type DownloadLinkAnswer,
  type DownloadRelease,
} from '@/modules/music/contract/downloads'
import { escapeHtml } from '@/lib/escapeHtml'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#111;background:#fafafa;margin:0}
main{max-width:40rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.75rem;margin:0 0 .5rem}
ul{list-style:none;padding:0}li{display:flex;gap:1rem;align-items:center;padding:1rem 0;border-top:1px solid #ddd}
img{width:96px;height:96px;object-fit:cover;border-radius:4px;background:#ddd}h2{font-size:1.15rem;margin:0}
.formats{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 0}.formats a{display:inline-block;padding:.4rem .8rem;
border:1px solid #111;border-radius:4px;color:#111;text-decoration:none;font-weight:600}.formats a:hover{background:#111;color:#fff}
p.small{font-size:.9rem;color:#444;margin:.25rem 0 0}ol{padding:0 0 0 1.25rem;margin:.5rem 0 0}
ol li{display:list-item;border:0;padding:.25rem 0}ol .formats{display:inline-flex;margin:0 0 0 .5rem}`

/** The HTML document every downloads page shares, with the token kept out of Referer headers. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<meta name="referrer" content="same-origin"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** One link per format, named for screen readers after what it downloads. */
const formatLinks = (what: string, formats: DownloadRelease['formats']) =>
  `<p class="formats">${formats
    .map(
      (f) =>
        `<a href="${escapeHtml(f.url)}" download aria-label="Download ${escapeHtml(what)} as ${FORMAT_LABELS[f.format]}">${FORMAT_LABELS[f.format]}</a>`,
    )
    .join('')}</p>`

/** A pre-order not out yet: its date, and its instant tracks to download now. */
const preOrderPart = (r: DownloadRelease) =>
  `<p>Out on ${escapeHtml(formatReleaseDay(r.availableOn!))}</p><p class="small">Available now:</p>
<ol aria-label="Tracks of ${escapeHtml(r.title)} available now">${r.tracks
    .map((t) => `<li>${escapeHtml(t.title)}${formatLinks(t.title, t.formats)}</li>`)
    .join('')}</ol><p class="small">The whole release comes on its release date.</p>`

/**
 * A download link's page: each release with its artwork and title, a link per format, and the
 * downloads left; a pre-order not out yet with its date and its instant tracks, each with a link
 * per format. When the link stops working. Plain links: no script needed.
 */
export function downloadsPage(answer: DownloadLinkAnswer): string {
  const items = answer.releases
    .map(
      (r) => `<li>${r.artworkUrl ? `<img src="${escapeHtml(r.artworkUrl)}" alt="">` : '<img alt="">'}<div>
<h2>${escapeHtml(r.title)}</h2>${r.availableOn ? preOrderPart(r) : formatLinks(r.title, r.formats)}
<p class="small">Downloads left: ${r.downloadsLeft}</p></div></li>`,
    )
    .join('')
  return page(
    'Your downloads',
    `<h1>Your downloads</h1><p>Choose a format to download each release as a zip of its tracks and artwork.</p>
<ul aria-label="Releases">${items || '<li>Nothing is ready to download yet.</li>'}</ul>
<p class="small">This link works until ${dateOf(answer.expiresAt)}.</p>`,
  )
}

/** A link that no longer works (or never did): why, and where to get a new one. */
export function downloadsErrorPage(message: string): string {
  return page(
    'Your downloads',
    `<h1>Your downloads</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/downloads">Get a new link</a></p>`,
  )
}
