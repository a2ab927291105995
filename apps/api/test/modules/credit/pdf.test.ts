import { randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { parseCreditPayload } from '@signalway/shared/credit'
import { isValidAbn } from '@signalway/shared/fields'
import { SITE } from '@signalway/shared/site'
import { degrees, PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import {
  type CreditPdfInput,
  generateCreditApplicationPdf,
  PDF_TITLE,
  type PdfSignature,
} from '../../../src/modules/credit/pdf/credit-application-pdf.ts'
import { embedFonts } from '../../../src/modules/credit/pdf/fonts.ts'
import { embedPng, unfilter } from '../../../src/modules/credit/pdf/png-image.ts'
import { sanitize, wrapText } from '../../../src/modules/credit/pdf/text.ts'
import {
  creditApplicationFixture,
  encodePng,
  signaturePng,
  trustDeedField,
  trustDeedPdf,
} from '../../helpers/credit.ts'
import { type PlacedText, pdfPages, pdfPlacedText } from './helpers.ts'

async function input(
  type: 0 | 1 | 2 | 3 | 4,
  change: (wire: Awaited<ReturnType<typeof creditApplicationFixture>>) => void = () => {},
  persons = 2,
): Promise<CreditPdfInput> {
  const wire = await creditApplicationFixture(type, { persons })
  change(wire)
  const application = parseCreditPayload(wire)
  const sign = (list: { name: string }[]): PdfSignature[] =>
    list.map((entry, index) => ({ name: entry.name, png: signaturePng({ seed: index + 1 }) }))
  return {
    reference: 'CA-2026-TEST0001',
    submittedAt: new Date('2026-06-30T23:59:59.000Z'),
    application,
    signatures: sign(application.section4.signatures),
    guarantors: sign(application.section4.guarantors),
    record: { ip: '2001:db8::1', userAgent: 'Test agent', payloadSha256: 'a'.repeat(64) },
  }
}

describe('the credit application PDF', () => {
  it('is A4, titled, dated in Melbourne time, and numbered on every page', async () => {
    const bytes = await generateCreditApplicationPdf(await input(1))
    const doc = await PDFDocument.load(bytes)
    expect(doc.getTitle()).toBe('Application for Credit Account CA-2026-TEST0001')
    expect(doc.getAuthor()).toBe('Signalway Traffic Hire')
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28)
      expect(page.getHeight()).toBeCloseTo(841.89)
    }
    const pages = await pdfPages(bytes)
    // 30 June 23:59 UTC is 1 July 9:59 am in Melbourne (AEST, no daylight saving).
    expect(pages[0]).toContain('1 July 2026 at 9:59 am AEST')
    expect(pages.at(-1)).toContain('2026-06-30T23:59:59.000Z')
    expect(pages.at(-1)).toContain('2001:db8::1')
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
    }
  })

  it('flows twenty persons and their signatures over as many pages as they need', async () => {
    const bytes = await generateCreditApplicationPdf(await input(0, () => {}, 20))
    const pages = await pdfPages(bytes)
    const text = pages.join('\n')
    expect(pages.length).toBeGreaterThan(10)
    expect(text.match(/Director \d+: /gu)).toHaveLength(20)
    expect(text.match(/Signed electronically/gu)).toHaveLength(40)
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
    }
  })

  it('prints names in Latin, Greek, Cyrillic and Vietnamese as written, and never fails on other text', async () => {
    const hostile = [
      '👷‍♀️🚧',
      'مرحبا بالعالم',
      '\u202eevil\u202c',
      'שלום',
      '漢字テスト',
      'Zoë Ñúñez Łukasz',
      'tab\there\u0000nul\u0007bell',
      'line\nbreak\r\nCRLF',
      'e\u0301 combining',
    ]
    const bytes = await generateCreditApplicationPdf(
      await input(2, (wire) => {
        wire.section1.businessName = hostile.join(' | ').slice(0, 100)
        wire.section1.position = 'Zoë Ñúñez Łukasz'
        wire.section3.name = 'Nguyễn Thị Ánh, Ζωή, Дмитрий'
      }),
    )
    const text = (await pdfPages(bytes)).join('\n')
    expect(text).toContain('Zoë Ñúñez Łukasz')
    expect(text).toContain('Nguyễn Thị Ánh, Ζωή, Дмитрий')
    expect(text).toContain('| line break')
    // CJK (not in the font) and right-to-left scripts (no shaping) print as '?'.
    expect(text).toContain('????')
    expect(text).not.toMatch(/[\u0590-\u08ff\u4e00-\u9fff]/u)
  })

  it('uses the standard fonts when every text is WinAnsi, and embeds DejaVu subsets only when needed', async () => {
    const fontsOf = async (bytes: Uint8Array) => {
      const doc = await PDFDocument.load(bytes)
      const names = new Set<string>()
      for (const [, object] of doc.context.enumerateIndirectObjects()) {
        if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue
        const base = object.get(PDFName.of('BaseFont'))
        if (base instanceof PDFName) names.add(base.decodeText())
      }
      return [...names].sort()
    }
    const plain = await generateCreditApplicationPdf(await input(1))
    expect(await fontsOf(plain)).toEqual(['Courier', 'Helvetica', 'Helvetica-Bold'])
    const named = await generateCreditApplicationPdf(
      await input(1, (wire) => {
        wire.section3.name = 'Nguyễn Thị Ánh'
      }),
    )
    const embedded = await fontsOf(named)
    expect(embedded.join(' ')).not.toMatch(/Helvetica|Courier/)
    expect(embedded.map((name) => name.replace(/-\d+$/, ''))).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'DejaVuSansMono',
    ])
    // Subsets: far smaller than the fonts themselves (about 190 KB each).
    expect(named.length).toBeLessThan(plain.length + 120_000)
  })

  it('sanitizes to what the font can print and wraps long words', async () => {
    const doc = await PDFDocument.create()
    const font = (await embedFonts(doc, true)).regular
    expect(sanitize('Łukasz Nguyễn Ζωή Дмитрий', font)).toBe('Łukasz Nguyễn Ζωή Дмитрий')
    expect(sanitize('שלום 漢字', font)).toBe('???? ??')
    const helvetica = await doc.embedFont(StandardFonts.Helvetica)
    expect(sanitize('Łukasz', helvetica)).toBe('?ukasz')
    expect(sanitize('café – “quoted” — €5 • ok', font)).toBe('café – “quoted” — €5 • ok')
    expect(sanitize('a\u00a0b\u2009c\u202fd', font)).toBe('a b c d')
    expect(sanitize('x\u200by\u200fz\ufeff', font)).toBe('xyz')
    expect(sanitize('漢 ok', font)).toBe('? ok')
    expect(sanitize('e\u0301', font)).toBe('é')
    const lines = wrapText(`short ${'W'.repeat(200)} tail`, font, 10, 200)
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200)
    expect(lines.join('')).toContain('W'.repeat(10))
    expect(wrapText('a\n\nb', font, 10, 200)).toEqual(['a', '', 'b'])
  })
})

/** Signers of their own devices, with browsers long enough to take the signing record over several pages. */
function remoteRecords(application: CreditPdfInput['application']) {
  return application.section2.persons.map((person, index) => ({
    name: person.name,
    role: 'Director',
    email: person.email,
    signedAt: new Date('2026-06-30T10:00:00.000Z'),
    ip: `2001:db8::${index + 10}`,
    userAgent: `Mozilla/5.0 ${'(Long browser description) '.repeat(12)}`,
    textSha256: 'b'.repeat(64),
    guarantee: true,
  }))
}

const HEADER = `${PDF_TITLE}  ·  CA-2026-TEST0001`.replace(/\s+/gu, ' ')
/** The running header: the title and reference in the top 60 points of the page as shown, upright. */
const hasRunningHeader = (items: readonly PlacedText[]) =>
  items.some((item) => item.text.replace(/\s+/gu, ' ').includes(HEADER) && item.fromTop < 60 && item.upright)

describe("the PDF's page furniture", () => {
  it("mentions a trust deed in no footer of another customer type's PDF, even when the signing record takes several pages", async () => {
    for (const type of [0, 1, 2, 3] as const) {
      const base = await input(type, () => {}, type === 3 ? 1 : 3)
      const bytes = await generateCreditApplicationPdf({
        ...base,
        record: { ...base.record, signers: remoteRecords(base.application) },
      })
      const pages = await pdfPages(bytes)
      const record = pages.findIndex((page) => page.includes('Signing record'))
      // The test means something only if the record runs over to a page of its own.
      if (type !== 3) expect(pages.length - record, `type ${type}`).toBeGreaterThan(1)
      expect(pages.join('\n'), `type ${type}`).not.toMatch(/trust deed/iu)
      pages.forEach((page, index) => {
        expect(page).toContain(
          `${SITE.legalName} · ${PDF_TITLE} · CA-2026-TEST0001 Page ${index + 1} of ${pages.length}`,
        )
      })
    }
  })

  it("puts the trust deed's footer on the deed's pages only, upright on a turned page, and the running header on every page", async () => {
    const deed = await PDFDocument.load(await trustDeedPdf(3))
    deed.getPage(1).setRotation(degrees(90))
    deed.getPage(2).setRotation(degrees(270))
    const base = await input(4, (wire) => {
      wire.section1.trustDeed = trustDeedField(Buffer.from('%PDF-1.7 fixture'))
    })
    const bytes = await generateCreditApplicationPdf({
      ...base,
      trustDeed: { name: 'trust-deed.pdf', size: 4321, sha256: 'c'.repeat(64), document: deed },
      record: { ...base.record, signers: remoteRecords(base.application) },
    })
    const pages = await pdfPages(bytes)
    const placed = await pdfPlacedText(bytes)
    const deedPages = pages.flatMap((page, index) => (page.includes('TRUST DEED PAGE') ? [index] : []))
    expect(deedPages).toHaveLength(3)
    pages.forEach((page, index) => {
      const footer = `Trust deed (attached to CA-2026-TEST0001) · Page ${index + 1} of ${pages.length}`
      if (deedPages.includes(index)) {
        expect(page).toContain(footer)
        const line = placed[index]?.find((item) => item.text.includes('Trust deed (attached to'))
        expect(line?.upright, `page ${index + 1}`).toBe(true)
        expect(line?.fromBottom, `page ${index + 1}`).toBeLessThan(30)
      } else {
        expect(page).not.toContain('Trust deed (attached to')
        expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
      }
      expect(hasRunningHeader(placed[index] ?? []), `page ${index + 1}`).toBe(true)
    })
  })

  it('has the running header on every page of every customer type, the first page included', async () => {
    for (const type of [0, 1, 2, 3] as const) {
      const placed = await pdfPlacedText(await generateCreditApplicationPdf(await input(type)))
      placed.forEach((items, index) => {
        expect(hasRunningHeader(items), `type ${type}, page ${index + 1}`).toBe(true)
      })
    }
  })

  it("prints the business's own ABN, a valid one, in the letterhead, the terms and the guarantee", async () => {
    expect(isValidAbn(SITE.abn)).toBe(true)
    const text = (await pdfPages(await generateCreditApplicationPdf(await input(0)))).join('\n')
    expect(text).toContain(`${SITE.legalName} · ABN ${SITE.abn}`)
    expect(text).toContain(`applies to ${SITE.legalName} (ABN ${SITE.abn}) (the Owner)`)
    expect(text.split(`(ABN ${SITE.abn})`).length - 1).toBeGreaterThanOrEqual(2)
    expect(text).not.toContain('00 000 000 000')
  })
})

describe('PNG embedding', () => {
  /** Filters `pixels` (rows of `stride` bytes) with the filter type of each row, as an encoder would. */
  function filter(pixels: Buffer, stride: number, bpp: number, types: number[]): Buffer {
    const rows = pixels.byteLength / stride
    const out = Buffer.alloc(rows * (stride + 1))
    for (let y = 0; y < rows; y++) {
      const type = types[y % types.length] ?? 0
      out[y * (stride + 1)] = type
      for (let x = 0; x < stride; x++) {
        const at = (yy: number, xx: number) => (yy < 0 || xx < 0 ? 0 : (pixels[yy * stride + xx] as number))
        const raw = at(y, x)
        const left = x >= bpp ? at(y, x - bpp) : 0
        const up = at(y - 1, x)
        const upLeft = x >= bpp ? at(y - 1, x - bpp) : 0
        const p = left + up - upLeft
        const paeth =
          Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
            ? left
            : Math.abs(p - up) <= Math.abs(p - upLeft)
              ? up
              : upLeft
        const predicted = [0, left, up, (left + up) >> 1, paeth][type] ?? 0
        out[y * (stride + 1) + 1 + x] = (raw - predicted) & 0xff
      }
    }
    return out
  }

  it('reverses every PNG filter type', () => {
    const width = 17
    const bpp = 4
    const pixels = randomBytes(width * bpp * 10)
    const filtered = filter(pixels, width * bpp, bpp, [0, 1, 2, 3, 4])
    expect(unfilter(filtered, width, 10, bpp).equals(pixels)).toBe(true)
  })

  it('embeds RGBA with a soft mask only when some pixel is transparent', async () => {
    const width = 8
    const height = 4
    const opaque = Buffer.alloc(width * height * 4, 0xff)
    const transparent = Buffer.from(opaque)
    transparent[3] = 0
    for (const [pixels, masked] of [
      [opaque, false],
      [transparent, true],
    ] as const) {
      const doc = await PDFDocument.create()
      const png = encodePng({
        width,
        height,
        colorType: 6,
        data: deflateSync(filter(pixels, width * 4, 4, [1, 4])),
      })
      const image = await embedPng(doc, png)
      expect(image).toMatchObject({ width, height })
      const dict = doc.context.lookup(image.ref) as unknown as { dict: { has(key: unknown): boolean } }
      const { PDFName } = await import('pdf-lib')
      expect(dict.dict.has(PDFName.of('SMask'))).toBe(masked)
    }
  })

  it('falls back to pdf-lib for palette and 16-bit images, and still draws them', async () => {
    const palette = encodePng({
      width: 4,
      height: 2,
      colorType: 3,
      palette: Buffer.from([0, 0, 0, 255, 255, 255]),
      data: deflateSync(Buffer.from([0, 0, 1, 0, 1, 0, 1, 0, 1, 0])),
    })
    const deep = encodePng({
      width: 2,
      height: 2,
      colorType: 2,
      depth: 16,
      data: deflateSync(Buffer.alloc(2 * 13)),
    })
    const base = await input(3)
    const bytes = await generateCreditApplicationPdf({
      ...base,
      signatures: [{ name: 'Morgan Ellis', png: palette }],
      guarantors: [],
    })
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(2)
    const doc = await PDFDocument.create()
    expect(await embedPng(doc, deep)).toMatchObject({ width: 2, height: 2 })
  })
})
