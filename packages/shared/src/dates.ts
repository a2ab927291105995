/**
 * Form dates of the admin user filter (requirements §2, §5). A form date is a calendar day held as a Date at
 * local midnight (see business-time.ts): shown as dd/mm/yyyy and sent as 'YYYY-MM-DD HH:mm:ss', which the
 * server reads as Australia/Melbourne wall time. The day comes from the Date's local fields, so it is the
 * same day in every browser zone; "today" is the business's today (`businessToday`).
 */
import { isCalendarDay, type WallTime } from './business-time.ts'

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime())
}

/** True for 1 Jan 1900 (any time of that day, local time), the "no date" value of the filter. */
export function isNoDate(date: Date): boolean {
  return date.getFullYear() === 1900 && date.getMonth() === 0 && date.getDate() === 1
}

/**
 * 'YYYY-MM-DD HH:mm:ss' in the local wall time of `date`; '' for null, undefined, an invalid
 * date or 1 Jan 1900.
 */
export function formatFilterDate(date: Date | null | undefined): string {
  if (!isValidDate(date) || isNoDate(date)) return ''
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

export const FILTER_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/u

export type DateTimeParts = WallTime

/** Splits a 'YYYY-MM-DD HH:mm:ss' value into its parts; null when it is not a real date and time. */
export function parseFilterDate(value: string): DateTimeParts | null {
  const match = FILTER_DATE_PATTERN.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null
  return { year, month, day, hour, minute, second }
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 0, 0, 0, 0)
}

export function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 0)
}

/** 'dd/mm/yyyy' of a local date; '' when invalid. */
export function formatDisplayDate(date: Date | null | undefined): string {
  if (!isValidDate(date)) return ''
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)}`
}

/**
 * Reads a date typed or picked in a form: 'dd/mm/yyyy' (or d/m/yyyy) or 'YYYY-MM-DD' (an
 * <input type="date">), as a local date at midnight. null when the text is not a real date.
 */
export function parseDisplayDate(value: string): Date | null {
  const text = value.trim()
  let day: number
  let month: number
  let year: number
  const display = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/u.exec(text)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text)
  if (display) {
    day = Number(display[1])
    month = Number(display[2])
    year = Number(display[3])
  } else if (iso) {
    year = Number(iso[1])
    month = Number(iso[2])
    day = Number(iso[3])
  } else {
    return null
  }
  const date = new Date(year, month - 1, day)
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null
  return date
}
