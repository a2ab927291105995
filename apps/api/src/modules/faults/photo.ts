import { FAULT_MESSAGES, FAULT_PHOTO_MAX_BYTES } from '@signalway/shared/faults'
import { reencodeImage } from '../../lib/image-reencode.ts'

/*
 * A fault's photo, as the uploaded images of ADR 022 (lib/image-reencode.ts): PNG, JPEG or WebP only, turned
 * upright, stripped of its metadata and re-encoded as WebP, no larger than 1600 pixels a side. Only staff see it.
 */

export const FAULT_PHOTO_MAX_SIDE = 1600

export function reencodeFaultPhoto(dataUrl: string): Promise<Buffer> {
  return reencodeImage(dataUrl, {
    field: 'photo',
    maxBytes: FAULT_PHOTO_MAX_BYTES,
    maxSide: FAULT_PHOTO_MAX_SIDE,
    format: 'webp',
    messages: { invalid: FAULT_MESSAGES.photoInvalid, tooLarge: FAULT_MESSAGES.photoTooLarge },
  })
}
