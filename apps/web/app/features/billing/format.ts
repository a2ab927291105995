import { businessDay, formatIsoDay, parseIsoDay } from '@signalway/shared/business-time'
import { type Cents, formatMoney } from '@signalway/shared/money'

/** Whole cents as dollars: '$1,234.50'. */
export const money = (amount: number) => formatMoney(amount as Cents)

/** A Melbourne day 'YYYY-MM-DD' as Australians write it: '21/11/2026' ('' when it is not a day). */
export function dayText(iso: string): string {
  const day = parseIsoDay(iso)
  if (!day) return ''
  return `${String(day.day).padStart(2, '0')}/${String(day.month).padStart(2, '0')}/${day.year}`
}

/** Today in Melbourne as 'YYYY-MM-DD', whatever the browser's zone. */
export const melbourneToday = (now: Date = new Date()) => formatIsoDay(businessDay(now))

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** 'YYYY-MM' as 'November 2026'. */
export function monthText(month: string): string {
  const [year, number] = month.split('-').map(Number)
  return `${MONTH_NAMES[(number ?? 1) - 1] ?? ''} ${year ?? ''}`.trim()
}

/**
 * The months with a statement to offer, newest first: from the month of the earliest day given (a document's issue
 * day, a payment's) to this Melbourne month; this month alone when there is nothing yet. At most `max` of them.
 */
export function statementMonths(days: readonly string[], today: string, max = 24): string[] {
  const current = today.slice(0, 7)
  const earliest = days.reduce((first, day) => (day.slice(0, 7) < first ? day.slice(0, 7) : first), current)
  const months: string[] = []
  let [year, month] = current.split('-').map(Number) as [number, number]
  while (months.length < max) {
    const text = `${year}-${String(month).padStart(2, '0')}`
    months.push(text)
    if (text <= earliest) break
    month -= 1
    if (month === 0) {
      month = 12
      year -= 1
    }
  }
  return months
}
