import { formatDateTime, formatLongDateTime } from '@signalway/shared/business-time'
import { cents, formatMoney } from '@signalway/shared/money'
import { SITE } from '@signalway/shared/site'
import { hireTerms } from '@signalway/shared/terms'
import { footers, heading, rows, startBusinessDocument } from '../credit/pdf/business-document.ts'
import { COLORS, CONTENT_WIDTH, type PdfWriter } from '../credit/pdf/layout.ts'
import { addSealField, type PdfSealer, sealPdf } from '../credit/pdf/seal.ts'

/*
 * The hire agreement of a booking (ADR 048): the account, the site, the equipment and period, the indicative price
 * ex GST with GST and the total, the Terms and Conditions of Hire accepted, and the record of that acceptance with
 * the SHA-256 of the terms' text. It is sealed like the credit application (ADR 023), with the same layout and
 * fonts, so a later change to its bytes breaks the seal.
 */

export const AGREEMENT_TITLE = 'Hire Agreement'

export interface AgreementItem {
  description: string
  quantity: number
  dayRateCents: number
  weekRateCents: number
  minimumDays: number
  subtotalCents: number
}

export interface AgreementPdfInput {
  reference: string
  accountName: string
  accountNumber: string
  siteName: string
  siteAddress: string
  depotName: string
  timeZone: string
  startsAt: string
  endsAt: string
  delivery: boolean
  nightWorks: boolean
  siteContact: string
  poNumber: string | null
  jobReference: string | null
  orderedByName: string
  items: AgreementItem[]
  deliveryFeeCents: number
  collectionFeeCents: number
  subtotalCents: number
  gstCents: number
  totalCents: number
  acceptance: {
    name: string
    at: string
    ip: string
    userAgent: string
    termsVersion: string
    sha256: string
  }
  createdAt: Date
  seal?: PdfSealer | undefined
}

const money = (amount: number) => formatMoney(cents(amount))

function itemsSection(w: PdfWriter, input: AgreementPdfInput): void {
  heading(w, 'Equipment and indicative price')
  for (const item of input.items) {
    w.ensure(30)
    w.text(`${item.quantity} × ${item.description}`, { font: w.fonts.bold })
    w.text(
      `${money(item.dayRateCents)} a day, ${money(item.weekRateCents)} a week, minimum ${item.minimumDays} day${item.minimumDays === 1 ? '' : 's'}: ${money(item.subtotalCents)} ex GST`,
      { size: 9, color: COLORS.muted },
    )
    w.space(4)
  }
  w.space(4)
  rows(w, [
    ['Delivery', input.delivery ? `${money(input.deliveryFeeCents)} ex GST` : 'Picked up at the depot'],
    ['Collection', input.delivery ? `${money(input.collectionFeeCents)} ex GST` : 'Returned to the depot'],
    ['Subtotal', `${money(input.subtotalCents)} ex GST`],
    ['GST', money(input.gstCents)],
    ['Total', `${money(input.totalCents)} inc GST`],
  ])
  w.space(4)
  w.text(
    'The price is indicative: invoices charge each unit from when it goes on hire to the pick-up time of its off-hire, at the rates above.',
    { size: 8.5, color: COLORS.muted },
  )
}

function termsSection(w: PdfWriter): void {
  heading(w, 'Terms and Conditions of Hire')
  for (const clause of hireTerms) {
    w.ensure(50)
    w.space(6)
    w.text(`${clause.number}.  ${clause.title}`, { font: w.fonts.bold, size: 9.5 })
    clause.paragraphs.forEach((text, index) => {
      w.space(2)
      w.text(`${clause.number}.${index + 1}  ${text}`, { size: 8.5, leading: 1 })
    })
  }
}

function acceptanceSection(w: PdfWriter, input: AgreementPdfInput): void {
  const { acceptance } = input
  heading(w, 'Acceptance record')
  w.text(
    `On ${formatLongDateTime(acceptance.at, { seconds: true })}, ${acceptance.name} accepted the Terms and Conditions of Hire above for ${input.accountName}, by ticking the box and typing their full name on the booking form.`,
    { size: 9.5 },
  )
  w.space(6)
  rows(w, [
    ['Terms version', acceptance.termsVersion],
    ['IP address', acceptance.ip],
    ['Browser', acceptance.userAgent || 'Not given'],
  ])
  w.text('SHA-256 of the terms text', { color: COLORS.muted })
  w.text(acceptance.sha256, { font: w.fonts.mono, size: 8.5 })
}

/** The sealed hire agreement (unsealed when no sealer is given). */
export async function generateAgreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const { seal, createdAt, ...printed } = input
  const w = await startBusinessDocument({
    title: `${AGREEMENT_TITLE} ${input.reference}`,
    subject: `${AGREEMENT_TITLE}: ${input.accountName}, ${input.siteName}`,
    createdAt,
    printed,
    headerText: `${AGREEMENT_TITLE}  ·  ${input.reference}`,
  })
  const { doc } = w
  w.space(10)
  w.text(`${AGREEMENT_TITLE} ${input.reference}`, { font: w.fonts.bold, size: 18 })
  w.text(`${SITE.legalName} (ABN ${SITE.abn}), the Owner, hires the equipment below to the Hirer.`, {
    size: 9.5,
    color: COLORS.muted,
    width: CONTENT_WIDTH,
  })
  heading(w, 'Hirer and site')
  const when = (value: string) => formatDateTime(value, input.timeZone)
  rows(w, [
    ['Hirer', `${input.accountName} (account ${input.accountNumber})`],
    ['Booked by', input.orderedByName],
    ['Job site', `${input.siteName}, ${input.siteAddress}`],
    ['Site contact', input.siteContact],
    ['Depot', input.depotName],
    ['Hire period', `${when(input.startsAt)} to ${when(input.endsAt)} (expected end)`],
    ['Delivery', input.delivery ? 'Delivered to and collected from the site' : 'Picked up at the depot'],
    ['Night works', input.nightWorks ? 'Yes' : 'No'],
    ['Purchase order', input.poNumber ?? 'None'],
    ['Job reference', input.jobReference ?? 'None'],
  ])
  itemsSection(w, input)
  termsSection(w)
  acceptanceSection(w, input)
  footers(w, `${AGREEMENT_TITLE}  ·  ${input.reference}`)
  if (!seal) return doc.save()
  addSealField(
    doc,
    await seal.signerName(),
    createdAt,
    'Hire agreement accepted and sealed; any change after sealing breaks this seal.',
  )
  return sealPdf(await doc.save({ useObjectStreams: false }), seal)
}
