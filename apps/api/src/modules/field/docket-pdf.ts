import { formatLongDateTime } from '@signalway/shared/business-time'
import type { StopKind } from '@signalway/shared/field-operations'
import { footers, heading, rows, startBusinessDocument } from '../credit/pdf/business-document.ts'
import { COLORS, CONTENT_WIDTH, MARGIN, type PdfWriter } from '../credit/pdf/layout.ts'
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

/** The docket's PDF, sealed (unsealed when no sealer is given). */
export async function generateDocketPdf(input: DocketPdfInput): Promise<Uint8Array> {
  const { seal, createdAt, signaturePng, photoJpegs, ...printed } = input
  const kindTitle = DOCKET_TITLES[input.kind]
  const title = `${kindTitle} ${input.reference}`
  const w = await startBusinessDocument({
    title,
    subject: `${kindTitle}: ${input.accountName}, ${input.siteName}`,
    createdAt,
    printed,
  })
  const { doc } = w
  w.space(10)
  w.text(title, { font: w.fonts.bold, size: 18 })
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
