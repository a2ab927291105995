/**
 * Wall time in a named time zone (the business's, Australia/Melbourne), without a date library:
 * Intl gives the zone's offset at an instant, and a day's start is found from it.
 */

export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall time in `timeZone` at the instant `date`. */
export function wallTimeIn(date: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

/** The zone's offset from UTC at `date`, in milliseconds (Melbourne: +10 h or +11 h). */
export function zoneOffsetMs(date: Date, timeZone: string): number {
  const wall = wallTimeIn(date, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return asUtc - Math.floor(date.getTime() / 1000) * 1000
}

/** The instant at which the calendar day `year-month-day` begins in `timeZone`. */
export function startOfDayIn(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day)
  // The offset at the guess may differ from the offset at the answer across a DST change: refine once.
  const first = guess - zoneOffsetMs(new Date(guess), timeZone)
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone))
}

/** Parses 'YYYY-MM-DD' into a real calendar date; undefined otherwise. */
export function parseIsoDay(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined
  }
  return { year, month, day }
}

/** 'YYYY-MM-DD HH:mm' in `timeZone`: sortable, and read as a date by spreadsheets. */
export function formatWallTime(date: Date, timeZone: string): string {
  const wall = wallTimeIn(date, timeZone)
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`
}
