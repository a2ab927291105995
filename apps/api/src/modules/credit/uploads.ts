import { inflateSync } from 'node:zlib'
import { LIMITS } from '@signalway/shared/constants'
import { EncryptedPDFError, PDFDocument } from 'pdf-lib'

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
  fileTypeNotSupported: 'File type is not supported.',
  fileTooLarge: 'File is too large.',
  pdfUnreadable: 'The PDF file cannot be read.',
  pdfEncrypted: 'Password-protected PDF files are not supported.',
} as const

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string }

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u

/** The bytes of a base64 data URL with one of the given media types, or null. */
export function decodeDataUrl(dataUrl: string, mediaTypes: readonly string[] | null): Buffer | null {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w=.+-]+)*);base64,/u.exec(dataUrl)
  if (!match) return null
  if (mediaTypes && !mediaTypes.includes((match[1] ?? '').toLowerCase())) return null
  const base64 = dataUrl.slice(match[0].length)
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return null
  return Buffer.from(base64, 'base64')
}

/* ---------- PNG ---------- */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Bits per pixel of each colour type, by bit depth allowed (PNG spec, table 11.1). */
const COLOR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
}

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
  if (bytes.byteLength < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return invalid

  let offset = 8
  let header:
    | { width: number; height: number; depth: number; colorType: number; interlace: number }
    | undefined
  const idat: Buffer[] = []
  let ended = false
  while (offset < bytes.byteLength) {
    if (ended || offset + 12 > bytes.byteLength) return invalid
    const length = bytes.readUInt32BE(offset)
    const type = bytes.toString('latin1', offset + 4, offset + 8)
    const end = offset + 12 + length
    if (length > 0x7fffffff || end > bytes.byteLength || !/^[A-Za-z]{4}$/u.test(type)) return invalid
    const data = bytes.subarray(offset + 8, offset + 8 + length)
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      return invalid
    }
    if (!header && type !== 'IHDR') return invalid
    if (type === 'IHDR') {
      if (header || length !== 13) return invalid
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data.readUInt8(8),
        colorType: data.readUInt8(9),
        interlace: data.readUInt8(12),
      }
      const color = COLOR_TYPES[header.colorType]
      if (
        header.width === 0 ||
        header.height === 0 ||
        !color?.depths.includes(header.depth) ||
        data.readUInt8(10) !== 0 ||
        data.readUInt8(11) !== 0 ||
        header.interlace > 1
      ) {
        return invalid
      }
      if (header.width > SIGNATURE_LIMITS.maxWidth || header.height > SIGNATURE_LIMITS.maxHeight) {
        return { ok: false, message: UPLOAD_MESSAGES.signatureTooLarge }
      }
    } else if (type === 'IDAT') {
      idat.push(data)
    } else if (type === 'IEND') {
      ended = true
    }
    offset = end
  }
  if (!header || !ended || idat.length === 0) return invalid

  const expected = rawImageSize(header)
  try {
    const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 })
    if (raw.byteLength !== expected) return invalid
  } catch {
    return invalid
  }
  return { ok: true, value: { width: header.width, height: header.height } }
}

/** The size of the filtered image data: one filter byte per scanline, per Adam7 pass if interlaced. */
function rawImageSize(header: {
  width: number
  height: number
  depth: number
  colorType: number
  interlace: number
}) {
  const bitsPerPixel = (COLOR_TYPES[header.colorType]?.channels ?? 1) * header.depth
  const scanlines = (width: number, height: number) =>
    width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8))
  if (header.interlace === 0) return scanlines(header.width, header.height)
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const
  let total = 0
  for (const [x0, y0, dx, dy] of passes) {
    total += scanlines(Math.ceil((header.width - x0) / dx), Math.ceil((header.height - y0) / dy))
  }
  return total
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/* ---------- PDF ---------- */

export interface CheckedPdf {
  bytes: Buffer
  document: PDFDocument
}

/**
 * A trust deed: a base64 data URL (whatever media type the browser gave) whose bytes are a PDF
 * (they start with '%PDF-'), no larger than the spec's 10,485,760 bytes, that pdf-lib can load,
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
