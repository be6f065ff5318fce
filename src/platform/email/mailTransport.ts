import fs from 'node:fs'
import path from 'node:path'

import nodemailer from 'nodemailer'

import { dataDir } from '@/platform/runtime/paths'

/**
 * SMTP when SMTP_URL is set. Otherwise every message is written whole to .data/mail/*.eml,
 * so nothing tries to reach the internet and a newcomer can still read invitation links.
 */
export function createMailTransport() {
  if (process.env.SMTP_URL) {
    return nodemailer.createTransport(process.env.SMTP_URL, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
  }
  const dir = path.join(dataDir(), 'mail')
  return nodemailer.createTransport({
    name: 'file',
    version: '1.0.0',
    send(mail, callback) {
      const messageId = mail.message.messageId()
      const chunks: Buffer[] = []
      const stream = mail.message.createReadStream()
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', (error: Error) => callback(error, undefined as never))
      stream.on('end', () => {
        try {
          fs.mkdirSync(dir, { recursive: true })
          const file = path.join(
            dir,
            `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^\w.-]/g, '')}.eml`,
          )
          fs.writeFileSync(file, Buffer.concat(chunks))
          console.log(`Email to ${String(mail.data.to)} saved to ${path.relative(process.cwd(), file)}`)
          callback(null, { envelope: mail.message.getEnvelope(), messageId } as never)
        } catch (error) {
          callback(error as Error, undefined as never)
        }
      })
    },
  })
}
