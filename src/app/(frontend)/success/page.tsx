import { CircleCheck } from 'lucide-react'
import type { Metadata } from 'next'
import Link from 'next/link'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Order Complete!', robots: { index: false } }

export default function SuccessPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <CircleCheck aria-hidden="true" className="size-14 text-accent" />
          <h1 className="font-heading text-2xl font-bold">Order Complete!</h1>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-6">
          <p>Thank you for your purchase. You will receive an email confirmation shortly.</p>
          <Button asChild>
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  )
}
