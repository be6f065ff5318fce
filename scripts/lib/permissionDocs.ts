import { ACTORS, ROUTES } from '../../tests/helpers/permissionMatrix'

const START = '<!-- permission-matrix:start -->'
const END = '<!-- permission-matrix:end -->'

/** The permission matrix as a Markdown table: one row per route and method. */
export function permissionTable(): string {
  const actors = [...ACTORS].reverse()
  const rows = ROUTES.map((c) => {
    const cells = actors.map((actor) =>
      actor === 'anonymous' ? '401' : c.allowed.includes(actor) ? 'yes' : '403',
    )
    return `| \`${c.method}\` | \`${c.route}\` | ${cells.join(' | ')} |`
  })
  return [`| Method | Route | ${actors.join(' | ')} |`, `|---|---|${actors.map(() => '---').join('|')}|`, ...rows].join('\n')
}

/** The document with the generated table between its markers. */
export function withPermissionTable(doc: string): string {
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start < 0 || end < start) throw new Error(`The document has no ${START} … ${END} markers.`)
  return `${doc.slice(0, start + START.length)}\n${permissionTable()}\n${doc.slice(end)}`
}
