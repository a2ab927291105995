import type { BookingPriceLine } from '@signalway/shared/bookings'
import { formatLongDate, parseIsoDay, startOfDayIn } from '@signalway/shared/business-time'
import { type Cents, formatMoney, formatPriceExGst, gstOf } from '@signalway/shared/money'

/** "$1,200.00 ex GST, GST $120.00": a price with its GST beside it. */
export function exGstWithGst(amount: number): string {
  return `${formatPriceExGst(amount as Cents)}, GST ${formatMoney(gstOf(amount as Cents))}`
}

export const money = (amount: number) => formatMoney(amount as Cents)

/** A day of the depot ('YYYY-MM-DD') as people read it: '3 December 2026'. */
export function dayWords(day: string, timeZone: string): string {
  const calendarDay = parseIsoDay(day)
  return calendarDay ? formatLongDate(startOfDayIn(calendarDay, timeZone), timeZone) : day
}

/** Whether a line can be met, and if not, when or where it could be. */
export function availabilityWords(line: BookingPriceLine, timeZone: string): string {
  if (line.available) return `Available: ${line.free} free`
  const where = line.otherDepot ? ` Available at ${line.otherDepot.name} (${line.otherDepot.free} free).` : ''
  const when = line.firstFreeDay ? `: free from ${dayWords(line.firstFreeDay, timeZone)}` : ''
  return `Not available for these dates${when}.${where}`
}
