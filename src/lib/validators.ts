/** Field validators shared by Payload collections (pure, no server imports). */

export function isHttpUrlOrMailto(value: string): boolean {
  try {
    const url = new URL(value)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol)
  } catch {
    return false
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** A CSS colour or length typed into the theme form: no characters that could leave a declaration. */
export const SAFE_CSS_VALUE = /^[#(),.%\w\s+-]{1,64}$/

export const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/

/** "a@x.com, b@y.org" → ["a@x.com", "b@y.org"]; empty entries dropped. */
export function splitEmailList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export function isEmailList(value: string | null | undefined): boolean {
  return splitEmailList(value).every((email) => EMAIL.test(email))
}

/** Whether `date` is a real time within the years 1 to 9999, the dates a person enters and the database compares. */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear()
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999
}
