'use client'

import { useState } from 'react'

import { collapseBio } from '@/lib/publicText'

/** The bio, collapsed to 120 characters + '...' with 'Read more...' / 'Read less'. */
export function BioText({ bio }: { bio: string }) {
  const [expanded, setExpanded] = useState(false)
  const { text, truncated } = collapseBio(bio)
  return (
    <>
      <p id="bio-text" className="whitespace-pre-line">
        {expanded ? bio : text}
      </p>
      {truncated && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="bio-text"
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 cursor-pointer rounded-sm font-semibold underline underline-offset-4 hover:no-underline"
        >
          {expanded ? 'Read less' : 'Read more...'}
        </button>
      )}
    </>
  )
}
