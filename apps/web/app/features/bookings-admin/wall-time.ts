import { formatIsoDay, wallTimeIn, wallTimeToInstant } from '@signalway/shared/business-time'

/*
 * A datetime-local input's value is a wall time with no zone: the booking screens read and write it in the
 * depot's zone, whatever the browser's own.
 */

const pad = (value: number) => String(value).padStart(2, '0')

/** 'YYYY-MM-DDTHH:mm' of an instant in a zone. */
export function wallInputValue(date: Date, timeZone: string): string {
  const wall = wallTimeIn(date, timeZone)
  return `${formatIsoDay(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`
}

/** The ISO instant of a datetime-local value read in a zone; null when it is not one. */
export function instantOfWallInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/u.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  return wallTimeToInstant({ year, month, day, hour, minute, second: 0 }, timeZone).toISOString()
}

/** 'Brisbane time' for 'Australia/Brisbane'. */
export function zoneLabel(timeZone: string): string {
  return `${(timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ')} time`
}
