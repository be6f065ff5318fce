'use client'

import { useState } from 'react'

import { collapseBio } from '@/modules/site/contract/publicText'

import { useLive } from '@/ui/useLive'

/**
 * The bio, collapsed to 120 characters + '...' with 'Read more...' / 'Read less'. The toggle is
 * shown disabled until the page's script is live.
 */
export function BioText({ bio }: { bio: string }) {
  const live = useLive()
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
          disabled={!live}
          className="mt-2 cursor-pointer rounded-sm font-semibold underline underline-offset-4 hover:no-underline disabled:cursor-wait disabled:opacity-60"
        >
          {expanded ? 'Read less' : 'Read more...'}
        </button>
      )}
    </>
  )
}
