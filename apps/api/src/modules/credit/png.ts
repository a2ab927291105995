import { crc32 } from 'node:zlib'

/*
 * The structure of a PNG file (PNG spec, 2nd edition), read once for both of its uses: the upload
 * check of a drawn signature (uploads.ts) and the fast embedding of that signature in the PDF
 * (pdf/png-image.ts). Pixels are not decoded here.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export interface PngHeader {
  width: number
  height: number
  depth: number
  colorType: number
  interlace: number
}

export interface PngStructure {
  header: PngHeader
  /** The IDAT chunks' data, concatenated (the zlib stream of the filtered scanlines). */
  idat: Buffer
  /** The type of every chunk, in file order (e.g. IHDR, PLTE, IDAT, IEND). */
  chunkTypes: string[]
}

/** Channels per pixel and the bit depths allowed, by colour type (PNG spec, table 11.1). */
export const COLOR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
}

/**
 * The chunks of a well-formed PNG, or undefined: the 8-byte signature; an IHDR chunk first (once,
 * 13 bytes, a valid colour type and depth, compression and filter method 0, interlace 0 or 1, no
 * zero dimension); every chunk's type four letters, its length within the file and its CRC right;
 * at least one IDAT; and IEND last, with nothing after it.
 */
export function readPng(bytes: Buffer): PngStructure | undefined {
  if (bytes.byteLength < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined
  let offset = 8
  let header: PngHeader | undefined
  const idat: Buffer[] = []
  const chunkTypes: string[] = []
  let ended = false
  while (offset < bytes.byteLength) {
    if (ended || offset + 12 > bytes.byteLength) return undefined
    const length = bytes.readUInt32BE(offset)
    const type = bytes.toString('latin1', offset + 4, offset + 8)
    const end = offset + 12 + length
    if (length > 0x7fffffff || end > bytes.byteLength || !/^[A-Za-z]{4}$/u.test(type)) return undefined
    const data = bytes.subarray(offset + 8, offset + 8 + length)
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      return undefined
    }
    if (!header && type !== 'IHDR') return undefined
    if (type === 'IHDR') {
      if (header || length !== 13) return undefined
      header = readHeader(data)
      if (!header) return undefined
    } else if (type === 'IDAT') {
      idat.push(data)
    } else if (type === 'IEND') {
      ended = true
    }
    chunkTypes.push(type)
    offset = end
  }
  if (!header || !ended || idat.length === 0) return undefined
  return { header, idat: Buffer.concat(idat), chunkTypes }
}

function readHeader(data: Buffer): PngHeader | undefined {
  const header = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    depth: data.readUInt8(8),
    colorType: data.readUInt8(9),
    interlace: data.readUInt8(12),
  }
  const color = COLOR_TYPES[header.colorType]
  const valid =
    header.width > 0 &&
    header.height > 0 &&
    color?.depths.includes(header.depth) &&
    data.readUInt8(10) === 0 &&
    data.readUInt8(11) === 0 &&
    header.interlace <= 1
  return valid ? header : undefined
}

/** The size of the filtered image data: one filter byte per scanline, per Adam7 pass if interlaced. */
export function rawImageSize(header: PngHeader): number {
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
