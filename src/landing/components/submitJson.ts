/**
 * Posts a form's fields as JSON, as the landing page's forms do with their script. Answers null
 * when the server took them; otherwise the server's own words for the refusal (the field's message,
 * else the answer's), or '' when it gave none or the network failed.
 */
export async function submitJson(url: string, fields: object): Promise<string | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fields),
      signal: AbortSignal.timeout(10_000),
    })
    if (res.ok) return null
    const answer = await res.json().catch(() => null)
    const text = answer?.errors?.email ?? answer?.message
    return typeof text === 'string' ? text.trim() : ''
  } catch {
    return ''
  }
}
