/**
 * The team's custom CSS, made safe to place inside a <style> element: nothing can
 * leave the style context (`<` removed) or load remote content (`@import` dropped; `url(...)`
 * kept only for same-origin `/objects/...` files; other fetching functions disabled). Comments and
 * backslash escapes go first so neither can hide a keyword.
 */
const SAFE_OBJECT_URL = /^\/objects\/[\w\-./]+$/
const FETCHING_FUNCTION = /(url|image-set|-webkit-image-set|image|cross-fade|element|src)\s*\(/gi

export function sanitizeCustomCss(css: string | null | undefined): string {
  if (!css) return ''
  const kept: string[] = []
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/[\\<\u0000]/g, '')
    .replace(/@(import|charset|namespace)[^;]*(;|$)/gi, '')
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_match, _quote: string, target: string) => {
      const path = target.trim()
      if (!SAFE_OBJECT_URL.test(path) || path.includes('..')) return 'none'
      kept.push(`url("${path}")`)
      return `\u0000${kept.length - 1}\u0000`
    })
    .replace(FETCHING_FUNCTION, 'blocked(')
    .replace(/\u0000(\d+)\u0000/g, (_match, index: string) => kept[Number(index)]!)
    .trim()
}
