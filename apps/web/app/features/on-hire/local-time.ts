import { parseIsoDay, wallTimeIn, wallTimeToInstant } from '@signalway/shared/business-time'

/*
 * The date and time inputs of the On hire forms: a wall time in the depot's zone (not the browser's), as an
 * instant for the API, and an instant back as the inputs' values.
 */

const pad = (value: number) => String(value).padStart(2, '0')

/** 'YYYY-MM-DD' and 'HH:mm' in `timeZone` as an ISO instant; null when either is missing or invalid. */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const day = parseIsoDay(date)
  const match = /^(\d{2}):(\d{2})$/.exec(time)
  if (!day || !match) return null
  const hour = Number(match[1])
  const minute = Number(match[2])
  if (hour > 23 || minute > 59) return null
  return wallTimeToInstant({ ...day, hour, minute, second: 0 }, timeZone).toISOString()
}

/** An instant as the inputs' values in `timeZone`. */
export function inputsOf(instant: string | Date, timeZone: string): { date: string; time: string } {
  const wall = wallTimeIn(new Date(instant), timeZone)
  return {
    date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  }
}

/** The zone's city as people name it: 'Brisbane time'. */
export function zoneWords(timeZone: string): string {
  return `${(timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')} time`
}
