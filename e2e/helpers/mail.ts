import { readdirSync, readFileSync, statSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from '@playwright/test'

/** Where the server under test writes its outbox as .eml files (no SMTP_URL in playwright.config.ts). */
export const MAIL_DIR = join(process.env.E2E_DATA_DIR ?? '', 'mail')

/** RFC 2045 quoted-printable: soft line breaks removed, =XX decoded as UTF-8 bytes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...new TextEncoder().encode(joined.charAt(i)))
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

/** Every .eml written so far, quoted-printable decoded so its text can be searched. */
export async function readAllMail(): Promise<string[]> {
  const files = await readdir(MAIL_DIR).catch(() => [] as string[])
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => decodeQuotedPrintable(await readFile(join(MAIL_DIR, file), 'utf8'))),
  )
}

/**
 * The newest .eml of the outbox addressed to `to`, its body decoded; waits for the outbox worker. With `containing`,
 * the newest one that holds it (a registration's welcome email may arrive after the email a test waits for).
 */
export async function newestMailTo(to: string, containing?: string): Promise<string> {
  const dir = MAIL_DIR
  let found: string | undefined
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(dir).filter((name) => name.endsWith('.eml'))
          } catch {
            return []
          }
        })()
          .map((name) => join(dir, name))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
        found = files
          .map((file) => readFileSync(file, 'utf8'))
          .find(
            (eml) =>
              new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(eml) &&
              (containing === undefined || decodeQuotedPrintable(eml).includes(containing)),
          )
        return found !== undefined
      },
      { message: `an email to ${to}${containing ? ` with ${containing}` : ''} in ${dir}`, timeout: 10_000 },
    )
    .toBe(true)
  const eml = found ?? ''
  const split = eml.search(/\r?\n\r?\n/)
  const headers = eml.slice(0, split)
  const body = eml.slice(split).trimStart()
  return /content-transfer-encoding:\s*quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body
}

/** What a password reset email holds: resetLinkIn(await newestMailTo(email, RESET_LINK)). */
export const RESET_LINK = '/reset-password/?t='

export function resetLinkIn(mail: string): string {
  const link = /https?:\/\/[^/\s]+(\/reset-password\/\?t=[A-Za-z0-9_-]+)/.exec(mail)?.[1]
  expect(link, `a reset link in:\n${mail}`).toBeTruthy()
  return link ?? ''
}
