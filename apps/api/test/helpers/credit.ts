import { randomFillSync } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import type { CustomerType } from '@signalway/shared/constants'
import type { CreditPayload } from '@signalway/shared/credit'
import { PDFDocument, StandardFonts } from 'pdf-lib'

/*
 * Credit application fixtures for tests and the PDF benchmark: a valid wire payload of
 * POST /api/apply-for-credit per customer type, with real PNG signatures and a real PDF deed.
 * No vitest here, so that bench/pdf.ts can use it too.
 */

/* ---------- PNG ---------- */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.byteLength)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export interface PngOptions {
  width?: number
  height?: number
  /** Varies the stroke, so that signatures differ. */
  seed?: number
  /** Random pixels, stored uncompressed: a large file of sane dimensions. */
  noise?: boolean
}

/**
 * A real PNG (8-bit RGBA, zlib-compressed): a black signature-like stroke on white, as the
 * signature pad draws (500 by 200 by default).
 */
export function signaturePng({
  width = 500,
  height = 200,
  seed = 1,
  noise = false,
}: PngOptions = {}): Buffer {
  const stride = 1 + width * 4
  const raw = Buffer.alloc(stride * height, 0xff)
  if (noise) randomFillSync(raw)
  for (let y = 0; y < height; y++) raw[y * stride] = 0 // filter: none
  const plot = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx
        const py = Math.round(y) + dy
        if (px < 0 || py < 0 || px >= width || py >= height) continue
        raw.fill(0, py * stride + 1 + px * 4, py * stride + 1 + px * 4 + 3)
      }
    }
  }
  for (let x = width * 0.08; x < width * 0.92; x += 0.5) {
    const t = x / width
    const y = height / 2 + Math.sin(t * (10 + seed) + seed) * height * 0.25 * Math.cos(t * 3 + seed)
    plot(x, y)
  }
  return encodePng({ width, height, colorType: 6, data: deflateSync(raw, { level: noise ? 0 : 6 }) })
}

export interface RawPng {
  width: number
  height: number
  /** 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA. */
  colorType: number
  depth?: number
  interlace?: 0 | 1
  /** The zlib stream of the filtered scanlines (the IDAT content). */
  data: Buffer
  /** RGB triples, for colour type 3. */
  palette?: Buffer
}

/** Assembles PNG chunks (with their CRCs) around the given image data. */
export function encodePng(png: RawPng): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(png.width, 0)
  header.writeUInt32BE(png.height, 4)
  header[8] = png.depth ?? 8
  header[9] = png.colorType
  header[12] = png.interlace ?? 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(png.palette ? [chunk('PLTE', png.palette)] : []),
    chunk('IDAT', png.data),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function pngDataUrl(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`
}

/* ---------- PDF ---------- */

/** A real PDF made with pdf-lib: `pages` A4 pages, each saying 'TRUST DEED PAGE n'. */
export async function trustDeedPdf(pages = 2, title = 'TRUST DEED'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.TimesRoman)
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595.28, 841.89])
    page.drawText(`${title} PAGE ${n}`, { x: 72, y: 760, size: 18, font })
    page.drawText('The Ellis Family Trust, established by deed of settlement.', {
      x: 72,
      y: 730,
      size: 11,
      font,
    })
  }
  return doc.save()
}

export function pdfDataUrl(pdf: Uint8Array, mediaType = 'application/pdf'): string {
  return `data:${mediaType};base64,${Buffer.from(pdf).toString('base64')}`
}

/** The trust deed field of the wire payload: JSON of { name, data, size (KB) }. */
export function trustDeedField(
  pdf: Uint8Array,
  name = 'trust-deed.pdf',
  mediaType = 'application/pdf',
): string {
  return JSON.stringify({ name, data: pdfDataUrl(pdf, mediaType), size: Math.ceil(pdf.byteLength / 1024) })
}

/* ---------- Payload ---------- */

const CUSTOMER_NAMES: Record<CustomerType, string> = {
  0: 'Ellis Civil Pty Ltd',
  1: 'Ellis Infrastructure Limited',
  2: 'Ellis & Nguyen Partners',
  3: 'Morgan Ellis',
  4: 'Ellis Holdings ATF the Ellis Family Trust',
}

const PERSON_NAMES = ['Morgan Ellis', 'Priya Nguyen', 'Liam O’Connor', 'Sofia Rossi', 'Noah Williams']

export interface CreditFixtureOptions {
  /** Persons in section 2 (a sole trader always has 1); default 2. */
  persons?: number
  /** The trust deed's bytes (trusts only); default a 2-page PDF. */
  trustDeed?: Uint8Array
  /** Signature PNGs; default 500x200 strokes. */
  signature?: (index: number) => Buffer
}

export interface CreditFixtureSignature {
  id: string
  name: string
  specimen: string
}

/**
 * A valid wire payload of POST /api/apply-for-credit for one customer type, as the web form
 * sends it: ACN for types 0 and 1, a trust deed for 4, one person for 3, guarantor signatures
 * for 0 ('[]' otherwise), each signature a real PNG data URL.
 */
export async function creditApplicationFixture(
  customerType: CustomerType,
  options: CreditFixtureOptions = {},
): Promise<CreditPayload> {
  const count = customerType === 3 ? 1 : (options.persons ?? 2)
  const makePng = options.signature ?? ((index: number) => signaturePng({ seed: index + 1 }))
  const persons = Array.from({ length: count }, (_, index) => {
    const name = PERSON_NAMES[index % PERSON_NAMES.length] ?? 'Morgan Ellis'
    const tag = index + 1
    return {
      id: `person-${tag}`,
      name,
      address: {
        fullAddress: `${tag} Hill Street, Frankston VIC 3199`,
        unitNumber: '',
        streetNumber: String(tag),
        streetName: 'Hill Street',
        city: 'Frankston',
        state: 'VIC' as const,
        postcode: '3199',
      },
      phone: `0412 345 67${tag % 10}`,
      email: `person${tag}@elliscivil.example`,
      driversLicence: `04${tag}123456`,
    }
  })
  const signatures: CreditFixtureSignature[] = persons.map((person, index) => ({
    id: person.id,
    name: person.name,
    specimen: pngDataUrl(makePng(index)),
  }))
  const guarantors: CreditFixtureSignature[] =
    customerType === 0
      ? persons.map((person, index) => ({
          id: person.id,
          name: person.name,
          specimen: pngDataUrl(makePng(index + 100)),
        }))
      : []
  const businessAddress = {
    fullAddress: '',
    unitNumber: '4',
    streetNumber: '12',
    streetName: 'Quarry Road',
    city: 'Dandenong South',
    state: 'VIC' as const,
    postcode: '3175',
  }
  return {
    section1: {
      personCompletingTheApplication: 'Morgan Ellis',
      position: 'Director',
      customerType,
      fullNameOfCustomer: CUSTOMER_NAMES[customerType],
      businessName: 'Ellis Civil Works',
      acn: customerType === 0 || customerType === 1 ? '004 085 616' : '',
      abn: '51 824 753 556',
      phone: '03 5550 1234',
      fax: '',
      email: 'accounts@elliscivil.example',
      customerTradingLength: '7 years',
      businessAddress,
      postalAddress: { ...businessAddress },
      trustDeed: customerType === 4 ? trustDeedField(options.trustDeed ?? (await trustDeedPdf())) : '',
    },
    section2: { persons },
    section3: { name: 'Sam Nguyen', phone: '03 5550 9876', email: 'ap@elliscivil.example', sendBy: 0 },
    section4: {
      agreeTerms: true,
      signatures: JSON.stringify(signatures),
      guarantors: JSON.stringify(guarantors),
    },
  }
}
