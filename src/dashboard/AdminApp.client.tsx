'use client'

import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { Disc3, Link2, Mail, Music, Package, Palette, ShoppingCart, Ticket, Users, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, useState, type ComponentType } from 'react'

import { TooltipProvider } from '@/ui/tooltip.client'
import { toast } from '@/ui/use-toast.client'
import { createQueryClient, getQueryFn } from '@/ui/api-client'
import { cn } from '@/ui/cn'

import { DashboardContext, useDashboard, type Dashboard } from '@/ui/admin/DashboardContext.client'
import { EmailFailuresNotice } from './EmailFailuresNotice.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { BandTab } from '@/modules/site/ui/BandTab.client'
import { LinksTab } from '@/modules/site/ui/LinksTab.client'
import { OrdersTab } from '@/modules/shop/ui/admin/OrdersTab.client'
import { ProductsTab } from '@/modules/catalog/ui/ProductsTab.client'
import { DiscountCodesPanel } from '@/modules/shop/ui/admin/DiscountCodesPanel.client'
import { ShippingPanel } from '@/modules/shop/ui/admin/ShippingPanel.client'
import { TaxPanel } from '@/modules/shop/ui/admin/TaxPanel.client'
import { WaitingListPanel } from '@/modules/stock/ui/WaitingListPanel.client'
import { ShowsTab } from '@/modules/shows/ui/ShowsTab.client'
import { MusicTab } from '@/modules/music/ui/admin/MusicTab.client'
import { SubscribersTab } from '@/modules/newsletter/ui/SubscribersTab.client'
import { ThemeTab } from '@/modules/site/ui/ThemeTab.client'
import { UsersTab } from '@/modules/team/ui/UsersTab.client'
import { PrivacyPanel } from '@/modules/privacy/ui/PrivacyPanel.client'
import type { TeamUser } from '@/modules/team/contract/types'

/** The Products tab with the shop's and the stock's settings under the products. */
function ProductsAndShop() {
  return (
    <ProductsTab
      panels={
        <>
          <DiscountCodesPanel />
          <ShippingPanel />
          <TaxPanel />
          <WaitingListPanel />
        </>
      }
    />
  )
}

/** The Users tab with, for the owner, the fans' personal data (find, download, erase) under the team. */
function UsersAndPrivacy() {
  const { isOwner } = useDashboard()
  return (
    <>
      <UsersTab />
      {isOwner && <PrivacyPanel />}
    </>
  )
}

type TabId = 'band' | 'links' | 'products' | 'orders' | 'shows' | 'music' | 'users' | 'subscribers' | 'theme'

const TABS: { id: TabId; label: string; icon: LucideIcon; component: ComponentType }[] = [
  { id: 'band', label: 'Band Profile', icon: Music, component: BandTab },
  { id: 'links', label: 'Links', icon: Link2, component: LinksTab },
  { id: 'products', label: 'Products', icon: Package, component: ProductsAndShop },
  { id: 'orders', label: 'Orders', icon: ShoppingCart, component: OrdersTab },
  { id: 'shows', label: 'Shows', icon: Ticket, component: ShowsTab },
  { id: 'music', label: 'Music', icon: Disc3, component: MusicTab },
  { id: 'users', label: 'Users', icon: Users, component: UsersAndPrivacy },
  { id: 'subscribers', label: 'Subscribers', icon: Mail, component: SubscribersTab },
  { id: 'theme', label: 'Theme', icon: Palette, component: ThemeTab },
]

/** Signed out: the browser goes to the login endpoint 500 ms after the signed-out toast. */
const LOGIN_REDIRECT_MS = 500

let redirecting = false
function signedOut() {
  if (redirecting) return
  redirecting = true
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' })
  setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_MS)
}

/** The team dashboard at /admin. */
export function AdminApp({ emailService }: { emailService: Dashboard['emailService'] }) {
  const [queryClient] = useState(() => createQueryClient(signedOut))
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AdminShell emailService={emailService} />
      </TooltipProvider>
    </QueryClientProvider>
  )
}

/** The tab the address names (`/admin#orders`), or null when it names none. */
function tabOfHash(): TabId | null {
  return TABS.find((t) => `#${t.id}` === window.location.hash)?.id ?? null
}

/**
 * The tab in the address: choosing one adds a history entry (`/admin#products`), so Back and
 * Forward move between tabs and a reload or a shared link opens the same one.
 */
function useTabInAddress(): [TabId | null, (id: TabId) => void] {
  const [tab, setTab] = useState<TabId | null>(null)
  useEffect(() => {
    const follow = () => setTab(tabOfHash())
    follow()
    window.addEventListener('popstate', follow)
    window.addEventListener('hashchange', follow)
    return () => {
      window.removeEventListener('popstate', follow)
      window.removeEventListener('hashchange', follow)
    }
  }, [])
  const choose = (id: TabId) => {
    if (tabOfHash() !== id) window.history.pushState(null, '', `#${id}`)
    setTab(id)
    window.scrollTo(0, 0)
  }
  return [tab, choose]
}

function AdminShell({ emailService }: { emailService: Dashboard['emailService'] }) {
  const user = useQuery<TeamUser | null>({
    queryKey: KEYS.user,
    queryFn: getQueryFn<TeamUser>({ on401: 'returnNull' }),
  })
  // The tab the address names; with none, an owner opens on Links and everyone else on Band Profile.
  const [named, setTab] = useTabInAddress()

  useEffect(() => {
    if (user.data === null) window.location.assign('/api/login')
  }, [user.data])

  if (user.isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <p role="alert">Could not load your account. Please reload the page.</p>
      </main>
    )
  }
  if (!user.data) {
    return (
      <main className="flex min-h-dvh items-center justify-center" aria-busy="true">
        <p className="text-lg text-muted-foreground">Loading...</p>
      </main>
    )
  }

  const dashboard: Dashboard = {
    user: user.data,
    canEdit: user.data.role === 'owner' || user.data.role === 'manager',
    isOwner: user.data.role === 'owner',
    emailService,
  }
  const tab = named ?? (user.data.role === 'owner' ? 'links' : 'band')
  const Current = TABS.find((t) => t.id === tab)!.component

  return (
    <DashboardContext.Provider value={dashboard}>
      <div className="flex min-h-dvh">
        <nav
          aria-label="Dashboard"
          className="hidden w-60 shrink-0 flex-col gap-1 border-r border-border bg-card p-4 md:flex"
        >
          <p className="mb-4 px-3 font-heading text-lg font-bold">Dashboard</p>
          {TABS.map((t) => (
            <TabButton key={t.id} tab={t} active={tab === t.id} onSelect={setTab} />
          ))}
          <p className="mt-auto px-3 pt-4 text-xs text-muted-foreground">
            Signed in as {user.data.email} ({user.data.role})
          </p>
        </nav>
        <div className="min-w-0 flex-1">
          <PhoneTabs tab={tab} onSelect={setTab} />
          <main className="mx-auto max-w-5xl p-4 sm:p-6">
            {dashboard.isOwner && <EmailFailuresNotice />}
            <Current />
          </main>
        </div>
      </div>
    </DashboardContext.Provider>
  )
}

/**
 * The phone's row of every tab (the sidebar's place is too narrow there): it scrolls sideways,
 * and the active tab is scrolled into view whenever it changes (a tap, the address, Back).
 */
function PhoneTabs({ tab, onSelect }: { tab: TabId; onSelect: (id: TabId) => void }) {
  const row = useRef<HTMLElement>(null)
  useEffect(() => {
    const nav = row.current
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    // Only the row scrolls (scrollIntoView would move the page too); the tab lands in its middle.
    const left = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2
    nav.scrollTo({ left: Math.max(0, left), behavior: 'instant' })
  }, [tab])
  return (
    <nav
      ref={row}
      aria-label="Dashboard sections"
      className="relative flex gap-2 overflow-x-auto border-b border-border bg-card p-2 md:hidden"
    >
      {TABS.map((t) => (
        <TabButton key={t.id} tab={t} active={tab === t.id} onSelect={onSelect} compact />
      ))}
    </nav>
  )
}

function TabButton({
  tab,
  active,
  onSelect,
  compact = false,
}: {
  tab: (typeof TABS)[number]
  active: boolean
  onSelect: (id: TabId) => void
  compact?: boolean
}) {
  const Icon = tab.icon
  return (
    <button
      type="button"
      aria-current={active ? 'page' : undefined}
      onClick={() => onSelect(tab.id)}
      className={cn(
        'flex shrink-0 cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium',
        'hover:bg-foreground/10 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
        active && 'bg-primary text-primary-foreground hover:bg-primary',
        compact && 'gap-2 whitespace-nowrap',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {tab.label}
    </button>
  )
}
