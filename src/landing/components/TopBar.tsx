import { Island } from '../islands/Island'

/** The fixed top bar: band name, cart button, admin login. */
export function TopBar({ bandName }: { bandName: string }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-2 px-4">
        {/* A plain link: the cached landing page carries no client router code for it. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className="truncate font-heading text-lg font-bold tracking-tight no-underline">
          {bandName}
        </a>
        {/* Wide enough for both buttons (2.5rem each and the gap) before they have arrived, so
            a page painted while it is still arriving never moves the first one when the second
            comes. */}
        <nav aria-label="Cart and sign-in" className="flex min-w-[5.25rem] items-center gap-1">
          <Island name="TopBarActions" props={{}} />
        </nav>
      </div>
    </header>
  )
}
