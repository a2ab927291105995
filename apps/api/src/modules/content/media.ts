import { randomBytes } from 'node:crypto'
import {
  IMAGE_UPLOAD_MAX_BYTES,
  NEWS_IMAGE_RATIO,
  NEWS_IMAGE_WIDTHS,
  PUBLISHING_MESSAGES,
  type UploadedImage,
} from '@signalway/shared/publishing'
import sharp, { type Metadata } from 'sharp'
import type { Executor } from '../../db/database.ts'
import { decodeDataUrl } from '../../lib/data-url.ts'
import { ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { findMediaSize, insertMedia } from './media-repository.ts'

/*
 * Uploaded images (ADR 022), for news items and equipment types alike (ADR 047). What an upload is comes from its bytes, never its name or declared type:
 * sharp reads the header and only PNG, JPEG and WebP go on. Each is decoded (bounded in pixels, so no
 * decompression bomb), turned upright, cropped to 16:9 around its centre, stripped of its metadata (no
 * camera location reaches the public site) and re-encoded as WebP at the sizes the pages use.
 */

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp'])
/** About 50 megapixels: a large camera photo, far below what would exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000
const LARGEST = NEWS_IMAGE_WIDTHS[NEWS_IMAGE_WIDTHS.length - 1] ?? 800
const heightFor = (width: number) => Math.round((width * NEWS_IMAGE_RATIO.height) / NEWS_IMAGE_RATIO.width)

export interface ProcessedImage {
  width: number
  height: number
  data: Buffer
}

function refused(message: string): ValidationError {
  return new ValidationError({ image: [message] }, message)
}

/** The sizes of an image from an upload's bytes; a ValidationError for anything but a usable image. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage[]> {
  if (bytes.byteLength > IMAGE_UPLOAD_MAX_BYTES) throw refused(PUBLISHING_MESSAGES.imageTooLarge)
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw refused(PUBLISHING_MESSAGES.imageNotSupported)
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.pages ?? 1) > 1) {
    throw refused(PUBLISHING_MESSAGES.imageNotSupported)
  }
  const upright = (metadata.orientation ?? 1) >= 5
  const width = (upright ? metadata.height : metadata.width) ?? 0
  const height = (upright ? metadata.width : metadata.height) ?? 0
  if (width < LARGEST || height < heightFor(LARGEST)) throw refused(PUBLISHING_MESSAGES.imageTooSmall)
  try {
    return await Promise.all(
      NEWS_IMAGE_WIDTHS.map(async (size) => {
        const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: size, height: heightFor(size), fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer()
        return { width: size, height: heightFor(size), data }
      }),
    )
  } catch {
    // A header that reads but a body that does not decode (a truncated or damaged file).
    throw refused(PUBLISHING_MESSAGES.imageNotSupported)
  }
}

/** Stores the sizes of an upload under one random name; the answer names the largest. */
export async function storeImage(
  db: Executor,
  dataUrl: string,
  uploadedBy: number | null,
  now: Date,
): Promise<UploadedImage> {
  const bytes = decodeDataUrl(dataUrl, null)
  if (!bytes) throw refused(PUBLISHING_MESSAGES.imageNotSupported)
  return storeImageBytes(db, bytes, uploadedBy, now)
}

/** The same from the bytes themselves (the demo seed draws its pictures). */
export async function storeImageBytes(
  db: Executor,
  bytes: Buffer,
  uploadedBy: number | null,
  now: Date,
): Promise<UploadedImage> {
  const sizes = await processImage(bytes)
  const id = randomBytes(16).toString('hex')
  await insertMedia(
    db,
    sizes.map((size) => ({
      id,
      width: size.width,
      height: size.height,
      content_type: 'image/webp',
      data: size.data,
      uploaded_by: uploadedBy,
      created_at: toTimestamp(now),
    })),
  )
  return { image: mediaPath(id, LARGEST), width: LARGEST, height: heightFor(LARGEST) }
}

export function mediaPath(id: string, width: number): string {
  return `/api/media/${id}-${width}.webp`
}

/** The size of an uploaded image its path names, or undefined for one shipped with the site or unknown. */
export async function mediaSizeOf(
  db: Executor,
  path: string,
): Promise<{ width: number; height: number } | undefined> {
  const match = /^\/api\/media\/([0-9a-f]{32})-(\d+)\.webp$/.exec(path)
  if (!match) return undefined
  return findMediaSize(db, match[1] ?? '', Number(match[2]))
}

/** Whether an upload of this random name is stored at the size the pages link to. */
export async function mediaStored(db: Executor, id: string): Promise<boolean> {
  return (await findMediaSize(db, id, LARGEST)) !== undefined
}

export const MEDIA_LARGEST = { width: LARGEST, height: heightFor(LARGEST) } as const
