import { businessDay, wallTimeIn } from '@signalway/shared/business-time'
import { isoMonthSchema } from '@signalway/shared/fleet'
import { paths } from '../../lib/paths.ts'

/*
 * The depot month calendar's address: ?depot=LAV&month=2026-12, so that a month of a depot can be linked, and
 * the previous and next months are plain links. Names and weekdays are worked out from the numbers alone (in
 * UTC), so they read the same in any browser's time zone.
 */

const DEPOT = /^[A-Z]{2,8}$/u

const pad = (value: number) => String(value).padStart(2, '0')

export interface CalendarChoice {
  /** A depot's code as given (checked against the depots by the page); undefined for the first depot. */
  depot: string | undefined
  /** 'YYYY-MM'; undefined for the current month. */
  month: string | undefined
}

/** The depot and month of a query string; anything malformed (or a month the API refuses) is no choice. */
export function readCalendarChoice(params: URLSearchParams): CalendarChoice {
  const depot = params.get('depot')?.toUpperCase()
  const month = params.get('month')
  return {
    depot: depot && DEPOT.test(depot) ? depot : undefined,
    month: month && isoMonthSchema.safeParse(month).success ? month : undefined,
  }
}

/** The business's month now ('YYYY-MM', Melbourne). */
export function currentMonth(now: Date = new Date()): string {
  const { year, month } = businessDay(now)
  return `${year}-${pad(month)}`
}

/** The day it is now in a depot's zone ('YYYY-MM-DD'). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = wallTimeIn(now, timeZone)
  return `${year}-${pad(month)}-${pad(day)}`
}

/** The month `by` months after (before, when negative) 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, number - 1 + by, 1))
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`
}

const MONTH_NAME = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const WEEKDAY = new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone: 'UTC' })
const LONG_DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
})

function utcDate(isoDay: string): Date {
  const [year, month, day = 1] = isoDay.split('-').map(Number) as [number, number, number?]
  return new Date(Date.UTC(year, month - 1, day))
}

/** 'December 2026'. */
export function monthName(month: string): string {
  return MONTH_NAME.format(utcDate(month))
}

/** A day's column heading: 'Tue' and '1', and 'Tuesday 1 December' for screen readers. */
export function dayHeading(isoDay: string): { weekday: string; day: string; long: string } {
  const date = utcDate(isoDay)
  return { weekday: WEEKDAY.format(date), day: String(date.getUTCDate()), long: LONG_DAY.format(date) }
}

/** Saturday or Sunday: shaded, as staff plan around weekends. */
export function isWeekend(isoDay: string): boolean {
  const weekday = utcDate(isoDay).getUTCDay()
  return weekday === 0 || weekday === 6
}

/** The calendar's address for a depot's month. */
export function calendarHref(depot: string, month: string): string {
  return `${paths.admin.fleet.calendar}?${new URLSearchParams({ depot, month }).toString()}`
}
