/** Where the landing page's script is built to, and how the page finds it (scripts/build-islands.ts). */
export type IslandsManifest = {
  /** URL of the module that hydrates the page's islands. */
  script: string
  /** URLs of the chunks it imports at once (preloaded with it). */
  preload: string[]
}

/** File, inside Next's build directory, naming the built script. */
export const ISLANDS_MANIFEST = 'islands-manifest.json'

/** URL prefix of the built files: Next serves its build directory's static/ there, cached for a year. */
export const ISLANDS_PUBLIC_PATH = '/_next/static/islands'

/** Directory of the built files, relative to the project. */
export const islandsOutputDir = (distDir: string) => `${distDir}/static/islands`
