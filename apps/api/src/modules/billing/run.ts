import {
  type BillableBooking,
  type BillingCycle,
  billingPeriods,
  draftInvoice,
  type InvoiceDraft,
} from '@signalway/shared/billing'
import { businessDay, formatIsoDay } from '@signalway/shared/business-time'
import type { BillingRunResult } from '@signalway/shared/invoices'
import { cents } from '@signalway/shared/money'
import { isUniqueViolation } from '../../db/errors.ts'
import type { BillingDeps } from './deps.ts'
import { type Buyer, buyerOf, issuePiece, type Piece, PieceDone, PieceStale, type UnitMove } from './issue.ts'
import {
  listRunAccounts,
  listRunBookings,
  listRunLines,
  type RunAccountRow,
  type RunBookingRow,
  type RunLineRow,
} from './run-repository.ts'

/*
 * The billing run (ADR 051), as at an instant (the clock's when scheduled; any past time in a test). It reads the
 * units with work in three queries, then for each account works out its pieces in time order: each billing period
 * ended since the units were last invoiced (a 'cycle' invoice up to the period's end) and each off-hire whose
 * pick-up time has passed with units invoiced to before it (an 'off_hire' invoice for those units up to it). Each
 * piece is drafted by the charge engine from the state the run holds, and issued in its own transaction; the state
 * moves on in memory as each commits. A piece another run issued, or whose units moved under this one, ends the
 * account's turn (the next run carries on from the database); one that fails is logged and does the same.
 */

interface UnitState {
  row: RunLineRow
  invoicedTo: string | null
  invoicedCents: number
}

interface BookingState {
  row: RunBookingRow
  units: UnitState[]
  deliveryInvoiced: boolean
  collectionInvoiced: boolean
}

interface AccountWork {
  account: RunAccountRow
  bookings: BookingState[]
}

interface PlannedPiece {
  kind: Piece['kind']
  workKey: string
  start: Date | null
  to: Date
  offHireId: number | null
  bookingId: number | null
  lineIds: number[] | undefined
}

export interface BillingRunOutcome extends BillingRunResult {
  invoiceIds: number[]
  noteIds: number[]
}

const MS = (value: string) => Date.parse(value)

/** The first instant a unit is no longer charged: its off-hire (just after its on-hire when the two are one). */
function chargesEnd(row: RunLineRow): number | null {
  if (row.off_hire_at === null || row.on_hire_at === null) return null
  return Math.max(MS(row.off_hire_at), MS(row.on_hire_at) + 1)
}

/** A unit with something to invoice or credit as at `asAt` (the run's query, for the state held in memory). */
function hasWork(unit: UnitState, asAt: number): boolean {
  const { on_hire_at: onHire, off_hire_at: offHire } = unit.row
  if (onHire === null || MS(onHire) >= asAt) return false
  if (unit.invoicedTo === null) return true
  const invoicedTo = MS(unit.invoicedTo)
  if (offHire !== null && invoicedTo > MS(offHire)) return true
  return invoicedTo < asAt && (offHire === null || invoicedTo < MS(offHire))
}

/**
 * What a unit is recorded as invoiced to: the invoice's end, or its off-hire when that came first. The engine
 * charges the same from either; keeping the off-hire lets the run's query pass over units invoiced in full.
 */
function storedInvoicedTo(row: RunLineRow, to: string): string {
  const end = chargesEnd(row)
  return end !== null && end < MS(to) ? new Date(end).toISOString() : to
}

export function cycleOf(account: RunAccountRow): BillingCycle {
  if (account.billing_cycle === 'monthly')
    return { kind: 'monthly', dayOfMonth: account.billing_day_of_month ?? 1 }
  return {
    kind: 'every_28_days',
    anchorDay: account.billing_anchor_day ?? formatIsoDay(businessDay(new Date(account.created_at))),
  }
}

function offHirePieces(work: AccountWork, asAt: number): PlannedPiece[] {
  const byOffHire = new Map<number, PlannedPiece>()
  for (const booking of work.bookings) {
    for (const unit of booking.units) {
      const { off_hire_id: offHireId, off_hire_at: offHireAt } = unit.row
      if (offHireId === null || offHireAt === null || MS(offHireAt) > asAt) continue
      if (unit.invoicedTo !== null && MS(unit.invoicedTo) >= MS(offHireAt)) continue
      const piece = byOffHire.get(offHireId) ?? {
        kind: 'off_hire' as const,
        workKey: `off-hire:${offHireId}`,
        start: null,
        to: new Date(offHireAt),
        offHireId,
        bookingId: booking.row.id,
        lineIds: [],
      }
      piece.lineIds?.push(unit.row.id)
      byOffHire.set(offHireId, piece)
    }
  }
  return [...byOffHire.values()]
}

function cyclePieces(work: AccountWork, asAt: number): PlannedPiece[] {
  const starts = work.bookings
    .flatMap((booking) => booking.units)
    .filter((unit) => hasWork(unit, asAt))
    .map((unit) => MS(unit.invoicedTo ?? (unit.row.on_hire_at as string)))
  if (starts.length === 0) return []
  const from = new Date(Math.min(...starts))
  const billedFrom = work.account.billed_from === null ? null : MS(work.account.billed_from)
  return billingPeriods(cycleOf(work.account), from, new Date(asAt))
    .filter((period) => period.end.getTime() <= asAt)
    .filter((period) => billedFrom === null || period.end.getTime() > billedFrom)
    .map((period) => ({
      kind: 'cycle' as const,
      workKey: `cycle:${work.account.id}:${period.end.toISOString()}`,
      start: period.start,
      to: period.end,
      offHireId: null,
      bookingId: null,
      lineIds: undefined,
    }))
}

/** The account's pieces in time order; at the same instant, an off-hire's before the period's. */
export function piecesOf(work: AccountWork, asAt: Date): PlannedPiece[] {
  const at = asAt.getTime()
  return [...offHirePieces(work, at), ...cyclePieces(work, at)].sort(
    (a, b) => a.to.getTime() - b.to.getTime() || (a.kind === b.kind ? 0 : a.kind === 'off_hire' ? -1 : 1),
  )
}

function billable(booking: BookingState): BillableBooking {
  return {
    reference: booking.row.reference,
    deliveryFeeCents: cents(booking.row.delivery_fee_cents),
    collectionFeeCents: cents(booking.row.collection_fee_cents),
    deliveryInvoiced: booking.deliveryInvoiced,
    collectionInvoiced: booking.collectionInvoiced,
    units: booking.units.map(({ row, invoicedTo, invoicedCents }) => ({
      lineId: row.id,
      fleetNumber: row.fleet_number,
      typeName: row.type_name,
      rates: {
        dayRate: cents(row.day_rate_cents),
        weekRate: cents(row.week_rate_cents),
        minimumDays: row.minimum_days,
      },
      onHireAt: row.on_hire_at,
      offHireAt: row.off_hire_at,
      invoicedTo,
      invoicedCents: cents(invoicedCents),
    })),
  }
}

function unitMoves(work: AccountWork, draft: InvoiceDraft): UnitMove[] {
  const units = new Map(work.bookings.flatMap((booking) => booking.units).map((unit) => [unit.row.id, unit]))
  return draft.units.map((done) => {
    const unit = units.get(done.lineId) as UnitState
    return {
      lineId: done.lineId,
      from: { invoicedTo: unit.invoicedTo, invoicedCents: unit.invoicedCents },
      to: { invoicedTo: storedInvoicedTo(unit.row, done.invoicedTo), invoicedCents: done.invoicedCents },
    }
  })
}

/** The state the run holds, moved on as the piece left it once it committed. */
function applyPiece(work: AccountWork, piece: Piece): void {
  const moves = new Map(piece.units.map((move) => [move.lineId, move.to]))
  for (const booking of work.bookings) {
    for (const unit of booking.units) {
      const to = moves.get(unit.row.id)
      if (to) Object.assign(unit, { invoicedTo: to.invoicedTo, invoicedCents: to.invoicedCents })
    }
    const done = piece.draft.bookings.find((entry) => entry.reference === booking.row.reference)
    if (done) {
      booking.deliveryInvoiced = done.deliveryInvoiced
      booking.collectionInvoiced = done.collectionInvoiced
    }
  }
}

function pieceOf(
  work: AccountWork,
  planned: PlannedPiece,
  times: { asAt: Date; auditAt: Date },
  buyer: Buyer,
) {
  const bookings = work.bookings.filter(
    (booking) => planned.bookingId === null || booking.row.id === planned.bookingId,
  )
  const draft = draftInvoice({
    bookings: bookings.map(billable),
    to: planned.to,
    ...(planned.lineIds ? { lineIds: planned.lineIds } : {}),
  })
  if (draft.lines.length === 0 && draft.credits.length === 0) return null
  return {
    kind: planned.kind,
    workKey: planned.workKey,
    periodStart: planned.start?.toISOString() ?? null,
    periodEnd: planned.to.toISOString(),
    offHireId: planned.offHireId,
    buyer,
    draft,
    units: unitMoves(work, draft),
    bookings: new Map(
      bookings.map((booking) => [
        booking.row.reference,
        { id: booking.row.id, poNumber: booking.row.po_number },
      ]),
    ),
    issuedAt: times.asAt,
    auditAt: times.auditAt,
  } satisfies Piece
}

/**
 * A piece another run issued (its work key is taken), whose units moved under this run, or that waited too long for
 * the database's lock (SQLite's one writer, busy with another instance): the next run carries on.
 */
const leftToNextRun = (error: unknown) =>
  error instanceof PieceDone ||
  error instanceof PieceStale ||
  isUniqueViolation(error) ||
  (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY'

/** Issues the account's pieces in order; stops at the first that is done elsewhere, stale or failing. */
async function billAccount(deps: BillingDeps, work: AccountWork, asAt: Date, outcome: BillingRunOutcome) {
  const buyer = buyerOf(work.account)
  for (const planned of piecesOf(work, asAt)) {
    const piece = pieceOf(work, planned, { asAt, auditAt: deps.clock() }, buyer)
    if (piece === null) continue
    try {
      const issued = await deps.db.transaction().execute((trx) => issuePiece(trx, piece))
      applyPiece(work, piece)
      outcome.invoiceIds.push(...issued.invoiceIds)
      outcome.noteIds.push(...issued.noteIds)
    } catch (error) {
      if (leftToNextRun(error)) {
        outcome.skipped += 1
      } else {
        outcome.failed += 1
        deps.log.error({ err: error, workKey: piece.workKey }, 'a piece of the billing run failed')
      }
      return
    }
  }
}

function workOf(accounts: RunAccountRow[], bookings: RunBookingRow[], lines: RunLineRow[]): AccountWork[] {
  const units = new Map<number, UnitState[]>()
  for (const row of lines) {
    const list = units.get(row.booking_id) ?? []
    list.push({ row, invoicedTo: row.invoiced_to, invoicedCents: row.invoiced_cents })
    units.set(row.booking_id, list)
  }
  const byAccount = new Map<number, BookingState[]>()
  for (const row of bookings) {
    const list = byAccount.get(row.account_id) ?? []
    list.push({
      row,
      units: units.get(row.id) ?? [],
      deliveryInvoiced: row.delivery_invoice_id !== null,
      collectionInvoiced: row.collection_invoice_id !== null,
    })
    byAccount.set(row.account_id, list)
  }
  return accounts.map((account) => ({ account, bookings: byAccount.get(account.id) ?? [] }))
}

/** The billing run as at `asAt` (see the head of this file): what it issued, skipped and failed. */
export async function runBillingAsAt(deps: BillingDeps, asAt: Date): Promise<BillingRunOutcome> {
  const at = asAt.toISOString()
  const lines = await listRunLines(deps.db, at)
  const bookings = await listRunBookings(deps.db, at)
  const accounts = await listRunAccounts(deps.db, at)
  const outcome: BillingRunOutcome = {
    asAt: at,
    invoices: 0,
    adjustmentNotes: 0,
    skipped: 0,
    failed: 0,
    invoiceIds: [],
    noteIds: [],
  }
  for (const work of workOf(accounts, bookings, lines)) await billAccount(deps, work, asAt, outcome)
  outcome.invoices = outcome.invoiceIds.length
  outcome.adjustmentNotes = outcome.noteIds.length
  return outcome
}
