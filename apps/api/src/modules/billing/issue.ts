import { formatAddress } from '@signalway/shared/address'
import type { HireCredit, InvoiceDraft, InvoiceLine } from '@signalway/shared/billing'
import { addDays, businessDay, formatIsoDay } from '@signalway/shared/business-time'
import {
  ADJUSTMENT_NOTE_NUMBER_PREFIX,
  type DocumentDeliveryMethod,
  deliveryMethodOf,
  formatDocumentNumber,
  INVOICE_NUMBER_PREFIX,
} from '@signalway/shared/invoices'
import { gstOf } from '@signalway/shared/money'
import type { Insertable } from 'kysely'
import { nextCounterValue } from '../../db/counters-repository.ts'
import type { Executor } from '../../db/database.ts'
import type { InvoiceLinesTable, InvoicesTable } from '../../db/schema.ts'
import { writeAudit } from '../audit/audit.ts'
import {
  insertAdjustmentNote,
  insertAdjustmentNoteLines,
  insertInvoice,
  insertInvoiceLines,
} from './documents-repository.ts'
import { advanceLinesState, findLastChargingInvoice, setFeeInvoice } from './run-repository.ts'

/*
 * One piece of the billing run in one transaction (ADR 051): the invoice's number from the 'INV' counter, the
 * invoice and its lines, the credits' adjustment notes (numbered from 'AN'), the units' and bookings' invoicing
 * state moved on from what the run read, and the audit entries. The work key is unique: a second attempt at the
 * same piece fails on it and rolls back, giving its number back. The PDF and the mail follow the commit.
 */

/** The buyer as the account is at issue. */
export interface Buyer {
  accountId: number
  accountNumber: string
  legalName: string
  abn: string
  address: string
  paymentTermsDays: number
  deliveryMethod: DocumentDeliveryMethod
}

/** The address on the account's credit application (its postal address, else its business address). */
export function buyerAddressOf(payload: string | null): string {
  if (payload === null) return ''
  try {
    const section1 = (JSON.parse(payload) as { section1?: Record<string, unknown> }).section1
    const postal = formatAddress(section1?.postalAddress as never)
    return postal || formatAddress(section1?.businessAddress as never)
  } catch {
    return ''
  }
}

export function buyerOf(account: {
  id: number
  account_number: string
  legal_name: string
  abn: string
  payment_terms_days: number
  invoice_delivery: number
  payload: string | null
}): Buyer {
  return {
    accountId: account.id,
    accountNumber: account.account_number,
    legalName: account.legal_name,
    abn: account.abn,
    address: buyerAddressOf(account.payload),
    paymentTermsDays: account.payment_terms_days,
    deliveryMethod: deliveryMethodOf(account.invoice_delivery),
  }
}

/** The buyer's columns and the issue date, as invoices and adjustment notes copy them. */
export const buyerColumns = (buyer: Buyer, issuedAt: Date) => ({
  account_id: buyer.accountId,
  issue_date: formatIsoDay(businessDay(issuedAt)),
  buyer_name: buyer.legalName,
  buyer_abn: buyer.abn,
  buyer_account_number: buyer.accountNumber,
  buyer_address: buyer.address,
  delivery_method: buyer.deliveryMethod,
  issued_at: issuedAt.toISOString(),
})

/** The piece's work key was used: another attempt issued it. */
export class PieceDone extends Error {}
/** The units' state moved since the run read it: the piece is left to the next run. */
export class PieceStale extends Error {}

/** A unit's invoicing state as the run read it, and as the piece leaves it. */
export interface UnitMove {
  lineId: number
  from: { invoicedTo: string | null; invoicedCents: number }
  to: { invoicedTo: string; invoicedCents: number }
}

export interface Piece {
  kind: 'cycle' | 'off_hire'
  workKey: string
  periodStart: string | null
  periodEnd: string
  offHireId: number | null
  buyer: Buyer
  draft: InvoiceDraft
  units: readonly UnitMove[]
  /** The bookings of the draft by reference: their id and PO number. */
  bookings: ReadonlyMap<string, { id: number; poNumber: string | null }>
  issuedAt: Date
  /** The time the entry is audited at (the clock's, when the run replays a past date). */
  auditAt: Date
}

export interface IssuedDocuments {
  invoiceIds: number[]
  noteIds: number[]
}

function lineValues(piece: Piece, invoiceId: number): Insertable<InvoiceLinesTable>[] {
  const invoicedTo = new Map(piece.units.map((unit) => [unit.lineId, unit.to.invoicedTo]))
  return piece.draft.lines.map((line: InvoiceLine, index) => ({
    invoice_id: invoiceId,
    position: index + 1,
    kind: line.kind,
    booking_id: piece.bookings.get(line.bookingReference)?.id ?? null,
    booking_reference: line.bookingReference,
    booking_line_id: line.kind === 'hire' ? line.lineId : null,
    fleet_number: line.kind === 'hire' ? line.fleetNumber : null,
    first_day: line.kind === 'hire' ? formatIsoDay(line.firstDay) : null,
    last_day: line.kind === 'hire' ? formatIsoDay(line.lastDay) : null,
    description: line.description,
    quantity: line.quantity,
    unit_price_cents: line.amountCents,
    amount_cents: line.amountCents,
    invoiced_to: line.kind === 'hire' ? (invoicedTo.get(line.lineId) ?? null) : null,
  }))
}

const poNumbersOf = (piece: Piece) =>
  [
    ...new Set(
      piece.draft.lines
        .map((line) => piece.bookings.get(line.bookingReference)?.poNumber ?? '')
        .filter((po) => po !== ''),
    ),
  ].join(', ')

/** Due `paymentTermsDays` after the Melbourne day of issue. */
export const dueDateOf = (issuedAt: Date, paymentTermsDays: number) =>
  formatIsoDay(addDays(businessDay(issuedAt), paymentTermsDays))

async function insertPieceInvoice(trx: Executor, piece: Piece, number: string): Promise<number> {
  const { buyer, draft } = piece
  const values: Insertable<InvoicesTable> = {
    ...buyerColumns(buyer, piece.issuedAt),
    number,
    work_key: piece.workKey,
    kind: piece.kind,
    period_start: piece.periodStart,
    period_end: piece.periodEnd,
    off_hire_id: piece.offHireId,
    due_date: dueDateOf(piece.issuedAt, buyer.paymentTermsDays),
    po_numbers: poNumbersOf(piece),
    subtotal_cents: draft.subtotalExGst,
    gst_cents: draft.gst,
    total_cents: draft.total,
    payment_reference: `${number} ${buyer.accountNumber}`,
    issued_by: null,
  }
  return insertInvoice(trx, values)
}

async function issueInvoice(trx: Executor, piece: Piece): Promise<number> {
  const number = formatDocumentNumber(
    INVOICE_NUMBER_PREFIX,
    await nextCounterValue(trx, INVOICE_NUMBER_PREFIX, 1),
  )
  const invoiceId = await insertPieceInvoice(trx, piece, number)
  await insertInvoiceLines(trx, lineValues(piece, invoiceId))
  for (const booking of piece.draft.bookings) {
    const id = piece.bookings.get(booking.reference)?.id
    if (id === undefined) continue
    const lines = piece.draft.lines.filter((line) => line.bookingReference === booking.reference)
    for (const fee of ['delivery', 'collection'] as const) {
      if (lines.some((line) => line.kind === fee) && !(await setFeeInvoice(trx, id, fee, invoiceId)))
        throw new PieceStale()
    }
  }
  await writeAudit(trx, {
    actor: null,
    action: 'invoice.issue',
    targetType: 'invoice',
    targetId: String(invoiceId),
    before: null,
    after: { number, workKey: piece.workKey, totalCents: piece.draft.total, lines: piece.draft.lines.length },
    at: piece.auditAt,
  })
  return invoiceId
}

/** The next adjustment note number, from the 'AN' counter in the inserting transaction. */
export async function nextNoteNumber(trx: Executor): Promise<string> {
  const value = await nextCounterValue(trx, ADJUSTMENT_NOTE_NUMBER_PREFIX, 1)
  return formatDocumentNumber(ADJUSTMENT_NOTE_NUMBER_PREFIX, value)
}

/** A unit's over-charge as an adjustment note naming the last invoice that charged it. */
async function issueCredit(trx: Executor, piece: Piece, credit: HireCredit): Promise<number> {
  const invoiceId = await findLastChargingInvoice(trx, credit.lineId)
  if (invoiceId === undefined) throw new Error(`no invoice charged booking line ${credit.lineId}`)
  const number = await nextNoteNumber(trx)
  const gst = gstOf(credit.amountCents)
  const noteId = await insertAdjustmentNote(trx, {
    ...buyerColumns(piece.buyer, piece.issuedAt),
    number,
    work_key: `credit:${invoiceId}:${credit.lineId}`,
    invoice_id: invoiceId,
    reason: `${credit.fleetNumber} ${credit.typeName}: its hire ended before the end of the invoice that charged it.`,
    subtotal_cents: credit.amountCents,
    gst_cents: gst,
    total_cents: credit.amountCents + gst,
    issued_by: null,
  })
  await insertAdjustmentNoteLines(trx, [
    {
      note_id: noteId,
      position: 1,
      booking_line_id: credit.lineId,
      description: credit.description,
      amount_cents: credit.amountCents,
    },
  ])
  await writeAudit(trx, {
    actor: null,
    action: 'adjustment-note.issue',
    targetType: 'adjustment-note',
    targetId: String(noteId),
    before: null,
    after: { number, invoiceId, totalCents: credit.amountCents + gst, workKey: piece.workKey },
    at: piece.auditAt,
  })
  return noteId
}

/** The units' moves grouped by the state they move from and to: one update a group. */
function movesByState(moves: readonly UnitMove[]) {
  const groups = new Map<string, { lineIds: number[]; from: UnitMove['from']; to: UnitMove['to'] }>()
  for (const move of moves) {
    const key = JSON.stringify([move.from, move.to])
    const group = groups.get(key) ?? { lineIds: [], from: move.from, to: move.to }
    group.lineIds.push(move.lineId)
    groups.set(key, group)
  }
  return groups.values()
}

/** The piece's documents and state in one transaction; PieceDone or PieceStale when it must not be issued. */
export async function issuePiece(trx: Executor, piece: Piece): Promise<IssuedDocuments> {
  const issued: IssuedDocuments = { invoiceIds: [], noteIds: [] }
  if (piece.draft.lines.length > 0) issued.invoiceIds.push(await issueInvoice(trx, piece))
  for (const credit of piece.draft.credits) issued.noteIds.push(await issueCredit(trx, piece, credit))
  for (const group of movesByState(piece.units)) {
    if (!(await advanceLinesState(trx, group.lineIds, group.from, group.to))) throw new PieceStale()
  }
  return issued
}
