type Issue = { readonly path: readonly PropertyKey[]; readonly message: string }

/**
 * The first message of each field of a failed zod parse, so a form shows one message per field.
 * Fields are keyed by their dotted path (`shippingAddress.city`), or by their top-level name
 * with `topLevel`; an issue about the whole value goes under `fallback`.
 */
export function firstMessagePerField(
  issues: readonly Issue[],
  { topLevel = false, fallback = '_' }: { topLevel?: boolean; fallback?: string } = {},
): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = (topLevel ? String(issue.path[0] ?? '') : issue.path.map(String).join('.')) || fallback
    fields[key] ??= issue.message
  }
  return fields
}
