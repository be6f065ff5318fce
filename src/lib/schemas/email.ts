import { z } from 'zod'

const MESSAGE = 'Please enter a valid email address'

/** An email address as typed: trimmed, lowercased, at most 254 characters. */
export const emailField = z.string({ error: MESSAGE }).trim().toLowerCase().max(254, MESSAGE).pipe(z.email(MESSAGE))
