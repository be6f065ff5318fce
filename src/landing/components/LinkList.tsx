import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'

import { LinkIcon } from '@/modules/site/ui/LinkIcon'
import type { LinkItem } from '@/modules/site/contract/types'

/** The band's links, each opening in a new tab. */
export function LinkList({ links }: { links: LinkItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="links-heading">Links</CardTitle>
      </CardHeader>
      <CardContent>
        {links.length === 0 ? (
          <p className="text-muted-foreground">No links available yet.</p>
        ) : (
          <ul aria-labelledby="links-heading" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {links.map((link) => (
              <li key={link.id}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex min-h-12 items-center gap-3 rounded-md border border-border bg-foreground/5 px-4 py-3 font-medium no-underline transition-colors hover:bg-primary hover:text-primary-foreground"
                >
                  <LinkIcon icon={link.icon} />
                  <span className="min-w-0 flex-1 truncate">{link.title}</span>
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
