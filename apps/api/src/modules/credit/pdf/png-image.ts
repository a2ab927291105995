import { deflateSync, inflateSync } from 'node:zlib'
import type { PDFDocument, PDFRef } from 'pdf-lib'
import { readPng } from '../png.ts'

/** An image XObject in a document, ready to be drawn. */
export interface EmbeddedImage {
  ref: PDFRef
  width: number
  height: number
}

/**
 * Embeds a PNG as an image XObject. The signature pad's PNGs (8-bit RGB or RGBA, gray or
 * gray+alpha, not interlaced) take a fast path on Node's native zlib: the pixels are unfiltered,
 * the alpha channel becomes a soft mask, and both are deflated natively. pdf-lib's own embedPng
 * does the same in JavaScript and made up most of the generation time. Any other PNG goes
 * through pdf-lib.
 */
export async function embedPng(doc: PDFDocument, png: Uint8Array): Promise<EmbeddedImage> {
  const fast = fastEmbed(doc, png)
  if (fast) return fast
  const image = await doc.embedPng(png)
  return { ref: image.ref, width: image.width, height: image.height }
}

/** Channels per pixel by colour type, for the types the fast path takes. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 }

function fastEmbed(doc: PDFDocument, png: Uint8Array): EmbeddedImage | undefined {
  const parsed = readPng(Buffer.from(png.buffer, png.byteOffset, png.byteLength))
  // Palettes and colour-key transparency are left to pdf-lib.
  if (!parsed || parsed.chunkTypes.includes('PLTE') || parsed.chunkTypes.includes('tRNS')) return undefined
  const { header, idat } = parsed
  const channels = CHANNELS[header.colorType]
  if (!channels || header.depth !== 8 || header.interlace !== 0) return undefined

  let pixels: Buffer
  try {
    pixels = unfilter(inflateSync(idat), header.width, header.height, channels)
  } catch {
    return undefined
  }
  const hasAlpha = header.colorType === 4 || header.colorType === 6
  const colorChannels = hasAlpha ? channels - 1 : channels
  const count = header.width * header.height
  const color = Buffer.allocUnsafe(count * colorChannels)
  const alpha = hasAlpha ? Buffer.allocUnsafe(count) : undefined
  let opaque = true
  for (let i = 0, src = 0, dst = 0; i < count; i++) {
    for (let c = 0; c < colorChannels; c++) color[dst++] = pixels[src++] as number
    if (alpha) {
      const a = pixels[src++] as number
      alpha[i] = a
      if (a !== 255) opaque = false
    }
  }

  const { context } = doc
  const imageDict = (channelsOut: number) => ({
    Type: 'XObject',
    Subtype: 'Image',
    Width: header.width,
    Height: header.height,
    BitsPerComponent: 8,
    ColorSpace: channelsOut === 1 ? 'DeviceGray' : 'DeviceRGB',
    Filter: 'FlateDecode',
  })
  const dict: Record<string, unknown> = imageDict(colorChannels)
  if (alpha && !opaque) {
    dict.SMask = context.register(context.stream(deflateSync(alpha), imageDict(1)))
  }
  const ref = context.register(context.stream(deflateSync(color), dict as never))
  return { ref, width: header.width, height: header.height }
}

/** Reverses the PNG scanline filters (None, Sub, Up, Average, Paeth) of 8-bit samples (exported for tests). */
export function unfilter(data: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp
  if (data.byteLength !== height * (stride + 1)) throw new Error('Unexpected image data size')
  const out = Buffer.alloc(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)]
    const src = y * (stride + 1) + 1
    const row = y * stride
    const prev = row - stride
    const first = y === 0
    switch (filter) {
      case 0:
        data.copy(out, row, src, src + stride)
        break
      case 1:
        for (let x = 0; x < stride; x++) {
          const left = x >= bpp ? (out[row + x - bpp] as number) : 0
          out[row + x] = ((data[src + x] as number) + left) & 0xff
        }
        break
      case 2:
        if (first) data.copy(out, row, src, src + stride)
        else
          for (let x = 0; x < stride; x++)
            out[row + x] = ((data[src + x] as number) + (out[prev + x] as number)) & 0xff
        break
      case 3:
        for (let x = 0; x < stride; x++) {
          const left = x >= bpp ? (out[row + x - bpp] as number) : 0
          const up = first ? 0 : (out[prev + x] as number)
          out[row + x] = ((data[src + x] as number) + ((left + up) >> 1)) & 0xff
        }
        break
      case 4:
        for (let x = 0; x < stride; x++) {
          const left = x >= bpp ? (out[row + x - bpp] as number) : 0
          const up = first ? 0 : (out[prev + x] as number)
          const upLeft = first || x < bpp ? 0 : (out[prev + x - bpp] as number)
          const p = left + up - upLeft
          const pa = Math.abs(p - left)
          const pb = Math.abs(p - up)
          const pc = Math.abs(p - upLeft)
          out[row + x] =
            ((data[src + x] as number) + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft)) & 0xff
        }
        break
      default:
        throw new Error('Unknown PNG filter')
    }
  }
  return out
}
