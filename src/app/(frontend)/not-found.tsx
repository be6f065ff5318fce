import type { Metadata } from 'next'
import Link from 'next/link'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } }

/** The 404 card (served with status 404 for any unknown path). */
export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <h1 className="font-heading text-2xl font-bold">Page Not Found</h1>
          <CardDescription>The page you are looking for does not exist.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  )
}
