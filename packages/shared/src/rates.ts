/**
 * The one rate engine: quotes, bookings and invoices all price a hire here, so the three can never disagree.
 *
 * - **Hire days.** A hire day is a calendar day in Melbourne (business-time.ts) on which the unit is on hire, part
 *   of it included: the hire industry charges each started day. Weekends and public holidays count, since the
 *   equipment stays on the road; the terms' "business days" (business-days.ts) are for the business's own promises,
 *   not for hire. The period runs from the on-hire instant up to, not including, the off-hire instant: an off-hire
 *   at exactly midnight does not start another day. On-hire and off-hire on the same day (or at the same instant)
 *   is one day. Days are counted on the calendar, never as 24-hour spans, so the 23- and 25-hour days of daylight
 *   saving change nothing.
 * - **Weeks cap part weeks.** The days make whole weeks at the week rate and remaining days at the day rate, the
 *   remaining days costing at most one week rate: min(days × day rate, week rate).
 * - **Minimum hire.** A hire shorter than the equipment's minimum days is charged as the minimum (the terms: "any
 *   minimum hire period stated in the quote applies even if the Equipment is off-hired early").
 * - **Quantity.** The charge of one unit times the number of units.
 *
 * All amounts are integer cents before GST; GST is added once, to a quote's subtotal (money.ts).
 */
import { z } from 'zod'
import { businessDay, type CalendarDay, dayNumber, formatLongDate, startOfDayIn } from './business-time.ts'
import { noIssuesYet } from './fields.ts'
import { addCents, type Cents, centsField, formatMoney, gstOf, multiplyCents } from './money.ts'

export const DAYS_PER_WEEK = 7
/** The longest minimum hire an equipment type may state: four weeks. */
export const MAX_MINIMUM_DAYS = 28

export interface EquipmentRates {
  /** One day's hire of one unit, before GST. */
  dayRate: Cents
  /** One week's hire of one unit, before GST; at most 7 days at the day rate. */
  weekRate: Cents
  /** The fewest days a hire is charged for, 1 to 28. */
  minimumDays: number
}

/** An instant: a Date, or an ISO 8601 date and time that states its offset ("…Z" or "…+10:00"). */
export type Instant = Date | string

export interface HirePeriod {
  onHire: Instant
  offHire: Instant
}

export const RATE_MESSAGES = {
  weekRateAboveDays: (dayRate: Cents) =>
    `The week rate cannot be more than 7 days at the day rate (${formatMoney(multiplyCents(dayRate, DAYS_PER_WEEK))}).`,
  minimumDays: `The minimum hire must be a whole number of days from 1 to ${MAX_MINIMUM_DAYS}.`,
  onHire: 'The on-hire time must be a date and time with its time zone.',
  offHire: 'The off-hire time must be a date and time with its time zone.',
  offHireBeforeOnHire: 'The off-hire time cannot be before the on-hire time.',
  quantity: 'The quantity must be a whole number of units, 1 or more.',
} as const

export const equipmentRatesSchema = z
  .object({
    dayRate: centsField('The day rate'),
    weekRate: centsField('The week rate'),
    minimumDays: z
      .int({ error: RATE_MESSAGES.minimumDays })
      .min(1, { error: RATE_MESSAGES.minimumDays })
      .max(MAX_MINIMUM_DAYS, { error: RATE_MESSAGES.minimumDays }),
  })
  // A week rate above seven day rates would charge a week's hire more than the same seven days hired day by day.
  .superRefine(
    (rates, context) => {
      if (rates.weekRate > rates.dayRate * DAYS_PER_WEEK) {
        context.addIssue({
          code: 'custom',
          path: ['weekRate'],
          message: RATE_MESSAGES.weekRateAboveDays(rates.dayRate),
        })
      }
    },
    { when: noIssuesYet },
  )

// Only an ISO string with an offset: without one, `new Date()` would read the wall time of the machine's own zone.
const isoInstant = (message: string) => z.iso.datetime({ offset: true, error: message })
const isoInstantText = z.iso.datetime({ offset: true })

export const hirePeriodSchema = z
  .object({ onHire: isoInstant(RATE_MESSAGES.onHire), offHire: isoInstant(RATE_MESSAGES.offHire) })
  .refine((period) => Date.parse(period.offHire) >= Date.parse(period.onHire), {
    path: ['offHire'],
    error: RATE_MESSAGES.offHireBeforeOnHire,
    when: noIssuesYet,
  })

export const quantitySchema = z
  .int({ error: RATE_MESSAGES.quantity })
  .min(1, { error: RATE_MESSAGES.quantity })

/** The instant as a Date (a copy); a RangeError with `message` for a string without an offset or anything invalid. */
export function parseInstant(value: Instant, message: string): Date {
  if (typeof value === 'string' && !isoInstantText.safeParse(value).success) throw new RangeError(message)
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(message)
  return date
}

export interface HireDays {
  /** Melbourne's day of the on-hire instant. */
  firstDay: CalendarDay
  /** Melbourne's last day with some of the hire in it. */
  lastDay: CalendarDay
  /** The Melbourne calendar days from the first to the last, both included: 1 or more. */
  days: number
}

/** The Melbourne calendar days a hire period touches (see the head of this file). */
export function hireDays(period: HirePeriod): HireDays {
  const onHire = parseInstant(period.onHire, RATE_MESSAGES.onHire)
  const offHire = parseInstant(period.offHire, RATE_MESSAGES.offHire)
  if (offHire < onHire) throw new RangeError(RATE_MESSAGES.offHireBeforeOnHire)
  const firstDay = businessDay(onHire)
  // The last instant on hire is the one just before the off-hire: an off-hire at midnight ends the day before.
  const lastDay = offHire > onHire ? businessDay(new Date(offHire.getTime() - 1)) : firstDay
  return { firstDay, lastDay, days: dayNumber(lastDay) - dayNumber(firstDay) + 1 }
}

export interface HireTotals {
  /** The hire charge before GST. */
  subtotalExGst: Cents
  /** 10% of the subtotal, to the nearest cent. */
  gst: Cents
  total: Cents
}

export interface HirePrice extends HireDays, HireTotals {
  /** The days charged: the days on hire, or the minimum hire when that is more. */
  chargeableDays: number
  minimumApplied: boolean
  weeks: number
  remainingDays: number
  /** True when the remaining days cost the week rate rather than their days at the day rate. */
  remainderCapped: boolean
  /** The hire charge of one unit, before GST. */
  unitCharge: Cents
  quantity: number
  /** The charge as a person reads it, one step a line. */
  breakdown: string[]
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`
const longDay = (day: CalendarDay) => formatLongDate(startOfDayIn(day))

function checkRates(rates: EquipmentRates): void {
  const checked = equipmentRatesSchema.safeParse(rates)
  if (!checked.success) throw new RangeError(checked.error.issues[0]?.message ?? 'Invalid equipment rates.')
}

function checkQuantity(quantity: number): void {
  if (!quantitySchema.safeParse(quantity).success) throw new RangeError(RATE_MESSAGES.quantity)
}

/** Weeks at the week rate and the remaining days at the day rate, capped at the week rate. */
function chargeDays(rates: EquipmentRates, days: number) {
  const weeks = Math.floor(days / DAYS_PER_WEEK)
  const remainingDays = days % DAYS_PER_WEEK
  const remainderAtDayRate = multiplyCents(rates.dayRate, remainingDays)
  const remainderCapped = remainingDays > 0 && remainderAtDayRate > rates.weekRate
  const remainderCharge = remainderCapped ? rates.weekRate : remainderAtDayRate
  const weeksCharge = multiplyCents(rates.weekRate, weeks)
  return {
    weeks,
    remainingDays,
    remainderCapped,
    remainderAtDayRate,
    weeksCharge,
    unitCharge: addCents(weeksCharge, remainderCharge),
  }
}

function breakdownLines(
  rates: EquipmentRates,
  days: HireDays,
  charged: ReturnType<typeof chargeDays> & { chargeableDays: number; quantity: number; subtotalExGst: Cents },
): string[] {
  const lines = [
    days.days === 1
      ? `1 day on hire, ${longDay(days.firstDay)}`
      : `${plural(days.days, 'day')} on hire, ${longDay(days.firstDay)} to ${longDay(days.lastDay)}`,
  ]
  if (charged.chargeableDays > days.days) {
    lines.push(
      `Minimum hire ${plural(rates.minimumDays, 'day')}: charged as ${plural(charged.chargeableDays, 'day')}`,
    )
  }
  if (charged.weeks > 0) {
    lines.push(
      `${plural(charged.weeks, 'week')} × ${formatMoney(rates.weekRate)} = ${formatMoney(charged.weeksCharge)}`,
    )
  }
  if (charged.remainingDays > 0) {
    const atDayRate = `${plural(charged.remainingDays, 'day')} × ${formatMoney(rates.dayRate)}`
    lines.push(
      charged.remainderCapped
        ? `${atDayRate} (capped at the week rate) = ${formatMoney(rates.weekRate)}`
        : `${atDayRate} = ${formatMoney(charged.remainderAtDayRate)}`,
    )
  }
  if (charged.quantity > 1) {
    lines.push(
      `${plural(charged.quantity, 'unit')} × ${formatMoney(charged.unitCharge)} = ${formatMoney(charged.subtotalExGst)}`,
    )
  }
  lines.push(`Hire charge ${formatMoney(charged.subtotalExGst)} ex GST`)
  return lines
}

/**
 * The hire charge of `quantity` units of one equipment type over a hire period, with its GST. A RangeError names
 * the first thing wrong with the rates, the period or the quantity.
 */
export function priceHire(rates: EquipmentRates, period: HirePeriod, quantity = 1): HirePrice {
  checkRates(rates)
  checkQuantity(quantity)
  const days = hireDays(period)
  const chargeableDays = Math.max(days.days, rates.minimumDays)
  const charged = chargeDays(rates, chargeableDays)
  const subtotalExGst = multiplyCents(charged.unitCharge, quantity)
  const gst = gstOf(subtotalExGst)
  return {
    ...days,
    chargeableDays,
    minimumApplied: chargeableDays > days.days,
    weeks: charged.weeks,
    remainingDays: charged.remainingDays,
    remainderCapped: charged.remainderCapped,
    unitCharge: charged.unitCharge,
    quantity,
    subtotalExGst,
    gst,
    total: addCents(subtotalExGst, gst),
    breakdown: breakdownLines(rates, days, { ...charged, chargeableDays, quantity, subtotalExGst }),
  }
}

export interface QuoteLineInput {
  /** What is hired, as the quote names it ("VMS Board"). */
  description: string
  rates: EquipmentRates
  period: HirePeriod
  quantity: number
}

export interface QuoteLine extends HirePrice {
  description: string
}

/** A charge beside the hire lines (a delivery or collection fee), in integer cents before GST. */
export interface QuoteFee {
  description: string
  amount: Cents
}

export interface PricedQuote extends HireTotals {
  lines: QuoteLine[]
  fees: QuoteFee[]
}

/**
 * The lines of a quote, booking or invoice, any fees beside them (delivery, collection), and their totals. The GST
 * is 10% of the whole subtotal, rounded once (the ATO's rounding of an invoice's GST), so it may differ by a cent
 * from the sum of the lines' own GST.
 */
export function quoteLines(inputs: readonly QuoteLineInput[], fees: readonly QuoteFee[] = []): PricedQuote {
  const lines = inputs.map((input) => ({
    description: input.description,
    ...priceHire(input.rates, input.period, input.quantity),
  }))
  for (const fee of fees) {
    if (!Number.isSafeInteger(fee.amount) || fee.amount < 0)
      throw new RangeError(`${fee.description}: a fee must be a whole number of cents, 0 or more.`)
  }
  const subtotalExGst = addCents(...lines.map((line) => line.subtotalExGst), ...fees.map((fee) => fee.amount))
  const gst = gstOf(subtotalExGst)
  return { lines, fees: [...fees], subtotalExGst, gst, total: addCents(subtotalExGst, gst) }
}
