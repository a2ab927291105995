import { addDays, type CalendarDay, formatIsoDay } from './business-time.ts'

/*
 * Business days (the hire terms' definition, `terms.ts`: a day other than a Saturday, Sunday or public holiday in
 * Victoria), for what the business promises by when: an enquiry is answered by the end of the next business day.
 * Victoria's public holidays follow from the Public Holidays Act 1993 (Vic), except the Friday before the AFL
 * Grand Final, which the government names each year: AFL_GRAND_FINAL_FRIDAYS lists those known; a year not
 * listed counts that Friday as a business day (a promise at most one day early) until it is added.
 */

/** The Friday before the AFL Grand Final, as gazetted (YYYY-MM-DD). */
export const AFL_GRAND_FINAL_FRIDAYS: readonly string[] = ['2024-09-27', '2025-09-26']

const weekday = (day: CalendarDay) => new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()
const isWeekend = (day: CalendarDay) => weekday(day) === 0 || weekday(day) === 6

/** The `nth` (1-based) given weekday (0 Sunday to 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, dayOfWeek: number, nth: number): CalendarDay {
  const first: CalendarDay = { year, month, day: 1 }
  const offset = (dayOfWeek - weekday(first) + 7) % 7
  return { year, month, day: 1 + offset + (nth - 1) * 7 }
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { year, month, day }
}

const cache = new Map<number, ReadonlySet<string>>()

/** Victoria's public holidays of a year (YYYY-MM-DD), substitute days included. */
export function victorianPublicHolidays(year: number): ReadonlySet<string> {
  const known = cache.get(year)
  if (known) return known
  const days = new Set<string>()
  const add = (day: CalendarDay) => days.add(formatIsoDay(day))
  /** On a weekend: the next weekday that is not a holiday already (New Year's Day, Australia Day, Christmas, Boxing Day). */
  const withSubstitute = (day: CalendarDay) => {
    add(day)
    if (!isWeekend(day)) return
    let substitute = addDays(day, 1)
    while (isWeekend(substitute) || days.has(formatIsoDay(substitute))) substitute = addDays(substitute, 1)
    add(substitute)
  }
  withSubstitute({ year, month: 1, day: 1 })
  withSubstitute({ year, month: 1, day: 26 })
  add(nthWeekday(year, 3, 1, 2)) // Labour Day: second Monday of March
  const easter = easterSunday(year)
  for (const offset of [-2, -1, 0, 1]) add(addDays(easter, offset)) // Good Friday to Easter Monday
  add({ year, month: 4, day: 25 }) // ANZAC Day (no substitute in Victoria)
  add(nthWeekday(year, 6, 1, 2)) // King's Birthday: second Monday of June
  for (const friday of AFL_GRAND_FINAL_FRIDAYS) if (friday.startsWith(`${year}-`)) days.add(friday)
  add(nthWeekday(year, 11, 2, 1)) // Melbourne Cup: first Tuesday of November
  withSubstitute({ year, month: 12, day: 25 })
  withSubstitute({ year, month: 12, day: 26 })
  cache.set(year, days)
  return days
}

export function isBusinessDay(day: CalendarDay): boolean {
  return !isWeekend(day) && !victorianPublicHolidays(day.year).has(formatIsoDay(day))
}

/** The first business day after `day`. */
export function nextBusinessDay(day: CalendarDay): CalendarDay {
  let next = addDays(day, 1)
  while (!isBusinessDay(next)) next = addDays(next, 1)
  return next
}
