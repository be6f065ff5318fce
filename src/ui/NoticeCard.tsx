import type { ReactNode } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/ui/card'

/** A page that is one centred card: a heading, what happened, and Back to Home. */
export function NoticeCard({
  icon,
  title,
  description,
  children,
}: {
  icon?: ReactNode
  title: string
  description?: string
  children?: ReactNode
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          {icon}
          <h1 className="font-heading text-2xl font-bold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-6">
          {children}
          <Button asChild>
            {/* A plain link: the 404 card belongs to every public page's tree, and next/link would add
                its client code to the landing page's JavaScript. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">Back to Home</a>
          </Button>
        </CardContent>
      </Card>
    </main>
  )
}
