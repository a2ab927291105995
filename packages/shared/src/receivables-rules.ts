import { addDays, dayNumber, formatIsoDay, parseIsoDay } from './business-time.ts'

/*
 * What a customer owes (requirements §22, ADR 051): pure rules over the insert-only invoices, adjustment notes,
 * payments and allocations. Nothing here is stored; every figure is worked out again from the entries, so a
 * reversal (an opposite entry) undoes what it reverses without an update. Days are Melbourne's 'YYYY-MM-DD'.
 */

/** The exact words of an invoice's status. */
export const INVOICE_STATUSES = ['Unpaid', 'Part paid', 'Paid', 'Overdue'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** The ageing buckets: not yet due, then by days past the due date. */
export interface Ageing {
  /** Not past its due date. */
  currentCents: number
  /** 1 to 30 days past due. */
  days30Cents: number
  /** 31 to 60 days past due. */
  days60Cents: number
  /** More than 60 days past due. */
  days90PlusCents: number
}

export interface InvoiceFigures {
  totalCents: number
  /** Net of reversals: the sum of its allocations, negative ones included. */
  allocatedCents: number
  /** The totals of its adjustment notes (each positive: what it takes off). */
  adjustedCents: number
}

/** What is still owed on an invoice: its total less what was allocated to it and what its notes took off. */
export function amountOwing(figures: InvoiceFigures): number {
  return figures.totalCents - figures.allocatedCents - figures.adjustedCents
}

/**
 * An invoice's status on a day: Paid when nothing is owed; Overdue when something is and the day is after its due
 * date; Part paid when payments were allocated to it; Unpaid otherwise.
 */
export function invoiceStatus(figures: InvoiceFigures, dueDate: string, today: string): InvoiceStatus {
  if (amountOwing(figures) <= 0) return 'Paid'
  if (today > dueDate) return 'Overdue'
  return figures.allocatedCents > 0 ? 'Part paid' : 'Unpaid'
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDay(from)
  const b = parseIsoDay(to)
  if (!a || !b) throw new RangeError(`not a day: ${from} or ${to}`)
  return dayNumber(b) - dayNumber(a)
}

export type AgeingBucket = keyof Ageing

/** The bucket of an amount due on `dueDate`, as at `asAt`. */
export function ageingBucket(dueDate: string, asAt: string): AgeingBucket {
  const late = daysBetween(dueDate, asAt)
  if (late <= 0) return 'currentCents'
  if (late <= 30) return 'days30Cents'
  if (late <= 60) return 'days60Cents'
  return 'days90PlusCents'
}

export const emptyAgeing = (): Ageing => ({
  currentCents: 0,
  days30Cents: 0,
  days60Cents: 0,
  days90PlusCents: 0,
})

/** The amounts owing on invoices, each in the bucket of its due date as at `asAt`. */
export function ageingOf(owing: readonly { dueDate: string; owingCents: number }[], asAt: string): Ageing {
  const ageing = emptyAgeing()
  for (const item of owing) {
    if (item.owingCents === 0) continue
    ageing[ageingBucket(item.dueDate, asAt)] += item.owingCents
  }
  return ageing
}

export interface LedgerSums {
  /** The invoices' totals. */
  invoicedCents: number
  /** The adjustment notes' totals. */
  adjustedCents: number
  /** The payments' amounts, reversals (negative) included. */
  paidCents: number
}

/** The account's balance: what it was invoiced less its adjustment notes and payments (positive: it owes). */
export function accountBalance(sums: LedgerSums): number {
  return sums.invoicedCents - sums.adjustedCents - sums.paidCents
}

/** What is left of payments after their allocations: the unallocated credit (net of reversals). */
export function unallocatedCredit(paidCents: number, allocatedCents: number): number {
  return paidCents - allocatedCents
}

/** A month 'YYYY-MM' as its first and last Melbourne days; undefined when it is not one. */
export function monthDays(month: string): { first: string; last: string } | undefined {
  const first = parseIsoDay(`${month}-01`)
  if (!first || !/^\d{4}-\d{2}$/u.test(month)) return undefined
  const next =
    first.month === 12 ? { year: first.year + 1, month: 1, day: 1 } : { ...first, month: first.month + 1 }
  return { first: formatIsoDay(first), last: formatIsoDay(addDays(next, -1)) }
}

/** True when the digits pass the Luhn check (as every payment card number does). */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * True when a text holds what could be a card number: a run of 13 to 19 digits (single spaces or hyphens between
 * them allowed, as people write them) that passes the Luhn check.
 */
export function looksLikeCardNumber(text: string): boolean {
  for (const match of text.matchAll(/\d(?:[ -]?\d)*/gu)) {
    const digits = match[0].replace(/\D/gu, '')
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true
  }
  return false
}
