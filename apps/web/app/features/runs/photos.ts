import { FIELD_LIMITS, FIELD_MESSAGES } from '@signalway/shared/field-operations'

/*
 * A docket's photos are made smaller on the phone before they are queued (ADR 050): a camera's 12-megapixel
 * picture becomes a JPEG of at most 1600 pixels on its longer side, a few hundred kilobytes, so the queue and
 * the upload over a weak signal stay small. The server re-encodes whatever arrives.
 */

export const PHOTO_MAX_SIDE = 1600
export const PHOTO_QUALITY = 0.8

/** The size an image of `width` by `height` is drawn at to fit within `max` pixels on its longer side. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const longer = Math.max(width, height)
  if (longer <= max) return { width, height }
  const scale = max / longer
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** The bytes a data: URL's base64 carries. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1)
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.floor((base64.length * 3) / 4) - padding
}

export class PhotoError extends Error {
  override readonly name = 'PhotoError'
}

/** Decodes the photo (turned upright as the camera took it), draws it within 1600 px and answers a JPEG data: URL. */
export async function downscalePhoto(file: Blob): Promise<string> {
  if (!file.type.startsWith('image/')) throw new PhotoError(FIELD_MESSAGES.photoInvalid)
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    throw new PhotoError(FIELD_MESSAGES.photoInvalid)
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) throw new PhotoError(FIELD_MESSAGES.photoInvalid)
    // A transparent PNG becomes white, not black, as a JPEG.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, size.width, size.height)
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const dataUrl = canvas.toDataURL('image/jpeg', PHOTO_QUALITY)
    if (dataUrlBytes(dataUrl) > FIELD_LIMITS.photoMaxBytes) throw new PhotoError(FIELD_MESSAGES.photoTooLarge)
    return dataUrl
  } finally {
    bitmap.close()
  }
}
