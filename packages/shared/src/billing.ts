/**
 * Billing's charge engine (ADR 051, requirements §22): an account's billing periods, and what an invoice charges
 * for the units of its bookings. Pure: no database, no clock, no local time zone; every hire is priced by the one
 * rate engine (rates.ts), so an invoice can never disagree with the quote or the running cost.
 *
 * - **Billing periods.** An account is billed every 28 days from an anchor day, or monthly on a day of the month
 *   from 1 to 28 (29 to 31 are refused: every month has the day, so no period is ever shortened or skipped). A
 *   period is Melbourne calendar days, from its first day to the day before the next period's first, held as the
 *   instants of Melbourne midnight: start included, end excluded. A daylight-saving change makes a period an hour
 *   shorter or longer, never a day.
 * - **Cumulative charges.** What a unit is charged up to an instant is the rate engine's price of the hire from its
 *   on-hire to that instant, or to its off-hire when that comes first; nothing before its on-hire. An invoice charges
 *   the unit's hire up to the invoice's end less what earlier invoices charged it. So the invoices of a hire add up
 *   to exactly the rate engine's price of the whole hire, however it is split: the minimum hire falls in the first
 *   invoice, and a week rate capping part weeks is never lost by cutting a week in two.
 * - **Fees.** The booking's delivery fee goes on the first invoice that charges one of its units; its collection fee
 *   on the invoice that charges its last unit up to its off-hire.
 * - **Money.** Integer cents; GST is 10% of the invoice's subtotal, rounded once (as `quoteLines` does).
 */
import { z } from 'zod'
import {
  addDays,
  businessDay,
  type CalendarDay,
  dayNumber,
  formatShortDate,
  parseIsoDay,
  startOfDayIn,
} from './business-time.ts'
import { addCents, type Cents, cents, formatMoney, gstOf } from './money.ts'
import {
  type EquipmentRates,
  type HirePrice,
  type HireTotals,
  hireDays,
  type Instant,
  parseInstant,
  priceHire,
} from './rates.ts'

export const BILLING_CYCLE_KINDS = ['every_28_days', 'monthly'] as const
export type BillingCycleKind = (typeof BILLING_CYCLE_KINDS)[number]

/** The length of an `every_28_days` cycle. */
export const BILLING_CYCLE_DAYS = 28
/** The latest day of the month a monthly cycle may start on: one every month has. */
export const MAX_BILLING_DAY_OF_MONTH = 28

export const BILLING_MESSAGES = {
  anchorDay: 'The first billing day must be a date.',
  dayOfMonth: `The billing day must be a day of the month from 1 to ${MAX_BILLING_DAY_OF_MONTH}.`,
  from: 'The start of the billing span must be a date and time with its time zone.',
  to: 'The end of the billing span must be a date and time with its time zone.',
  toBeforeFrom: 'The end of the billing span cannot be before its start.',
  invoiceEnd: 'The end of the invoice must be a date and time with its time zone.',
  onHire: 'The on-hire time must be a date and time with its time zone.',
  offHire: 'The off-hire time must be a date and time with its time zone.',
  invoicedTo: 'The time invoiced to must be a date and time with its time zone.',
  fee: (what: string) => `${what}: a fee must be a whole number of cents, 0 or more.`,
  invoiced: (fleetNumber: string) =>
    `${fleetNumber}: the amount invoiced must be a whole number of cents, 0 or more.`,
} as const

export const billingCycleSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('every_28_days'),
      /** 'YYYY-MM-DD': a day on which a period starts; periods start every 28 days before and after it. */
      anchorDay: z
        .string({ error: BILLING_MESSAGES.anchorDay })
        .refine((value) => parseIsoDay(value) !== undefined, { error: BILLING_MESSAGES.anchorDay }),
    })
    .strict(),
  z
    .object({
      kind: z.literal('monthly'),
      dayOfMonth: z
        .int({ error: BILLING_MESSAGES.dayOfMonth })
        .min(1, { error: BILLING_MESSAGES.dayOfMonth })
        .max(MAX_BILLING_DAY_OF_MONTH, { error: BILLING_MESSAGES.dayOfMonth }),
    })
    .strict(),
])
export type BillingCycle = z.infer<typeof billingCycleSchema>

export interface BillingPeriod {
  /** Its first Melbourne day. */
  firstDay: CalendarDay
  /** Its last Melbourne day, included. */
  lastDay: CalendarDay
  /** Its calendar days: 28 for an `every_28_days` cycle, 28 to 31 for a monthly one. */
  days: number
  /** Melbourne's midnight at the start of its first day: the first instant in it. */
  start: Date
  /** Melbourne's midnight after its last day: the first instant after it. */
  end: Date
}

function checkCycle(cycle: BillingCycle): BillingCycle {
  const checked = billingCycleSchema.safeParse(cycle)
  if (!checked.success) throw new RangeError(checked.error.issues[0]?.message ?? 'Invalid billing cycle.')
  return checked.data
}

/** The day `dayOfMonth` of the month `months` after the day's month (before it when negative). */
function dayOfMonthFrom(day: CalendarDay, months: number, dayOfMonth: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1 + months, dayOfMonth))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

/** The first day of the period the day is in. */
function periodStartOn(cycle: BillingCycle, day: CalendarDay): CalendarDay {
  if (cycle.kind === 'monthly') {
    return dayOfMonthFrom(day, day.day >= cycle.dayOfMonth ? 0 : -1, cycle.dayOfMonth)
  }
  const anchor = parseIsoDay(cycle.anchorDay) as CalendarDay
  const cycles = Math.floor((dayNumber(day) - dayNumber(anchor)) / BILLING_CYCLE_DAYS)
  return addDays(anchor, cycles * BILLING_CYCLE_DAYS)
}

function periodFrom(cycle: BillingCycle, firstDay: CalendarDay): BillingPeriod {
  const next =
    cycle.kind === 'monthly'
      ? dayOfMonthFrom(firstDay, 1, cycle.dayOfMonth)
      : addDays(firstDay, BILLING_CYCLE_DAYS)
  return {
    firstDay,
    lastDay: addDays(next, -1),
    days: dayNumber(next) - dayNumber(firstDay),
    start: startOfDayIn(firstDay),
    end: startOfDayIn(next),
  }
}

/** The billing period a Melbourne calendar day is in. */
export function billingPeriodOn(cycle: BillingCycle, day: CalendarDay): BillingPeriod {
  const checked = checkCycle(cycle)
  return periodFrom(checked, periodStartOn(checked, day))
}

/** The billing period an instant is in (the period of its Melbourne day). */
export function billingPeriodAt(cycle: BillingCycle, at: Instant): BillingPeriod {
  return billingPeriodOn(cycle, businessDay(parseInstant(at, BILLING_MESSAGES.to)))
}

/**
 * The billing periods that cover the span from `from` up to, not including, `to`, in order: the period of `from`'s
 * day to the period of the day of the span's last instant. A span of no length is covered by the period of `from`.
 */
export function billingPeriods(cycle: BillingCycle, from: Instant, to: Instant): BillingPeriod[] {
  const checked = checkCycle(cycle)
  const start = parseInstant(from, BILLING_MESSAGES.from)
  const end = parseInstant(to, BILLING_MESSAGES.to)
  if (end < start) throw new RangeError(BILLING_MESSAGES.toBeforeFrom)
  const lastDay = dayNumber(businessDay(end > start ? new Date(end.getTime() - 1) : start))
  const periods = [periodFrom(checked, periodStartOn(checked, businessDay(start)))]
  let last = periods[0] as BillingPeriod
  while (dayNumber(last.lastDay) < lastDay) {
    last = periodFrom(checked, addDays(last.lastDay, 1))
    periods.push(last)
  }
  return periods
}

/** A Melbourne calendar day as invoices write it: '11/11/2026'. */
export const formatBillingDay = (day: CalendarDay) => formatShortDate(startOfDayIn(day))

/** Days as invoices write a range of them: '11/11/2026 to 20/11/2026', or the one day. */
export function formatBillingDays(firstDay: CalendarDay, lastDay: CalendarDay): string {
  return dayNumber(firstDay) === dayNumber(lastDay)
    ? formatBillingDay(firstDay)
    : `${formatBillingDay(firstDay)} to ${formatBillingDay(lastDay)}`
}

/** A billing period as invoices write it: '15/11/2026 to 14/12/2026'. */
export const formatBillingPeriod = (period: BillingPeriod) =>
  formatBillingDays(period.firstDay, period.lastDay)

/** One unit's hire: its booking item's rates snapshot, and the times its charges start and stop. */
export interface UnitHire {
  rates: EquipmentRates
  /** When it went on hire (delivered or picked up); null while it has not. */
  onHireAt: Instant | null
  /** The off-hire's pick-up time, where its charges stop (ADR 048); null while it runs on. */
  offHireAt: Instant | null
}

interface HireTimes {
  onHire: Date
  /** The first instant no longer on hire: the off-hire, or just after the on-hire when the two are the same. */
  stop: Date | null
}

function hireTimes(hire: UnitHire): HireTimes | null {
  if (hire.onHireAt === null) return null
  const onHire = parseInstant(hire.onHireAt, BILLING_MESSAGES.onHire)
  if (hire.offHireAt === null) return { onHire, stop: null }
  const offHire = parseInstant(hire.offHireAt, BILLING_MESSAGES.offHire)
  // The rate engine charges an off-hire at the on-hire instant as one day: a hire of one millisecond.
  return { onHire, stop: offHire > onHire ? offHire : new Date(onHire.getTime() + 1) }
}

function priceTo(hire: UnitHire, times: HireTimes, at: Date): HirePrice | null {
  if (at <= times.onHire) return null
  const end = times.stop !== null && times.stop < at ? times.stop : at
  return priceHire(hire.rates, { onHire: times.onHire, offHire: end })
}

/**
 * The rate engine's price of one unit from its on-hire up to `at`, or up to its off-hire when that comes first;
 * null when `at` is not after its on-hire (or it has none), as nothing is charged yet.
 */
export function hireChargeTo(hire: UnitHire, at: Instant): HirePrice | null {
  const times = hireTimes(hire)
  return times && priceTo(hire, times, parseInstant(at, BILLING_MESSAGES.invoiceEnd))
}

const chargedTo = (hire: UnitHire, at: Instant) => hireChargeTo(hire, at)?.subtotalExGst ?? cents(0)

/**
 * The charge for one unit's hire between two instants: its charge up to `to` less its charge up to `from`. Over a
 * billing period, what the period adds to the hire; over consecutive periods, these add up to the whole hire.
 */
export function hireChargeBetween(hire: UnitHire, from: Instant, to: Instant): Cents {
  return cents(chargedTo(hire, to) - chargedTo(hire, from))
}

/** `hireChargeBetween` over a billing period. */
export const periodCharge = (hire: UnitHire, period: BillingPeriod) =>
  hireChargeBetween(hire, period.start, period.end)

/** A unit of a booking to bill: its hire, and what earlier invoices have charged it. */
export interface BillableUnit extends UnitHire {
  /** The booking line (one unit of one booking item). */
  lineId: number
  fleetNumber: string
  /** Its equipment type as the booking item names it: 'VMS board'. */
  typeName: string
  /** The end of the last invoice that charged it; null before its first. */
  invoicedTo: Instant | null
  /** What its invoices and adjustment notes have charged it so far, ex GST: 0 before its first. */
  invoicedCents: Cents
}

export interface BillableBooking {
  /** 'BK-2026-000123'. */
  reference: string
  /** Ex GST; 0 for a pick-up at the depot. */
  deliveryFeeCents: Cents
  collectionFeeCents: Cents
  /** Whether an earlier invoice carried the fee. */
  deliveryInvoiced: boolean
  collectionInvoiced: boolean
  /** Every unit of the booking, on hire or not yet. */
  units: readonly BillableUnit[]
}

export interface InvoiceRequest {
  bookings: readonly BillableBooking[]
  /** Charges run up to this instant: the billing period's end, or the off-hire for the invoice at off-hire. */
  to: Instant
  /** Only these booking lines (the units an off-hire ends); every unit when absent. */
  lineIds?: readonly number[]
}

export interface HireLine {
  kind: 'hire'
  bookingReference: string
  lineId: number
  fleetNumber: string
  typeName: string
  /** The Melbourne days the line charges (none before the hire or already invoiced): the line's period. */
  firstDay: CalendarDay
  lastDay: CalendarDay
  /** How many: 0 for a line that only settles a change to days invoiced before. */
  days: number
  /** Their places in the hire, the on-hire day being day 1. */
  firstHireDay: number
  lastHireDay: number
  quantity: 1
  /** Ex GST: the hire to date less what was invoiced before. */
  amountCents: Cents
  /** The rate engine's price of the hire from its on-hire to the end of this line. */
  hireToDate: HirePrice
  invoicedBeforeCents: Cents
  /** The rate applied to the hire to date: '1 week × $950.00 + 3 days × $180.00'. */
  rate: string
  /** The line as the invoice prints it (see requirements §22). */
  description: string
}

export interface FeeLine {
  kind: 'delivery' | 'collection'
  bookingReference: string
  quantity: 1
  amountCents: Cents
  /** 'Delivery, booking BK-2026-000123'. */
  description: string
}

export type InvoiceLine = HireLine | FeeLine

/** What a unit was over-charged before: its hire now ends before the end of an invoice that charged it. */
export interface HireCredit {
  bookingReference: string
  lineId: number
  fleetNumber: string
  typeName: string
  /** Ex GST, 1 or more: what to credit. */
  amountCents: Cents
  hireToDate: HirePrice
  invoicedBeforeCents: Cents
  rate: string
  description: string
}

/** The invoicing state of a unit after the invoice: what the next one starts from. */
export interface UnitInvoiced {
  lineId: number
  /** ISO 8601, UTC. */
  invoicedTo: string
  invoicedCents: Cents
}

export interface BookingInvoiced {
  reference: string
  deliveryInvoiced: boolean
  collectionInvoiced: boolean
}

export interface InvoiceDraft extends HireTotals {
  /** Each booking's delivery fee, hire lines and collection fee, in the order given. */
  lines: InvoiceLine[]
  /** Over-charges to credit on an adjustment note, with its totals (GST once on its subtotal). */
  credits: HireCredit[]
  creditTotals: HireTotals
  units: UnitInvoiced[]
  bookings: BookingInvoiced[]
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

/** The rate of a price, as a clerk checks it: '1 week × $950.00 + 3 days × $180.00'. */
export function describeRate(rates: EquipmentRates, price: HirePrice): string {
  const parts: string[] = []
  if (price.weeks > 0) parts.push(`${plural(price.weeks, 'week')} × ${formatMoney(rates.weekRate)}`)
  if (price.remainingDays > 0) {
    const atDayRate = `${plural(price.remainingDays, 'day')} × ${formatMoney(rates.dayRate)}`
    parts.push(
      price.remainderCapped
        ? `${atDayRate} capped at the week rate ${formatMoney(rates.weekRate)}`
        : atDayRate,
    )
  }
  return parts.join(' + ')
}

/** '10 days', or '2 days, charged as the minimum hire of 5 days'. */
function daysCharged(price: HirePrice): string {
  const days = plural(price.days, 'day')
  return price.minimumApplied
    ? `${days}, charged as the minimum hire of ${plural(price.chargeableDays, 'day')}`
    : days
}

interface LineDays {
  firstDay: CalendarDay
  lastDay: CalendarDay
  days: number
  firstHireDay: number
  lastHireDay: number
}

/** The days of the hire to date not charged before `invoicedTo`. */
function newDays(times: HireTimes, toDate: HirePrice, invoicedTo: Date | null): LineDays {
  const before =
    invoicedTo !== null && invoicedTo > times.onHire
      ? hireDays({
          onHire: times.onHire,
          offHire: times.stop !== null && times.stop < invoicedTo ? times.stop : invoicedTo,
        }).days
      : 0
  const days = Math.max(0, toDate.days - before)
  const firstHireDay = Math.min(before + 1, toDate.days)
  return {
    firstDay: addDays(toDate.firstDay, firstHireDay - 1),
    lastDay: toDate.lastDay,
    days,
    firstHireDay,
    lastHireDay: toDate.days,
  }
}

function hireLineText(unit: BillableUnit, days: LineDays, toDate: HirePrice, before: Cents, rate: string) {
  const what = `${unit.fleetNumber} ${unit.typeName}`
  if (before === 0 && days.firstHireDay === 1)
    return `${what}: ${formatBillingDays(days.firstDay, days.lastDay)}, ${daysCharged(toDate)}: ${rate}`
  const which =
    days.days === 0
      ? `to ${formatBillingDay(days.lastDay)}`
      : days.days === 1
        ? `${formatBillingDay(days.firstDay)}, day ${days.firstHireDay} of the hire`
        : `${formatBillingDays(days.firstDay, days.lastDay)}, days ${days.firstHireDay} to ${days.lastHireDay} of the hire`
  return `${what}: ${which}. Hire to date, ${daysCharged(toDate)}: ${rate} = ${formatMoney(toDate.subtotalExGst)}, less ${formatMoney(before)} already invoiced`
}

function creditText(unit: BillableUnit, toDate: HirePrice, before: Cents, rate: string): string {
  return `${unit.fleetNumber} ${unit.typeName}: hire ended ${formatBillingDay(toDate.lastDay)}. Hire, ${daysCharged(toDate)}: ${rate} = ${formatMoney(toDate.subtotalExGst)}, less ${formatMoney(before)} already invoiced`
}

type UnitCharge =
  | { kind: 'none' }
  | { kind: 'line'; line: HireLine; invoiced: UnitInvoiced }
  | { kind: 'credit'; credit: HireCredit; invoiced: UnitInvoiced }

function checkInvoiced(unit: BillableUnit): Date | null {
  if (!Number.isSafeInteger(unit.invoicedCents) || unit.invoicedCents < 0)
    throw new RangeError(BILLING_MESSAGES.invoiced(unit.fleetNumber))
  return unit.invoicedTo === null ? null : parseInstant(unit.invoicedTo, BILLING_MESSAGES.invoicedTo)
}

/** What the invoice ending at `to` charges (or credits) one unit. */
function chargeUnit(reference: string, unit: BillableUnit, to: Date): UnitCharge {
  const invoicedTo = checkInvoiced(unit)
  const times = hireTimes(unit)
  const toDate = times && priceTo(unit, times, to)
  if (times === null || toDate === null || (invoicedTo !== null && invoicedTo >= to)) return { kind: 'none' }
  const before = unit.invoicedCents
  const amount = cents(toDate.subtotalExGst - before)
  const days = newDays(times, toDate, invoicedTo)
  if (amount === 0 && days.days === 0) return { kind: 'none' }
  const invoiced = { lineId: unit.lineId, invoicedTo: to.toISOString(), invoicedCents: toDate.subtotalExGst }
  const rate = describeRate(unit.rates, toDate)
  const common = {
    bookingReference: reference,
    lineId: unit.lineId,
    fleetNumber: unit.fleetNumber,
    typeName: unit.typeName,
    hireToDate: toDate,
    invoicedBeforeCents: before,
    rate,
  }
  if (amount < 0) {
    const credit = {
      ...common,
      amountCents: cents(-amount),
      description: creditText(unit, toDate, before, rate),
    }
    return { kind: 'credit', credit, invoiced }
  }
  const description = hireLineText(unit, days, toDate, before, rate)
  return {
    kind: 'line',
    line: { kind: 'hire', ...common, ...days, quantity: 1, amountCents: amount, description },
    invoiced,
  }
}

/** True when the unit's whole hire is charged by an invoice ending at `to` or before. */
function fullyCharged(unit: BillableUnit, to: Date, selected: boolean): boolean {
  const times = hireTimes(unit)
  if (times === null || times.stop === null) return false
  const end = selected
    ? to
    : unit.invoicedTo === null
      ? null
      : parseInstant(unit.invoicedTo, BILLING_MESSAGES.invoicedTo)
  return end !== null && times.stop <= end
}

const FEE_WORDS = { delivery: 'Delivery', collection: 'Collection' } as const

function checkFees(booking: BillableBooking): void {
  for (const [kind, amount] of [
    ['delivery', booking.deliveryFeeCents],
    ['collection', booking.collectionFeeCents],
  ] as const) {
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw new RangeError(BILLING_MESSAGES.fee(`${FEE_WORDS[kind]}, booking ${booking.reference}`))
  }
}

/** The fee's line; none for a fee of $0 (a pick-up at the depot has no delivery). */
function feeLine(kind: FeeLine['kind'], reference: string, amount: Cents): FeeLine[] {
  if (amount === 0) return []
  const description = `${FEE_WORDS[kind]}, booking ${reference}`
  return [{ kind, bookingReference: reference, quantity: 1, amountCents: amount, description }]
}

function totalsOf(amounts: readonly Cents[]): HireTotals {
  const subtotalExGst = addCents(...amounts)
  const gst = gstOf(subtotalExGst)
  return { subtotalExGst, gst, total: addCents(subtotalExGst, gst) }
}

/**
 * The invoice of the bookings' units up to `to` (see the head of this file): a hire line for each unit with days or
 * an amount not invoiced before, the fees due, the totals with GST once, any over-charge to credit, and the
 * invoicing state to keep for the next invoice.
 */
export function draftInvoice(request: InvoiceRequest): InvoiceDraft {
  const to = parseInstant(request.to, BILLING_MESSAGES.invoiceEnd)
  const only = request.lineIds === undefined ? null : new Set(request.lineIds)
  const draft: Omit<InvoiceDraft, keyof HireTotals | 'creditTotals'> = {
    lines: [],
    credits: [],
    units: [],
    bookings: [],
  }
  for (const booking of request.bookings) {
    checkFees(booking)
    const selected = (unit: BillableUnit) => only === null || only.has(unit.lineId)
    const hireLines: HireLine[] = []
    for (const unit of booking.units.filter(selected)) {
      const charge = chargeUnit(booking.reference, unit, to)
      if (charge.kind === 'line') hireLines.push(charge.line)
      if (charge.kind === 'credit') draft.credits.push(charge.credit)
      if (charge.kind !== 'none') draft.units.push(charge.invoiced)
    }
    const delivery = !booking.deliveryInvoiced && hireLines.length > 0
    const collection =
      !booking.collectionInvoiced &&
      booking.units.length > 0 &&
      booking.units.every((unit) => fullyCharged(unit, to, selected(unit)))
    draft.lines.push(
      ...(delivery ? feeLine('delivery', booking.reference, booking.deliveryFeeCents) : []),
      ...hireLines,
      ...(collection ? feeLine('collection', booking.reference, booking.collectionFeeCents) : []),
    )
    draft.bookings.push({
      reference: booking.reference,
      deliveryInvoiced: booking.deliveryInvoiced || delivery,
      collectionInvoiced: booking.collectionInvoiced || collection,
    })
  }
  return {
    ...draft,
    ...totalsOf(draft.lines.map((line) => line.amountCents)),
    creditTotals: totalsOf(draft.credits.map((credit) => credit.amountCents)),
  }
}
