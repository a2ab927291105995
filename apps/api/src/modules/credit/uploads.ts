import { inflateSync } from 'node:zlib'
import { LIMITS } from '@signalway/shared/constants'
import { type CreditApplicationData, showsGuarantee, showsTrustDeed } from '@signalway/shared/credit'
import { MESSAGES } from '@signalway/shared/messages'
import { EncryptedPDFError, PDFDocument } from 'pdf-lib'
import { decodeDataUrl } from '../../lib/data-url.ts'
import { type ModelState, ValidationError } from '../../lib/errors.ts'
import { rawImageSize, readPng } from './png.ts'

/*
 * What only a server can check about the uploaded files: that a signature really is a PNG image
 * of sane dimensions and size, and that a trust deed really is a readable PDF by its bytes.
 * Each check returns the decoded file or the reason it was refused (a message for ModelState).
 */

export const SIGNATURE_LIMITS = {
  maxBytes: 500 * 1024,
  maxWidth: 2000,
  maxHeight: 1000,
} as const

export const UPLOAD_MESSAGES = {
  invalidSignature: 'Invalid signature.',
  signatureTooLarge: 'Signature is too large.',
  fileTypeNotSupported: MESSAGES.fileTypeNotSupported,
  fileTooLarge: MESSAGES.fileTooLarge,
  pdfUnreadable: 'The PDF file cannot be read.',
  pdfEncrypted: 'Password-protected PDF files are not supported.',
} as const

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string }

/* ---------- PNG ---------- */

export interface PngInfo {
  width: number
  height: number
}

/**
 * A signature image: a base64 PNG data URL within SIGNATURE_LIMITS whose bytes are a complete,
 * well-formed PNG: the signature, an IHDR chunk first, every chunk's CRC right, IDAT data that
 * inflates to exactly the size its header promises (so no decompression bomb gets through),
 * and an IEND chunk last.
 */
export function checkSignaturePng(dataUrl: string): Checked<{ bytes: Buffer; info: PngInfo }> {
  const bytes = decodeDataUrl(dataUrl, ['image/png'])
  if (!bytes) return { ok: false, message: UPLOAD_MESSAGES.invalidSignature }
  if (bytes.byteLength > SIGNATURE_LIMITS.maxBytes)
    return { ok: false, message: UPLOAD_MESSAGES.signatureTooLarge }
  const info = inspectPng(bytes)
  if (!info.ok) return info
  return { ok: true, value: { bytes, info: info.value } }
}

export function inspectPng(bytes: Buffer): Checked<PngInfo> {
  const invalid = { ok: false, message: UPLOAD_MESSAGES.invalidSignature } as const
  const png = readPng(bytes)
  if (!png) return invalid
  const { header } = png
  if (header.width > SIGNATURE_LIMITS.maxWidth || header.height > SIGNATURE_LIMITS.maxHeight) {
    return { ok: false, message: UPLOAD_MESSAGES.signatureTooLarge }
  }
  // Inflated with a ceiling just above the size the header promises: no decompression bomb.
  const expected = rawImageSize(header)
  try {
    const raw = inflateSync(png.idat, { maxOutputLength: expected + 1 })
    if (raw.byteLength !== expected) return invalid
  } catch {
    return invalid
  }
  return { ok: true, value: { width: header.width, height: header.height } }
}

/* ---------- PDF ---------- */

export interface CheckedPdf {
  bytes: Buffer
  document: PDFDocument
}

/**
 * A trust deed: a base64 data URL (whatever media type the browser gave) whose bytes are a PDF
 * (they start with '%PDF-'), no larger than the requirements' 10,485,760 bytes, that pdf-lib can load,
 * is not encrypted and has at least one page.
 */
export async function checkTrustDeedPdf(dataUrl: string): Promise<Checked<CheckedPdf>> {
  const bytes = decodeDataUrl(dataUrl, null)
  if (!bytes) return { ok: false, message: UPLOAD_MESSAGES.fileTypeNotSupported }
  if (bytes.byteLength > LIMITS.trustDeedMaxBytes) return { ok: false, message: UPLOAD_MESSAGES.fileTooLarge }
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) {
    return { ok: false, message: UPLOAD_MESSAGES.fileTypeNotSupported }
  }
  let document: PDFDocument
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false })
  } catch (error) {
    return {
      ok: false,
      message:
        error instanceof EncryptedPDFError ? UPLOAD_MESSAGES.pdfEncrypted : UPLOAD_MESSAGES.pdfUnreadable,
    }
  }
  let pages = 0
  try {
    pages = document.getPageCount()
  } catch {
    pages = 0
  }
  if (pages === 0) return { ok: false, message: UPLOAD_MESSAGES.pdfUnreadable }
  return { ok: true, value: { bytes, document } }
}

/** A person's drawn signature, decoded. */
export interface SignedFile {
  id: string
  name: string
  bytes: Buffer
}

export interface CheckedUploads {
  signatures: SignedFile[]
  guarantors: SignedFile[]
  trustDeed: (CheckedPdf & { name: string }) | undefined
}

/**
 * The server-only checks of the uploads: each signature the persons need is a real PNG within
 * bounds, and a trust's deed is a real, readable PDF. Signatures are matched to persons by id,
 * else by position (as the shared submit checks do). Every failure is reported at once.
 */
export async function checkUploads(data: CreditApplicationData): Promise<CheckedUploads> {
  const modelState: ModelState = {}
  const fail = (path: string, message: string) => {
    const messages = modelState[path] ?? []
    if (!messages.includes(message)) messages.push(message)
    modelState[path] = messages
  }

  const persons = data.section2.persons
  const signed = (list: CreditApplicationData['section4']['signatures'], key: string): SignedFile[] => {
    const files: SignedFile[] = []
    persons.forEach((person, index) => {
      const byId = list.findIndex((entry) => entry.id === person.id)
      const listIndex = byId >= 0 ? byId : index
      const entry = list[listIndex]
      const path = `section4.${key}.${listIndex}.specimen`
      if (!entry?.specimen) {
        fail(`section4.${key}`, UPLOAD_MESSAGES.invalidSignature)
        return
      }
      const checked = checkSignaturePng(entry.specimen)
      if (!checked.ok) fail(path, checked.message)
      else files.push({ id: person.id, name: person.name, bytes: checked.value.bytes })
    })
    return files
  }

  const signatures = signed(data.section4.signatures, 'signatures')
  const guarantors = showsGuarantee(data.section1.customerType)
    ? signed(data.section4.guarantors, 'guarantors')
    : []

  let trustDeed: CheckedUploads['trustDeed']
  const deed = data.section1.trustDeed
  if (showsTrustDeed(data.section1.customerType) && deed) {
    const checked = await checkTrustDeedPdf(deed.data)
    if (!checked.ok) fail('section1.trustDeed', checked.message)
    else trustDeed = { ...checked.value, name: deed.name }
  }

  if (Object.keys(modelState).length > 0) throw new ValidationError(modelState)
  return { signatures, guarantors, trustDeed }
}
