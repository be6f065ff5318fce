'use client'

import { useState } from 'react'

/** The id of the list below, for an input's `list`. */
export const TIME_ZONE_LIST = 'time-zone-names'

/** The browser's IANA time zone names, offered as suggestions while a time zone is typed. */
export function TimeZoneNames() {
  const [names] = useState<string[]>(() =>
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  )
  return (
    <datalist id={TIME_ZONE_LIST}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  )
}
