import { randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { decodeDataUrl } from '../../../src/lib/data-url.ts'
import { canonicalJson, newReference, payloadDigest } from '../../../src/modules/credit/digest.ts'
import {
  checkSignaturePng,
  checkTrustDeedPdf,
  inspectPng,
  SIGNATURE_LIMITS,
} from '../../../src/modules/credit/uploads.ts'
import { encodePng, pdfDataUrl, pngDataUrl, signaturePng, trustDeedPdf } from '../../helpers/credit.ts'

/** Filtered scanlines of the given size, all zero (filter byte 0). */
function blankScanlines(rows: number, bytesPerRow: number): Buffer {
  return deflateSync(Buffer.alloc(rows * (1 + bytesPerRow)))
}

describe('signature images', () => {
  it('accepts the PNG a signature pad draws, and gives its size', () => {
    const checked = checkSignaturePng(pngDataUrl(signaturePng()))
    expect(checked.ok && checked.value.info).toEqual({ width: 500, height: 200 })
  })

  it.each([
    ['gray', 0, 8, 1],
    ['RGB', 2, 8, 3],
    ['gray and alpha', 4, 8, 2],
    ['RGBA 16-bit', 6, 16, 8],
  ])('accepts a %s PNG', (_name, colorType, depth, bytesPerPixel) => {
    const png = encodePng({
      width: 30,
      height: 10,
      colorType,
      depth,
      data: blankScanlines(10, 30 * bytesPerPixel),
    })
    expect(inspectPng(png).ok).toBe(true)
  })

  it('accepts a palette PNG and a 1-bit gray PNG (rows rounded up to whole bytes)', () => {
    const palette = encodePng({
      width: 30,
      height: 10,
      colorType: 3,
      palette: Buffer.from([0, 0, 0, 255, 255, 255]),
      data: blankScanlines(10, 30),
    })
    expect(inspectPng(palette).ok).toBe(true)
    const bits = encodePng({ width: 30, height: 10, colorType: 0, depth: 1, data: blankScanlines(10, 4) })
    expect(inspectPng(bits).ok).toBe(true)
  })

  it('accepts an interlaced PNG whose seven passes hold the right amount of data', () => {
    // Adam7 passes of a 10x5 RGBA image: widths 2,1,3,2,5,5,10 over heights 1,1,1,2,1,3,2.
    const passes: [number, number][] = [
      [2, 1],
      [1, 1],
      [3, 1],
      [2, 2],
      [5, 1],
      [5, 3],
      [10, 2],
    ]
    const size = passes.reduce((sum, [width, height]) => sum + height * (1 + width * 4), 0)
    const png = encodePng({
      width: 10,
      height: 5,
      colorType: 6,
      interlace: 1,
      data: deflateSync(Buffer.alloc(size)),
    })
    expect(inspectPng(png).ok).toBe(true)
    const short = encodePng({
      width: 10,
      height: 5,
      colorType: 6,
      interlace: 1,
      data: deflateSync(Buffer.alloc(size - 1)),
    })
    expect(inspectPng(short).ok).toBe(false)
  })

  it('refuses image data that does not fill the declared size, or inflates beyond it (a zip bomb)', () => {
    const small = encodePng({ width: 100, height: 100, colorType: 6, data: blankScanlines(50, 400) })
    expect(inspectPng(small)).toEqual({ ok: false, message: 'Invalid signature.' })
    const bomb = encodePng({
      width: 100,
      height: 100,
      colorType: 6,
      data: deflateSync(Buffer.alloc(50_000_000)),
    })
    expect(inspectPng(bomb)).toEqual({ ok: false, message: 'Invalid signature.' })
  })

  it('refuses bad headers: zero size, unknown colour type, wrong depth, unknown interlace', () => {
    for (const raw of [
      { width: 0, height: 10, colorType: 6 },
      { width: 10, height: 10, colorType: 5 },
      { width: 10, height: 10, colorType: 2, depth: 4 },
      { width: 10, height: 10, colorType: 6, interlace: 2 as never },
    ]) {
      const png = encodePng({ ...raw, data: blankScanlines(10, 40) })
      expect(inspectPng(png), JSON.stringify(raw)).toEqual({ ok: false, message: 'Invalid signature.' })
    }
  })

  it('refuses chunks out of order, a missing IEND, trailing bytes and bad CRCs', () => {
    const png = signaturePng({ width: 20, height: 10 })
    expect(inspectPng(png.subarray(0, png.byteLength - 12)).ok).toBe(false) // no IEND
    expect(inspectPng(Buffer.concat([png, Buffer.from('junk')])).ok).toBe(false)
    const badCrc = Buffer.from(png)
    badCrc[29] = (badCrc[29] ?? 0) ^ 1 // last CRC byte of IHDR
    expect(inspectPng(badCrc).ok).toBe(false)
    // IDAT before IHDR.
    const ihdr = png.subarray(8, 33)
    const rest = png.subarray(33)
    expect(
      inspectPng(Buffer.concat([png.subarray(0, 8), rest.subarray(0, rest.byteLength - 12), ihdr])).ok,
    ).toBe(false)
  })

  it(`bounds dimensions to ${SIGNATURE_LIMITS.maxWidth} by ${SIGNATURE_LIMITS.maxHeight} and size to 500 KB`, () => {
    const wide = encodePng({ width: 2001, height: 10, colorType: 0, data: blankScanlines(10, 2001) })
    expect(inspectPng(wide)).toEqual({ ok: false, message: 'Signature is too large.' })
    const tall = encodePng({ width: 10, height: 1001, colorType: 0, data: blankScanlines(1001, 10) })
    expect(inspectPng(tall)).toEqual({ ok: false, message: 'Signature is too large.' })
    const heavy = signaturePng({ width: 600, height: 300, noise: true })
    expect(checkSignaturePng(pngDataUrl(heavy))).toEqual({ ok: false, message: 'Signature is too large.' })
  })

  it('reads only base64 data URLs of the expected media type', () => {
    const png = signaturePng({ width: 10, height: 10 })
    expect(decodeDataUrl(pngDataUrl(png), ['image/png'])?.equals(png)).toBe(true)
    expect(decodeDataUrl(`data:image/gif;base64,${png.toString('base64')}`, ['image/png'])).toBeNull()
    expect(decodeDataUrl(`data:image/png,${png.toString('base64')}`, ['image/png'])).toBeNull()
    expect(decodeDataUrl('data:image/png;base64,abc', ['image/png'])).toBeNull()
    expect(decodeDataUrl('data:image/png;base64,ab$=', ['image/png'])).toBeNull()
    expect(decodeDataUrl(`data:;base64,${png.toString('base64')}`, null)?.equals(png)).toBe(true)
  })
})

describe('trust deeds', () => {
  it('loads a real PDF and keeps its bytes', async () => {
    const pdf = await trustDeedPdf(2)
    const checked = await checkTrustDeedPdf(pdfDataUrl(pdf))
    expect(checked.ok).toBe(true)
    if (checked.ok) {
      expect(checked.value.document.getPageCount()).toBe(2)
      expect(checked.value.bytes.equals(Buffer.from(pdf))).toBe(true)
    }
  })

  it('refuses other bytes, whatever the name or media type says', async () => {
    const png = signaturePng({ width: 10, height: 10 })
    expect(await checkTrustDeedPdf(pdfDataUrl(png))).toEqual({
      ok: false,
      message: 'File type is not supported.',
    })
    expect(await checkTrustDeedPdf('not a data url')).toEqual({
      ok: false,
      message: 'File type is not supported.',
    })
  })

  it('refuses a PDF header over garbage, and a PDF without pages', async () => {
    const garbage = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)])
    expect(await checkTrustDeedPdf(pdfDataUrl(garbage))).toEqual({
      ok: false,
      message: 'The PDF file cannot be read.',
    })
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false })
    expect(await checkTrustDeedPdf(pdfDataUrl(empty))).toEqual({
      ok: false,
      message: 'The PDF file cannot be read.',
    })
  })

  it('refuses more than 10,485,760 bytes', async () => {
    const big = Buffer.concat([Buffer.from(await trustDeedPdf(1)), Buffer.alloc(10_485_760)])
    expect(await checkTrustDeedPdf(pdfDataUrl(big))).toEqual({ ok: false, message: 'File is too large.' })
  })
})

describe('the digest of the submitted data', () => {
  it('is the SHA-256 of canonical JSON: sorted keys, no whitespace', () => {
    expect(canonicalJson({ b: [3, { d: 1, c: 'x' }], a: null, e: 'é"\n' })).toBe(
      '{"a":null,"b":[3,{"c":"x","d":1}],"e":"é\\"\\n"}',
    )
    expect(canonicalJson({ z: undefined, n: 1e21, f: 0.1 })).toBe('{"f":0.1,"n":1e+21}')
    expect(payloadDigest({ a: 1, b: 2 })).toBe(payloadDigest({ b: 2, a: 1 }))
    expect(payloadDigest({ a: 1 })).toMatch(/^[0-9a-f]{64}$/)
    expect(payloadDigest({ a: 1 })).not.toBe(payloadDigest({ a: 2 }))
  })

  it('gives unambiguous references', () => {
    const reference = newReference(2026)
    expect(reference).toMatch(/^CA-2026-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(new Set(Array.from({ length: 200 }, () => newReference(2026))).size).toBe(200)
  })
})
