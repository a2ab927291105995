/**
 * The files and drawn signatures of a credit application (requirements §3, §5): a PDF trust deed and PNG
 * signatures as data URLs.
 */
import { z } from 'zod'
import { LIMITS } from '../constants.ts'
import { idSchema, requiredText, rule } from '../fields.ts'
import { MESSAGES } from '../messages.ts'

const PDF_MAGIC_BASE64 = 'JVBER' // '%PDF' in base64
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,/u

/** Bytes of the content of a base64 data URL. */
export function dataUrlByteLength(dataUrl: string): number {
  const comma = dataUrl.indexOf(',')
  const base64 = comma < 0 ? '' : dataUrl.slice(comma + 1)
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding)
}

/** A base64 data URL whose content is a PDF (whatever media type the browser gave it). */
export function isPdfDataUrl(value: string): boolean {
  const match = DATA_URL.exec(value)
  return match !== null && value.slice(match[0].length).startsWith(PDF_MAGIC_BASE64)
}

/** The largest JSON text accepted for the trust deed (10 MB of content, base64, plus the rest). */
export const TRUST_DEED_JSON_MAX = Math.ceil(LIMITS.trustDeedMaxBytes / 3) * 4 + 2048

/** An uploaded trust deed: name, data (a data URL) and size in KB. Pdf mode. */
export const creditFileSchema = z.object({
  name: rule(
    requiredText(MESSAGES.fileTypeNotSupported, { max: 255, tooLong: 'File name is too long.' }),
    (name) => name.toLowerCase().endsWith('.pdf'),
    MESSAGES.fileTypeNotSupported,
  ),
  data: rule(
    rule(z.string({ error: MESSAGES.fileTypeNotSupported }), isPdfDataUrl, MESSAGES.fileTypeNotSupported),
    (data) => dataUrlByteLength(data) <= LIMITS.trustDeedMaxBytes,
    MESSAGES.fileTooLarge,
  ),
  /** KB, as shown. */
  size: rule(
    z.number({ error: MESSAGES.fileTooLarge }).nonnegative({ error: MESSAGES.fileTooLarge }),
    (size) => size * 1024 <= LIMITS.trustDeedMaxBytes,
    MESSAGES.fileTooLarge,
  ),
})
export type CreditFile = z.output<typeof creditFileSchema>

export const SIGNATURE_PREFIX = 'data:image/png;base64,'
/** Ours: the largest signature image accepted (a 500x200 PNG is far smaller). */
export const SIGNATURE_MAX_CHARS = 2_000_000

/** A signature or guarantor signature: the person's id and name, and the PNG data URL ('' if unsigned). */
export const signatureSchema = z.object({
  id: idSchema,
  name: z.string({ error: 'Invalid signature.' }).trim().max(100, { error: 'Invalid signature.' }),
  specimen: rule(
    rule(
      z.string({ error: 'Invalid signature.' }).trim(),
      (specimen) => specimen === '' || specimen.startsWith(SIGNATURE_PREFIX),
      'Invalid signature.',
    ),
    (specimen) => specimen.length <= SIGNATURE_MAX_CHARS,
    'Signature is too large.',
  )
    .nullish()
    .transform((specimen) => specimen ?? ''),
})
export type Signature = z.output<typeof signatureSchema>
export type SignatureInput = z.input<typeof signatureSchema>

export const signatureListSchema = z
  .array(signatureSchema, { error: 'Invalid signatures.' })
  .max(LIMITS.creditMaxPersons, { error: 'Invalid signatures.' })
