import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface MailAttachment {
  filename: string
  contentType: string
  content: Buffer
}

export interface MailMessage {
  from: string
  to: string
  subject: string
  text: string
  html?: string | undefined
  attachments?: MailAttachment[] | undefined
}

/** Delivers one message or throws; the outbox worker owns retries. */
export interface MailTransport {
  readonly kind: 'smtp' | 'eml'
  send(message: MailMessage): Promise<void>
  close(): void
}

export interface TransportOptions {
  /** smtp:// or smtps:// URL; without it, messages are written as .eml files to mailDir. */
  smtpUrl?: string | undefined
  mailDir: string
  log: FastifyBaseLogger
}

export function createMailTransport(options: TransportOptions): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : emlTransport(options.mailDir, options.log)
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message)
    },
    close() {
      transporter.close()
    },
  }
}

/**
 * Without an SMTP relay (development, demo, e2e) mail lands on disk. The log says only where: a message
 * may hold a reset, confirmation or signing link, and an address is personal data (ASVS 16.2.5).
 */
function emlTransport(mailDir: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    kind: 'eml',
    async send(message) {
      const info = await transporter.sendMail(message)
      await mkdir(mailDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = join(mailDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message)
      log.info({ file }, 'mail written to file')
    },
    close() {
      transporter.close()
    },
  }
}
