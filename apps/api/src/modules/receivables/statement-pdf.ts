import { formatMoney } from '@signalway/shared/money'
import type { Statement } from '@signalway/shared/receivables'
import { SITE } from '@signalway/shared/site'
import { PDFDocument, type PDFPage } from 'pdf-lib'
import { embedFonts, needsUnicodeFonts } from '../credit/pdf/fonts.ts'
import { COLORS, MARGIN, PAGE, PdfWriter } from '../credit/pdf/layout.ts'
import { drawLogoMark } from '../credit/pdf/logo.ts'
import type { BankDetails } from './business.ts'

/*
 * The monthly statement as PDF (requirements §22): the same layout and fonts as the business's other documents
 * (the docket, the hire agreement). Not a tax invoice and not sealed: it is worked out again each time from the
 * entries, which are.
 */

const money = (cents: number) => formatMoney(cents as never)
const dmy = (day: string) => day.split('-').reverse().join('/')

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

/** Columns of the entries' table: x of each column's right edge for amounts, left edge for text. */
const COLUMNS = {
  date: MARGIN.left,
  reference: MARGIN.left + 62,
  description: MARGIN.left + 150,
  debit: 420,
  credit: 475,
  balance: PAGE.width - MARGIN.right,
}

function tableRow(w: PdfWriter, cells: [string, string, string, string, string, string], bold = false): void {
  const font = bold ? w.fonts.bold : w.fonts.regular
  const height = w.measure(cells[2], {
    x: COLUMNS.description,
    width: COLUMNS.debit - 60 - COLUMNS.description,
    size: 8.5,
  })
  w.ensure(height + 4)
  const top = w.y
  const at = (text: string, x: number, align: 'left' | 'right') =>
    w.textAt(w.page, text, x, top - 9, { font, size: 8.5, align })
  at(cells[0], COLUMNS.date, 'left')
  at(cells[1], COLUMNS.reference, 'left')
  at(cells[3], COLUMNS.debit, 'right')
  at(cells[4], COLUMNS.credit, 'right')
  at(cells[5], COLUMNS.balance, 'right')
  w.text(cells[2], {
    x: COLUMNS.description,
    width: COLUMNS.debit - 60 - COLUMNS.description,
    size: 8.5,
    font,
  })
  w.y = Math.min(w.y, top - 12) - 3
}

function summary(w: PdfWriter, statement: Statement): void {
  const rows: [string, string][] = [
    ['Opening balance', money(statement.openingBalanceCents)],
    ['Invoices', money(statement.invoicedCents)],
    ['Adjustment notes', `−${money(statement.adjustedCents)}`],
    ['Payments', `−${money(statement.paidCents)}`],
    ['Closing balance', money(statement.closingBalanceCents)],
  ]
  for (const [label, value] of rows) {
    const top = w.y
    w.text(label, { font: label === 'Closing balance' ? w.fonts.bold : w.fonts.regular })
    w.textAt(w.page, value, COLUMNS.balance, top - 10, {
      align: 'right',
      font: label === 'Closing balance' ? w.fonts.bold : w.fonts.regular,
    })
    w.space(2)
  }
}

function ageing(w: PdfWriter, statement: Statement): void {
  w.space(10)
  w.text(`Ageing at ${dmy(statement.to)}`, { font: w.fonts.bold, size: 11 })
  w.space(4)
  const cells: [string, number][] = [
    ['Current', statement.ageing.currentCents],
    ['30 days', statement.ageing.days30Cents],
    ['60 days', statement.ageing.days60Cents],
    ['90+ days', statement.ageing.days90PlusCents],
    ['Unallocated credit', -statement.unallocatedCreditCents],
  ]
  const width = (COLUMNS.balance - MARGIN.left) / cells.length
  const top = w.y
  cells.forEach(([label, cents], index) => {
    const x = MARGIN.left + width * (index + 1) - 4
    w.textAt(w.page, label, x, top - 9, { size: 8.5, color: COLORS.muted, align: 'right' })
    w.textAt(w.page, money(cents), x, top - 22, { size: 9.5, align: 'right' })
  })
  w.y = top - 30
}

function howToPay(w: PdfWriter, statement: Statement, bank: BankDetails | null): void {
  w.space(10)
  w.text('How to pay', { font: w.fonts.bold, size: 11 })
  w.space(4)
  const reference = `Quote your account number ${statement.account.accountNumber} and the invoice numbers you pay.`
  if (bank)
    w.text(
      `EFT to ${bank.accountName || SITE.legalName}, BSB ${bank.bsb}, account ${bank.accountNumber}. ${reference}`,
      { size: 9.5 },
    )
  else w.text(`Ask ${SITE.accountsEmail} for our bank details. ${reference}`, { size: 9.5 })
  w.text(`Questions about this statement: ${SITE.accountsEmail}, ${SITE.phone.display}.`, { size: 9.5 })
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
    w.textAt(page, `${SITE.legalName}  ·  ABN ${SITE.abn}  ·  ${title}`, MARGIN.left, y, {
      size: 7.5,
      color: COLORS.muted,
    })
    w.textAt(page, `Page ${index + 1} of ${pages.length}`, PAGE.width - MARGIN.right, y, {
      size: 7.5,
      color: COLORS.muted,
      align: 'right',
    })
  })
}

function entries(w: PdfWriter, statement: Statement): void {
  w.space(10)
  tableRow(w, ['Date', 'Reference', 'Details', 'Debit', 'Credit', 'Balance'], true)
  w.rule()
  w.space(3)
  tableRow(w, [dmy(statement.from), '', 'Opening balance', '', '', money(statement.openingBalanceCents)])
  for (const entry of statement.entries)
    tableRow(w, [
      dmy(entry.date),
      entry.reference,
      entry.description,
      entry.debitCents ? money(entry.debitCents) : '',
      entry.creditCents ? money(entry.creditCents) : '',
      money(entry.balanceCents),
    ])
  tableRow(w, [dmy(statement.to), '', 'Closing balance', '', '', money(statement.closingBalanceCents)], true)
}

/** The statement's PDF (A4, unsealed). */
export async function generateStatementPdf(
  statement: Statement,
  bank: BankDetails | null,
  createdAt: Date,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts = await embedFonts(doc, await needsUnicodeFonts(statement))
  const title = `Statement ${statement.account.accountNumber} ${statement.month}`
  doc.setTitle(title, { showInWindowTitleBar: true })
  doc.setSubject(
    `Statement for ${statement.account.legalName}, ${dmy(statement.from)} to ${dmy(statement.to)}`,
  )
  doc.setAuthor(SITE.name)
  doc.setCreator(SITE.name)
  doc.setProducer(`${SITE.name} (pdf-lib)`)
  doc.setLanguage('en-AU')
  doc.setCreationDate(createdAt)
  doc.setModificationDate(createdAt)
  const w = new PdfWriter(doc, fonts, (writer, page) => runningHeader(writer, page, title))
  w.y = runningHeader(w, w.page, title)
  w.space(10)
  w.text('Statement', { font: fonts.bold, size: 18 })
  w.text(`${SITE.legalName}, ABN ${SITE.abn}`, { size: 9.5, color: COLORS.muted })
  w.space(8)
  w.text(`${statement.account.legalName} (account ${statement.account.accountNumber})`, { font: fonts.bold })
  if (statement.account.address) w.text(statement.account.address, { size: 9.5 })
  w.text(`For ${dmy(statement.from)} to ${dmy(statement.to)}`, { size: 9.5 })
  w.space(8)
  summary(w, statement)
  entries(w, statement)
  ageing(w, statement)
  howToPay(w, statement, bank)
  footers(w, title)
  return doc.save()
}
