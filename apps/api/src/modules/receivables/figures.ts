import { businessDay, formatIsoDay } from '@signalway/shared/business-time'
import {
  type AdjustmentNoteSummary,
  type Ageing,
  accountBalance,
  ageingOf,
  amountOwing,
  type InvoiceSummary,
  invoiceStatus,
  type Payment,
  unallocatedCredit,
} from '@signalway/shared/receivables'
import type { AllocationRow, InvoiceFiguresRow, NoteRow, PaymentRow } from './repository.ts'

/*
 * The receivables' figures worked out from the entries (requirements §22): each invoice's amount owing and status,
 * and the account's balance, unallocated credit and ageing as at a day. An entry counts from its day: an invoice
 * and a note from their issue date, a payment from the day it was received, an allocation from the day its payment
 * was received when it was made with the payment, otherwise from the day it was made (not before the payment's).
 */

export const melbourneDay = (instant: Date | string) => formatIsoDay(businessDay(new Date(instant)))

export function toInvoiceSummary(row: InvoiceFiguresRow, today: string): InvoiceSummary {
  const figures = {
    totalCents: row.total_cents,
    allocatedCents: Number(row.allocated_cents ?? 0),
    adjustedCents: Number(row.adjusted_cents ?? 0),
  }
  return {
    id: row.id,
    number: row.number,
    accountId: row.account_id,
    accountNumber: row.buyer_account_number,
    buyerName: row.buyer_name,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    subtotalCents: row.subtotal_cents,
    gstCents: row.gst_cents,
    ...figures,
    owingCents: amountOwing(figures),
    status: invoiceStatus(figures, row.due_date, today),
    paymentReference: row.payment_reference,
    deliveryMethod: row.delivery_method,
  }
}

export function toNoteSummary(row: NoteRow): AdjustmentNoteSummary {
  return {
    id: row.id,
    number: row.number,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    issueDate: row.issue_date,
    reason: row.reason,
    subtotalCents: row.subtotal_cents,
    gstCents: row.gst_cents,
    totalCents: row.total_cents,
  }
}

/** The day an allocation counts from. */
export function allocationDay(row: AllocationRow): string {
  if (row.created_at === row.payment_created_at) return row.received_on
  const made = melbourneDay(row.created_at)
  return made > row.received_on ? made : row.received_on
}

/** A payment with its allocations, as staff read it. */
export function toPayment(
  row: PaymentRow,
  allocations: readonly AllocationRow[],
  reversedBy: number | null,
): Payment {
  const own = allocations.filter((allocation) => allocation.payment_id === row.id)
  const reversedIds = new Set(allocations.map((allocation) => allocation.reverses_allocation_id))
  const allocated = own.reduce((sum, allocation) => sum + allocation.amount_cents, 0)
  const open = row.reverses_payment_id === null && reversedBy === null
  return {
    id: row.id,
    accountId: row.account_id,
    method: row.method,
    receivedOn: row.received_on,
    amountCents: row.amount_cents,
    reference: row.reference,
    notes: row.notes,
    reversesPaymentId: row.reverses_payment_id,
    reversedByPaymentId: reversedBy,
    allocations: own.map((allocation) => ({
      id: allocation.id,
      paymentId: allocation.payment_id,
      invoiceId: allocation.invoice_id,
      invoiceNumber: allocation.invoice_number,
      amountCents: allocation.amount_cents,
      reversesAllocationId: allocation.reverses_allocation_id,
      reversed: reversedIds.has(allocation.id),
      createdAt: allocation.created_at,
    })),
    unallocatedCents: open ? row.amount_cents - allocated : 0,
    createdAt: row.created_at,
  }
}

export interface AccountEntries {
  invoices: readonly InvoiceFiguresRow[]
  notes: readonly NoteRow[]
  payments: readonly PaymentRow[]
  allocations: readonly AllocationRow[]
}

export interface Position {
  balanceCents: number
  unallocatedCreditCents: number
  ageing: Ageing
}

const total = <T>(items: readonly T[], cents: (item: T) => number) =>
  items.reduce((sum, item) => sum + cents(item), 0)

/** The balance, the unallocated credit and the ageing as at the end of `asAt`, from the entries up to it. */
export function positionAt(entries: AccountEntries, asAt: string): Position {
  const invoices = entries.invoices.filter((row) => row.issue_date <= asAt)
  const notes = entries.notes.filter((row) => row.issue_date <= asAt)
  const payments = entries.payments.filter((row) => row.received_on <= asAt)
  const allocations = entries.allocations.filter((row) => allocationDay(row) <= asAt)
  const owing = invoices.map((invoice) => ({
    dueDate: invoice.due_date,
    owingCents: amountOwing({
      totalCents: invoice.total_cents,
      allocatedCents: total(
        allocations.filter((row) => row.invoice_id === invoice.id),
        (row) => row.amount_cents,
      ),
      adjustedCents: total(
        notes.filter((row) => row.invoice_id === invoice.id),
        (row) => row.total_cents,
      ),
    }),
  }))
  const paidCents = total(payments, (row) => row.amount_cents)
  return {
    balanceCents: accountBalance({
      invoicedCents: total(invoices, (row) => row.total_cents),
      adjustedCents: total(notes, (row) => row.total_cents),
      paidCents,
    }),
    unallocatedCreditCents: unallocatedCredit(
      paidCents,
      total(allocations, (row) => row.amount_cents),
    ),
    ageing: ageingOf(owing, asAt),
  }
}
