import { formatLongDateTime } from '@signalway/shared/business-time'
import type { StopKind } from '@signalway/shared/field-operations'
import { SITE } from '@signalway/shared/site'
import { PDFDocument, type PDFPage } from 'pdf-lib'
import { embedFonts, needsUnicodeFonts } from '../credit/pdf/fonts.ts'
import { COLORS, CONTENT_WIDTH, MARGIN, PAGE, PdfWriter } from '../credit/pdf/layout.ts'
import { drawLogoMark } from '../credit/pdf/logo.ts'
import { type EmbeddedImage, embedPng } from '../credit/pdf/png-image.ts'
import { addSealField, type PdfSealer, sealPdf } from '../credit/pdf/seal.ts'

/*
 * The delivery or collection docket (ADR 050): what was delivered to or collected from the site, when, by which
 * driver, and who on site received it with their signature, the photos and the notes. Sealed like the hire
 * agreement (ADR 023, 048) with the same layout and fonts, so a later change to its bytes breaks the seal.
 */

export const DOCKET_TITLES: Record<StopKind, string> = {
  delivery: 'Delivery docket',
  collection: 'Collection docket',
}

export interface DocketPdfInput {
  kind: StopKind
  reference: string
  bookingReference: string
  poNumber: string | null
  offHireNumber: string | null
  accountName: string
  accountNumber: string
  siteName: string
  siteAddress: string
  depotName: string
  timeZone: string
  driverName: string
  units: readonly { fleetNumber: string; typeName: string }[]
  signedAt: string
  receivedAt: string
  receivedBy: string
  notes: string
  /** The signature as re-encoded (PNG). */
  signaturePng: Uint8Array
  /** Thumbnails of the photos (JPEG). */
  photoJpegs: readonly Uint8Array[]
  createdAt: Date
  seal?: PdfSealer | undefined
}

function runningHeader(w: PdfWriter, page: PDFPage, title: string): number {
  const top = PAGE.height - MARGIN.top + 14
  drawLogoMark(page, MARGIN.left, top - 18, 18)
  w.textAt(page, SITE.name, MARGIN.left + 24, top - 12, { font: w.fonts.bold, size: 9.5 })
  w.textAt(page, title, PAGE.width - MARGIN.right, top - 12, { size: 8, color: COLORS.muted, align: 'right' })
  const y = top - 26
  page.drawLine({
    start: { x: MARGIN.left, y },
    end: { x: PAGE.width - MARGIN.right, y },
    thickness: 1,
    color: COLORS.amber,
  })
  return y - 8
}

function heading(w: PdfWriter, text: string): void {
  w.ensure(40)
  w.space(12)
  w.text(text, { font: w.fonts.bold, size: 12 })
  w.space(4)
  w.rule()
  w.space(4)
}

function rows(w: PdfWriter, values: [string, string][]): void {
  for (const [label, value] of values) {
    w.ensure(w.measure(value, { x: MARGIN.left + 150 }))
    const top = w.y
    w.text(label, { color: COLORS.muted, width: 140 })
    w.y = top
    w.text(value, { x: MARGIN.left + 150 })
    w.space(2)
  }
}

const SIGNATURE_BOX = { width: 220, height: 90 }
const PHOTO_BOX = { width: (CONTENT_WIDTH - 12) / 2, height: 170 }

function signatureSection(w: PdfWriter, input: DocketPdfInput, signature: EmbeddedImage): void {
  heading(w, 'Received on site')
  rows(w, [
    ['Received by', input.receivedBy],
    ['Signed', formatLongDateTime(input.signedAt, { timeZone: input.timeZone })],
  ])
  w.ensure(SIGNATURE_BOX.height + 10)
  w.space(6)
  const bottom = w.y - SIGNATURE_BOX.height
  w.page.drawRectangle({
    x: MARGIN.left,
    y: bottom,
    ...SIGNATURE_BOX,
    borderColor: COLORS.rule,
    borderWidth: 0.5,
  })
  w.imageIn(signature, { x: MARGIN.left + 4, y: bottom + 4, width: 212, height: 82 })
  w.y = bottom - 4
  w.text(`Signature of ${input.receivedBy}`, { size: 8.5, color: COLORS.muted })
}

function photosSection(w: PdfWriter, photos: readonly EmbeddedImage[]): void {
  if (photos.length === 0) return
  heading(w, 'Photos')
  for (let index = 0; index < photos.length; index += 2) {
    w.ensure(PHOTO_BOX.height + 8)
    const bottom = w.y - PHOTO_BOX.height
    for (const column of [0, 1]) {
      const photo = photos[index + column]
      if (!photo) continue
      const x = MARGIN.left + column * (PHOTO_BOX.width + 12)
      w.imageIn(photo, { x, y: bottom, ...PHOTO_BOX })
    }
    w.y = bottom - 8
  }
}

function footers(w: PdfWriter, title: string): void {
  const pages = w.doc.getPages()
  pages.forEach((page, index) => {
    const y = MARGIN.bottom - 26
    page.drawLine({
      start: { x: MARGIN.left, y: y + 12 },
      end: { x: PAGE.width - MARGIN.right, y: y + 12 },
      thickness: 0.5,
      color: COLORS.rule,
    })
    w.textAt(page, `${SITE.legalName}  ·  ${title}`, MARGIN.left, y, { size: 7.5, color: COLORS.muted })
    w.textAt(page, `Page ${index + 1} of ${pages.length}`, PAGE.width - MARGIN.right, y, {
      size: 7.5,
      color: COLORS.muted,
      align: 'right',
    })
  })
}

/** The docket's PDF, sealed (unsealed when no sealer is given). */
export async function generateDocketPdf(input: DocketPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const { seal, createdAt, signaturePng, photoJpegs, ...printed } = input
  const fonts = await embedFonts(doc, await needsUnicodeFonts(printed))
  const kindTitle = DOCKET_TITLES[input.kind]
  const title = `${kindTitle} ${input.reference}`
  doc.setTitle(title, { showInWindowTitleBar: true })
  doc.setSubject(`${kindTitle}: ${input.accountName}, ${input.siteName}`)
  doc.setAuthor(SITE.name)
  doc.setCreator(SITE.name)
  doc.setProducer(`${SITE.name} (pdf-lib)`)
  doc.setLanguage('en-AU')
  doc.setCreationDate(createdAt)
  doc.setModificationDate(createdAt)

  const w = new PdfWriter(doc, fonts, (writer, page) => runningHeader(writer, page, title))
  w.y = runningHeader(w, w.page, title)
  w.space(10)
  w.text(title, { font: fonts.bold, size: 18 })
  heading(w, 'Hire')
  rows(w, [
    ['Booking', input.bookingReference],
    ['Purchase order', input.poNumber ?? 'None'],
    ...(input.offHireNumber ? ([['Off-hire', input.offHireNumber]] as [string, string][]) : []),
    ['Hirer', `${input.accountName} (account ${input.accountNumber})`],
    ['Job site', `${input.siteName}, ${input.siteAddress}`],
    ['Depot', input.depotName],
    ['Driver', input.driverName],
    ['Received by the server', formatLongDateTime(input.receivedAt, { timeZone: input.timeZone })],
  ])
  heading(w, input.kind === 'delivery' ? 'Units delivered' : 'Units collected')
  for (const unit of input.units) w.text(`${unit.fleetNumber}: ${unit.typeName}`)
  signatureSection(w, input, await embedPng(doc, signaturePng))
  if (input.notes) {
    heading(w, 'Notes')
    w.text(input.notes, { size: 9.5 })
  }
  const photos: EmbeddedImage[] = []
  for (const jpeg of photoJpegs) {
    const image = await doc.embedJpg(jpeg)
    photos.push({ ref: image.ref, width: image.width, height: image.height })
  }
  photosSection(w, photos)
  footers(w, title)
  if (!seal) return doc.save()
  addSealField(
    doc,
    await seal.signerName(),
    createdAt,
    `${kindTitle} signed on site and sealed; any change after sealing breaks this seal.`,
  )
  return sealPdf(await doc.save({ useObjectStreams: false }), seal)
}
