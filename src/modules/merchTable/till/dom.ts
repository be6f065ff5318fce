import morphdom from 'morphdom'

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

/**
 * Makes `parent`'s children match `children`, keeping each element that is still there (matched by
 * its `data-key`, else its id) and changing only what differs. The screen is drawn again whenever a
 * sync ends or the network comes or goes; a button kept in place means that a tap begun before a
 * redraw and ended after it reaches the same button, and its click is not lost.
 */
export function patch(parent: HTMLElement, ...children: Node[]) {
  const next = parent.cloneNode(false) as HTMLElement
  next.append(...children)
  morphdom(parent, next, {
    childrenOnly: true,
    getNodeKey: (node) => (node instanceof HTMLElement ? node.dataset.key || node.id || undefined : undefined),
  })
}

/** Calls `handle` with the element matching `selector` that a click inside `parent` landed on. */
export function onClickOf(parent: HTMLElement, selector: string, handle: (el: HTMLElement) => void) {
  parent.addEventListener('click', (event) => {
    const el = event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null
    if (el && parent.contains(el)) handle(el)
  })
}
