import { BUSINESS_TIME_ZONE } from '@signalway/shared/constants'

const longDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

const longDateTimeSeconds = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
})

const shortDate = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

const year = new Intl.DateTimeFormat('en-AU', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' })

/** '12 March 2026 at 3:45 pm AEDT' (Melbourne time). */
export function melbourneDateTime(date: Date, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? longDateTimeSeconds : longDateTime).format(date)
}

/** '12/03/2026' (Melbourne date). */
export function melbourneDate(date: Date): string {
  return shortDate.format(date)
}

/** The year in Melbourne, e.g. 2026 (for references). */
export function melbourneYear(date: Date): number {
  return Number(year.format(date))
}

/** '004085616' -> '004 085 616'; other values unchanged. */
export function formatAcn(value: string): string {
  const digits = value.replace(/\s+/gu, '')
  return /^\d{9}$/u.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value
}

/** Bytes as '1.2 MB', '34 KB' or '512 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}
