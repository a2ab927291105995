import { FAULT_MESSAGES, FAULT_PHOTO_MAX_BYTES } from '@signalway/shared/faults'
import sharp from 'sharp'
import { decodeDataUrl } from '../../lib/data-url.ts'
import { ValidationError } from '../../lib/errors.ts'

/*
 * A fault's photo, as the uploaded images of ADR 022: what it is comes from its bytes (PNG, JPEG or WebP only),
 * decoded within a pixel bound, turned upright, stripped of its metadata (no camera location or device) and
 * re-encoded as WebP, no larger than 1600 pixels a side. Only staff see it.
 */

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp'])
const MAX_INPUT_PIXELS = 50_000_000
export const FAULT_PHOTO_MAX_SIDE = 1600

const refused = (message: string) => new ValidationError({ photo: [message] }, message)

export async function reencodeFaultPhoto(dataUrl: string): Promise<Buffer> {
  const bytes = decodeDataUrl(dataUrl, null)
  if (!bytes) throw refused(FAULT_MESSAGES.photoInvalid)
  if (bytes.byteLength > FAULT_PHOTO_MAX_BYTES) throw refused(FAULT_MESSAGES.photoTooLarge)
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.pages ?? 1) > 1) {
      throw refused(FAULT_MESSAGES.photoInvalid)
    }
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: FAULT_PHOTO_MAX_SIDE,
        height: FAULT_PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer()
  } catch (error) {
    if (error instanceof ValidationError) throw error
    throw refused(FAULT_MESSAGES.photoInvalid)
  }
}
