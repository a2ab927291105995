import { formatBillingDay } from '@signalway/shared/billing'
import { type CalendarDay, dayNumber, parseIsoDay } from '@signalway/shared/business-time'
import { DOCUMENT_TITLES } from '@signalway/shared/invoices'
import { cents, formatMoney } from '@signalway/shared/money'
import { formatSiteAddress, SITE } from '@signalway/shared/site'
import type { BankDetails } from '../../config.ts'
import { footers, heading, rows, startBusinessDocument } from '../credit/pdf/business-document.ts'
import { COLORS, CONTENT_WIDTH, MARGIN, type PdfWriter } from '../credit/pdf/layout.ts'
import { addSealField, type PdfSealer, sealPdf } from '../credit/pdf/seal.ts'

/*
 * The tax invoice and the adjustment note (ADR 051) as the ATO asks for them: the words "Tax invoice" (or
 * "Adjustment note"), the business's name and ABN, the date of issue, each line's description, quantity and price,
 * the GST and the total, and the buyer's name and ABN (printed always, not only from $1,000). The invoice adds its
 * number, the due date, the purchase orders, the payment reference and the bank account; the note names the invoice
 * it adjusts and why. Sealed like the dockets (ADR 023), so a later change to the bytes breaks the seal.
 */

export interface DocumentLine {
  description: string
  quantity: number
  unitPriceCents: number
  amountCents: number
}

interface Buyer {
  name: string
  abn: string
  accountNumber: string
  address: string
}

export interface InvoicePdfInput {
  number: string
  issueDate: string
  dueDate: string
  buyer: Buyer
  poNumbers: string
  /** The charges' span, as the invoice prints it ('15/11/2026 to 14/12/2026'), or null. */
  period: string | null
  lines: readonly DocumentLine[]
  subtotalCents: number
  gstCents: number
  totalCents: number
  paymentReference: string
  bank: BankDetails
  createdAt: Date
  seal?: PdfSealer | undefined
}

export interface AdjustmentNotePdfInput {
  number: string
  issueDate: string
  invoiceNumber: string
  invoiceIssueDate: string
  buyer: Buyer
  reason: string
  lines: readonly DocumentLine[]
  subtotalCents: number
  gstCents: number
  totalCents: number
  createdAt: Date
  seal?: PdfSealer | undefined
}

const money = (amount: number) => formatMoney(cents(amount))
/** '2026-11-20' as '20/11/2026'. */
export const printedDay = (isoDay: string) => formatBillingDay(parseIsoDay(isoDay) as CalendarDay)
const termsOf = (issueDate: string, dueDate: string) =>
  dayNumber(parseIsoDay(dueDate) as CalendarDay) - dayNumber(parseIsoDay(issueDate) as CalendarDay)

function seller(w: PdfWriter): void {
  w.text(`${SITE.legalName}  ·  ABN ${SITE.abn}`, { font: w.fonts.bold, size: 10 })
  w.text(
    `${formatSiteAddress(SITE.offices[0].address)}  ·  ${SITE.phone.display}  ·  ${SITE.accountsEmail}`,
    { size: 9, color: COLORS.muted, width: CONTENT_WIDTH },
  )
}

function buyerRows(buyer: Buyer): [string, string][] {
  return [
    ['Bill to', buyer.name],
    ['Buyer’s ABN', buyer.abn],
    ...(buyer.address ? ([['Address', buyer.address]] as [string, string][]) : []),
    ['Account', buyer.accountNumber],
  ]
}

const COLUMNS = { quantity: 340, price: 400, amount: 480, width: 65 } as const

function tableRow(w: PdfWriter, cells: [string, string, string, string], bold = false): void {
  const font = bold ? w.fonts.bold : w.fonts.regular
  const size = 9
  w.ensure(w.measure(cells[0], { size, width: COLUMNS.quantity - MARGIN.left - 10 }) + 4)
  const top = w.y
  w.text(cells[0], { font, size, width: COLUMNS.quantity - MARGIN.left - 10 })
  const bottom = w.y
  for (const [index, x] of [COLUMNS.quantity, COLUMNS.price, COLUMNS.amount].entries()) {
    w.y = top
    w.text(cells[index + 1] as string, { font, size, x, width: COLUMNS.width, align: 'right' })
  }
  w.y = Math.min(bottom, w.y) - 4
}

function linesTable(w: PdfWriter, lines: readonly DocumentLine[]): void {
  tableRow(w, ['Description', 'Quantity', 'Unit price', 'Amount'], true)
  w.rule()
  w.space(4)
  for (const line of lines) {
    tableRow(w, [
      line.description,
      String(line.quantity),
      money(line.unitPriceCents),
      money(line.amountCents),
    ])
  }
  w.rule()
  w.space(4)
  w.text('Prices and amounts are ex GST.', { size: 8.5, color: COLORS.muted })
}

function totals(
  w: PdfWriter,
  values: { subtotalCents: number; gstCents: number; totalCents: number },
  total: string,
) {
  w.space(6)
  for (const [label, value, bold] of [
    ['Subtotal (ex GST)', money(values.subtotalCents), false],
    ['GST (10%)', money(values.gstCents), false],
    [total, money(values.totalCents), true],
  ] as const) {
    const top = w.y
    const font = bold ? w.fonts.bold : w.fonts.regular
    w.text(label, { font, x: COLUMNS.price - 120, width: 180, align: 'right' })
    w.y = top
    w.text(value, { font, x: COLUMNS.amount, width: COLUMNS.width, align: 'right' })
    w.space(2)
  }
}

async function finish(w: PdfWriter, title: string, input: { createdAt: Date; seal?: PdfSealer | undefined }) {
  footers(w, title)
  if (!input.seal) return w.doc.save()
  addSealField(
    w.doc,
    await input.seal.signerName(),
    input.createdAt,
    `${title} issued and sealed; any change after sealing breaks this seal.`,
  )
  return sealPdf(await w.doc.save({ useObjectStreams: false }), input.seal)
}

/** The tax invoice's PDF, sealed (unsealed when no sealer is given). */
export async function generateInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { seal, createdAt, ...printed } = input
  const title = `${DOCUMENT_TITLES.invoice} ${input.number}`
  const w = await startBusinessDocument({
    title,
    subject: `${DOCUMENT_TITLES.invoice}: ${input.buyer.name}`,
    createdAt,
    printed,
  })
  w.space(10)
  w.text(title, { font: w.fonts.bold, size: 18 })
  seller(w)
  heading(w, 'Invoice')
  rows(w, [
    ['Invoice number', input.number],
    ['Date of issue', printedDay(input.issueDate)],
    ['Due date', `${printedDay(input.dueDate)} (${termsOf(input.issueDate, input.dueDate)} days)`],
    ...buyerRows(input.buyer),
    ['Purchase orders', input.poNumbers || 'None'],
    ...(input.period ? ([['Period', input.period]] as [string, string][]) : []),
  ])
  heading(w, 'Charges')
  linesTable(w, input.lines)
  totals(w, input, 'Total (inc GST)')
  heading(w, 'How to pay')
  rows(w, [
    ['Pay by EFT to', input.bank.accountName],
    ['BSB', input.bank.bsb],
    ['Account number', input.bank.accountNumber],
    ['Payment reference', input.paymentReference],
  ])
  w.text(`Please quote the payment reference with your payment. Questions: ${SITE.accountsEmail}.`, {
    size: 8.5,
    color: COLORS.muted,
  })
  return finish(w, title, { createdAt, seal })
}

/** The adjustment note's PDF, sealed (unsealed when no sealer is given). */
export async function generateAdjustmentNotePdf(input: AdjustmentNotePdfInput): Promise<Uint8Array> {
  const { seal, createdAt, ...printed } = input
  const title = `${DOCUMENT_TITLES.adjustmentNote} ${input.number}`
  const w = await startBusinessDocument({
    title,
    subject: `${DOCUMENT_TITLES.adjustmentNote}: ${input.buyer.name}, invoice ${input.invoiceNumber}`,
    createdAt,
    printed,
  })
  w.space(10)
  w.text(title, { font: w.fonts.bold, size: 18 })
  seller(w)
  heading(w, 'Adjustment')
  rows(w, [
    ['Adjustment note number', input.number],
    ['Date of issue', printedDay(input.issueDate)],
    ['Original invoice', `${input.invoiceNumber} of ${printedDay(input.invoiceIssueDate)}`],
    ...buyerRows(input.buyer),
    ['Reason', input.reason],
  ])
  heading(w, 'Amounts taken off the invoice')
  linesTable(w, input.lines)
  totals(w, input, 'Total credited (inc GST)')
  return finish(w, title, { createdAt, seal })
}
