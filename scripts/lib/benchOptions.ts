/** A whole-number command-line option (`--name N`) of at least `least`, or its fallback. */
export function intOption(name: string, fallback: number, least = 1): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback
  if (!Number.isInteger(value) || value < least) throw new Error(`--${name} must be a whole number of ${least} or more`)
  return value
}
