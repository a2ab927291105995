/**
 * The business's days and times (Australia/Melbourne), whatever zone the browser or server runs in.
 *
 * Every screen and endpoint that shows, filters or names a date goes through this module: a "day" is a
 * calendar day in Melbourne, and an instant and Melbourne wall time are converted with the zone's offset
 * from @date-fns/tz's tzOffset (daylight saving included, from the platform's time-zone data). Plain
 * arithmetic on that offset, not a Date subclass: it works under a faked Date too (test clocks).
 *
 * Form controls (date pickers, dd/mm/yyyy text) hold a day as a Date at local midnight: `dayToDate` and
 * `dateToDay` convert between that and a CalendarDay, so the day a person sees is the Melbourne day the
 * server reads, in a browser in Perth or London as much as in Melbourne.
 */
import { tzOffset } from '@date-fns/tz'
import { BUSINESS_TIME_ZONE } from './constants.ts'

export { BUSINESS_TIME_ZONE }

export interface CalendarDay {
  year: number
  /** 1 to 12. */
  month: number
  day: number
}

export interface WallTime extends CalendarDay {
  hour: number
  minute: number
  second: number
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

const QUARTER_HOUR_MS = 15 * 60_000
const OFFSET_CACHE_SIZE = 4096
const offsets = new Map<string, number>()

/**
 * The zone's offset from UTC at `date`, in milliseconds (Melbourne: +10 h or +11 h). Every zone's offsets and
 * changes fall on quarter hours, so the offset is the same over a quarter hour of UTC and is kept per quarter hour
 * (asking the platform's time-zone data costs tens of microseconds, and the billing run asks it often).
 */
export function zoneOffsetMs(date: Date, timeZone: string = BUSINESS_TIME_ZONE): number {
  const time = date.getTime()
  // Before 1970 some zones kept local mean time, whose offsets and changes are not on quarter hours.
  if (!Number.isFinite(time) || time < 0) return tzOffset(timeZone, date) * 60_000
  const key = `${timeZone}|${Math.floor(time / QUARTER_HOUR_MS)}`
  const known = offsets.get(key)
  if (known !== undefined) return known
  const offset = tzOffset(timeZone, date) * 60_000
  if (offsets.size >= OFFSET_CACHE_SIZE) offsets.clear()
  offsets.set(key, offset)
  return offset
}

/** The wall time in `timeZone` (default Melbourne) at the instant `date`. */
export function wallTimeIn(date: Date, timeZone: string = BUSINESS_TIME_ZONE): WallTime {
  const shifted = new Date(date.getTime() + zoneOffsetMs(date, timeZone))
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  }
}

/** The instant of a wall time in a zone (a time skipped by a daylight-saving change maps to the hour after). */
export function wallTimeToInstant(wall: WallTime, timeZone: string = BUSINESS_TIME_ZONE): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  // The offset at the guess may differ from the offset at the answer across a DST change: refine once.
  const first = guess - zoneOffsetMs(new Date(guess), timeZone)
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone))
}

/** The instant at which the calendar day begins in `timeZone`. */
export function startOfDayIn(day: CalendarDay, timeZone: string = BUSINESS_TIME_ZONE): Date {
  return wallTimeToInstant({ ...day, hour: 0, minute: 0, second: 0 }, timeZone)
}

/** The business's calendar day at the instant `now`. */
export function businessDay(now: Date = new Date()): CalendarDay {
  const { year, month, day } = wallTimeIn(now)
  return { year, month, day }
}

/** The day `days` later (earlier when negative), across months and years. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

/** The days since 1 January 1970 of a calendar day: calendar arithmetic, whatever the day's length in hours. */
export function dayNumber(day: CalendarDay): number {
  return Date.UTC(day.year, day.month - 1, day.day) / 86_400_000
}

/** The same day `years` earlier; 29 February becomes 28 February. */
export function minusYears(day: CalendarDay, years: number): CalendarDay {
  const year = day.year - years
  const last = new Date(Date.UTC(year, day.month, 0)).getUTCDate()
  return { year, month: day.month, day: Math.min(day.day, last) }
}

/** True when the numbers name a real calendar day. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const check = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1 &&
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day
  )
}

/** Parses 'YYYY-MM-DD' into a real calendar day; undefined otherwise. */
export function parseIsoDay(value: string): CalendarDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return isCalendarDay(year, month, day) ? { year, month, day } : undefined
}

/** 'YYYY-MM-DD'. */
export function formatIsoDay(day: CalendarDay): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`
}

/** The day a form control's Date (local midnight, or any local time of that day) stands for. */
export function dateToDay(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
}

/** A day as a form control holds it: a Date at local midnight of that calendar day. */
export function dayToDate(day: CalendarDay): Date {
  const date = new Date(day.year, day.month - 1, day.day)
  // Years below 100 would be read as 19xx by the constructor.
  if (day.year < 100) date.setFullYear(day.year)
  return date
}

/** The business's today as a form control holds it (local midnight of Melbourne's date). */
export function businessToday(now: Date = new Date()): Date {
  return dayToDate(businessDay(now))
}

/** 'YYYY-MM-DD HH:mm' of an instant in `timeZone`: sortable, and read as a date by spreadsheets. */
export function formatWallTime(date: Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const wall = wallTimeIn(date, timeZone)
  return `${formatIsoDay(wall)} ${pad(wall.hour)}:${pad(wall.minute)}`
}

function isValidInstant(date: Date): boolean {
  return !Number.isNaN(date.getTime())
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>()

function displayFormatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = displayFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', options)
    displayFormatters.set(key, formatter)
  }
  return formatter
}

/**
 * A stored (UTC, ISO 8601) date and time as tables show it: day/month/year with time, in the business's
 * zone, e.g. '21/11/2025, 14:05'. '' when invalid.
 */
export function formatDateTime(value: string | Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value)
  if (!isValidInstant(date)) return ''
  return displayFormatter(`datetime:${timeZone}`, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date)
}

/** A stored instant as people read a date: '16 February 2026' (Melbourne's day). '' when invalid. */
export function formatLongDate(value: string | Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value)
  if (!isValidInstant(date)) return ''
  return displayFormatter(`long:${timeZone}`, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)
}

/** A stored instant as a document states it: '12 March 2026 at 3:45 pm AEDT' ('…3:45:07 pm…' with seconds). */
export function formatLongDateTime(
  value: string | Date,
  options: { seconds?: boolean; timeZone?: string } = {},
): string {
  const date = value instanceof Date ? value : new Date(value)
  if (!isValidInstant(date)) return ''
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE
  return displayFormatter(`longtime:${options.seconds ? 's' : 'm'}:${timeZone}`, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  }).format(date)
}

/** A stored instant's day as forms write it: '12/03/2026' (Melbourne's day). '' when invalid. */
export function formatShortDate(value: string | Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value)
  if (!isValidInstant(date)) return ''
  const day = wallTimeIn(date, timeZone)
  return `${pad(day.day)}/${pad(day.month)}/${day.year}`
}

/** The business's year at `now` (the footer's copyright line). */
export function businessYear(now: Date = new Date()): number {
  return businessDay(now).year
}
