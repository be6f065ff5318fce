import type { AddressInfo } from 'node:net'

import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server on localhost that keeps every message it receives, parsed. */
export class TestSmtp {
  readonly messages: ParsedMail[] = []
  private server: SMTPServer | null = null
  port = 0
  /** Messages whose data is being received right now. */
  receiving = 0

  /**
   * `delayMs`: how long the server takes to accept each message, like a slow mail server.
   * `refuse`: recipients it refuses for good (550, as for an address that does not exist).
   */
  constructor(private readonly options: { delayMs?: number; refuse?: (address: string) => boolean } = {}) {}

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.options.refuse?.(address.address.toLowerCase())) {
          const error = new Error('5.1.1 No such user here') as Error & { responseCode: number }
          error.responseCode = 550
          return callback(error)
        }
        callback()
      },
      onData: (stream, _session, callback) => {
        this.receiving++
        simpleParser(stream)
          .then(async (mail) => {
            if (this.options.delayMs) await new Promise((resolve) => setTimeout(resolve, this.options.delayMs))
            this.messages.push(mail)
            callback()
          })
          .catch((error: Error) => callback(error))
          .finally(() => this.receiving--)
      },
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject)
      this.server!.listen(port, '127.0.0.1', () => resolve())
    })
    this.port = (this.server.server.address() as AddressInfo).port
    return this
  }

  async stop(): Promise<void> {
    if (!this.server) return
    await new Promise<void>((resolve) => this.server!.close(() => resolve()))
    this.server = null
  }

  to(address: string): ParsedMail[] {
    return this.messages.filter((m) => {
      const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : []
      return to.some((t) => t.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()))
    })
  }

  /** Waits until `predicate` holds for the received messages (the queue sends every 2 seconds). */
  async waitFor(predicate: (messages: ParsedMail[]) => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!predicate(this.messages)) {
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out waiting for email; received: ${this.messages.map((m) => `${m.subject} → ${JSON.stringify(m.to && 'text' in m.to ? m.to.text : m.to)}`).join('; ') || 'nothing'}`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

export type Mailbox = {
  url: string
  port: number
  messages: ParsedMail[]
  /** Waits for a message matching `predicate` and answers it. */
  waitFor: (predicate: (m: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail>
  close: () => Promise<void>
}

/** The same server as a mailbox: one call to start, `url` for SMTP_URL, one message per wait. */
export async function startMailbox(port?: number): Promise<Mailbox> {
  const smtp = await new TestSmtp().start(port)
  return {
    url: `smtp://127.0.0.1:${smtp.port}`,
    port: smtp.port,
    messages: smtp.messages,
    async waitFor(predicate, timeoutMs = 30_000) {
      await smtp.waitFor((messages) => messages.some(predicate), timeoutMs)
      return smtp.messages.find(predicate)!
    },
    close: () => smtp.stop(),
  }
}

export const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()))
