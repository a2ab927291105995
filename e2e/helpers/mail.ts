import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

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
