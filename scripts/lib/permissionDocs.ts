import { ACTORS, ROUTES } from '../../tests/helpers/permissionMatrix'

const START = '<!-- permission-matrix:start -->'
const END = '<!-- permission-matrix:end -->'

/** A Markdown table with its columns padded to one width, as the formatter lays tables out. */
function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

/** The permission matrix as a Markdown table: one row per route and method. */
export function permissionTable(): string {
  const actors = [...ACTORS].reverse()
  const rows = ROUTES.map((c) => [
    `\`${c.method}\``,
    `\`${c.route}\``,
    ...actors.map((actor) => (c.allowed.includes(actor) ? 'yes' : actor === 'anonymous' ? '401' : '403')),
  ])
  return markdownTable(['Method', 'Route', ...actors], rows)
}

/** The document with the generated table between its markers. */
export function withPermissionTable(doc: string): string {
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start < 0 || end < start) throw new Error(`The document has no ${START} … ${END} markers.`)
  return `${doc.slice(0, start + START.length)}\n\n${permissionTable()}\n\n${doc.slice(end)}`
}
