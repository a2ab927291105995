import sharp from 'sharp'
import { decodeDataUrl } from './data-url.ts'
import { ValidationError } from './errors.ts'

/*
 * The image pipeline of photos and signatures sent as data URLs (ADR 022, 049, 050): what an image is comes from
 * its bytes (PNG, JPEG or WebP only, one frame), decoded within a pixel bound, turned upright, stripped of its
 * metadata (no camera location or device) and re-encoded, no larger than `maxSide` pixels a side.
 */

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp'])
const MAX_INPUT_PIXELS = 50_000_000

export interface ReencodeOptions {
  /** The field a refusal names (400 with ModelState[field]). */
  field: string
  maxBytes: number
  maxSide: number
  format: 'webp' | 'jpeg' | 'png'
  messages: { invalid: string; tooLarge: string }
}

export async function reencodeImage(dataUrl: string, options: ReencodeOptions): Promise<Buffer> {
  const refused = (message: string) => new ValidationError({ [options.field]: [message] }, message)
  const bytes = decodeDataUrl(dataUrl, null)
  if (!bytes) throw refused(options.messages.invalid)
  if (bytes.byteLength > options.maxBytes) throw refused(options.messages.tooLarge)
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.pages ?? 1) > 1) {
      throw refused(options.messages.invalid)
    }
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
    if (options.format === 'webp') return await image.webp({ quality: 80 }).toBuffer()
    if (options.format === 'jpeg')
      return await image.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer()
    return await image.png({ compressionLevel: 9 }).toBuffer()
  } catch (error) {
    if (error instanceof ValidationError) throw error
    throw refused(options.messages.invalid)
  }
}
