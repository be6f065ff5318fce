import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

import { freePort } from '../../scripts/lib/freePort'

export type Mailbox = {
  url: string
  port: number
  messages: ParsedMail[]
  /** Waits for a message matching `predicate`. */
  waitFor: (predicate: (m: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail>
  close: () => Promise<void>
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailbox(port?: number): Promise<Mailbox> {
  const messages: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail)
          callback()
        })
        .catch(callback)
    },
  })
  const listenPort = port ?? (await freePort())
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${listenPort}`,
    port: listenPort,
    messages,
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find(predicate)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No matching email within ${timeoutMs} ms (got ${messages.length})`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()))
