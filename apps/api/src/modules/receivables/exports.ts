import { gstOf } from '@signalway/shared/money'
import { type Cell, NumberCell, toCsv } from '../../lib/csv.ts'
import type { ReceivablesDeps } from './payments.ts'
import { listInvoiceLinesIssued, listNoteLinesIssued, listPaymentsReceived } from './repository.ts'

/*
 * Exports for the accounting package (requirements §22, docs/accounting-exports.md): Xero's import layouts.
 * Invoices as Xero's sales invoice import (one row a line, amounts ex GST, "GST on Income"), adjustment notes as
 * its credit note import, and payments as one row per allocation (Date, Amount, Reference, InvoiceNumber, Account)
 * with a row without an invoice number for what is left unallocated. Dates dd/mm/yyyy; amounts in dollars with two
 * decimals. Each document's GST is spread on its lines' TaxAmount so that they add up to its GST exactly (it is
 * rounded once on the document, not per line). Written by lib/csv.ts: a cell that could start a formula is quoted.
 */

/** Xero's default chart of accounts: 200 Sales, 090 the business bank account; "GST on Income" is 10%. */
export const XERO_CODES = { sales: '200', bank: '090', taxType: 'GST on Income' } as const

const ADDRESS = [
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
]
const LINE_TAIL = [
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
]

export const INVOICE_CSV_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  ...ADDRESS,
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  ...LINE_TAIL,
] as const

export const CREDIT_NOTE_CSV_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  ...ADDRESS,
  '*CreditNoteNumber',
  'Reference',
  '*CreditNoteDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  ...LINE_TAIL,
] as const

export const PAYMENT_CSV_COLUMNS = ['Date', 'Amount', 'Reference', 'InvoiceNumber', 'Account'] as const

/** Cents as dollars with two decimals ('-12.50'): a number cell, so a reversal's minus sign is not taken for a formula. */
const dollars = (cents: number) => {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return new NumberCell(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`)
}
const dmy = (day: string) => day.split('-').reverse().join('/')
const blanks = (count: number): Cell[] => Array.from({ length: count }, () => '')

/** Each line's share of its document's GST: 10% of it, the last line taking the rounding so they add up. */
function taxShares<T extends { docId: number; amount: number; gst: number }>(rows: readonly T[]): number[] {
  return rows.map((row, index) => {
    const next = rows[index + 1]
    if (next && next.docId === row.docId) return gstOf(row.amount as never)
    const siblings = rows.filter((other, at) => other.docId === row.docId && at < index)
    return row.gst - siblings.reduce((sum, other) => sum + gstOf(other.amount as never), 0)
  })
}

export interface CsvFile {
  filename: string
  body: string
}

export async function invoicesCsv(deps: ReceivablesDeps, from: string, to: string): Promise<CsvFile> {
  const rows = await listInvoiceLinesIssued(deps.db, from, to)
  const tax = taxShares(
    rows.map((row) => ({ docId: row.invoice_id, amount: row.amount_cents, gst: row.gst_cents })),
  )
  const records = rows.map((row, index): Cell[] => [
    row.buyer_name,
    row.billing_email,
    ...blanks(ADDRESS.length),
    row.number,
    row.po_numbers,
    dmy(row.issue_date),
    dmy(row.due_date),
    dollars(row.total_cents),
    '',
    row.description,
    row.quantity,
    dollars(row.unit_price_cents),
    '',
    XERO_CODES.sales,
    XERO_CODES.taxType,
    dollars(tax[index] ?? 0),
    ...blanks(LINE_TAIL.length),
  ])
  return { filename: `invoices-${from}-to-${to}.csv`, body: toCsv(INVOICE_CSV_COLUMNS, records) }
}

export async function adjustmentNotesCsv(deps: ReceivablesDeps, from: string, to: string): Promise<CsvFile> {
  const rows = await listNoteLinesIssued(deps.db, from, to)
  const tax = taxShares(
    rows.map((row) => ({ docId: row.note_id, amount: row.amount_cents, gst: row.gst_cents })),
  )
  const records = rows.map((row, index): Cell[] => [
    row.buyer_name,
    row.billing_email,
    ...blanks(ADDRESS.length),
    row.number,
    row.invoice_number,
    dmy(row.issue_date),
    '',
    row.description,
    1,
    dollars(row.amount_cents),
    '',
    XERO_CODES.sales,
    XERO_CODES.taxType,
    dollars(tax[index] ?? 0),
    ...blanks(LINE_TAIL.length),
  ])
  return { filename: `adjustment-notes-${from}-to-${to}.csv`, body: toCsv(CREDIT_NOTE_CSV_COLUMNS, records) }
}

export async function paymentsCsv(deps: ReceivablesDeps, from: string, to: string): Promise<CsvFile> {
  const { payments, allocations } = await listPaymentsReceived(deps.db, from, to)
  const records: Cell[][] = []
  for (const payment of payments) {
    const own = allocations.filter((row) => row.payment_id === payment.id)
    const reference = [payment.account_number, payment.reference].filter(Boolean).join(' ')
    for (const allocation of own)
      records.push([
        dmy(payment.received_on),
        dollars(allocation.amount_cents),
        reference,
        allocation.number,
        XERO_CODES.bank,
      ])
    const left = payment.amount_cents - own.reduce((sum, row) => sum + row.amount_cents, 0)
    if (left !== 0) records.push([dmy(payment.received_on), dollars(left), reference, '', XERO_CODES.bank])
  }
  return { filename: `payments-${from}-to-${to}.csv`, body: toCsv(PAYMENT_CSV_COLUMNS, records) }
}
