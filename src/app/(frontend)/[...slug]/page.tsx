import { notFound } from 'next/navigation'

/** Any path no other route serves shows the 404 card with status 404. */
export default function UnknownPage() {
  notFound()
}
