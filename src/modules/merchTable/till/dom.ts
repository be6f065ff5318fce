/** The element with this id. */
export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T

/** An element with its attributes (`on*` ones are listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value as EventListener)
    else if (name === 'className') el.className = String(value)
    else el.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) if (child !== null && child !== false) el.append(child)
  return el
}

/** Read out by a screen reader (the live region is emptied first, so the same text is read again). */
export function announce(text: string) {
  const live = $('announce')
  live.textContent = ''
  window.setTimeout(() => (live.textContent = text), 50)
}
