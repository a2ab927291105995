import { wallTimeIn } from '@signalway/shared/business-time'
import type { Stop, StopKind } from '@signalway/shared/field-operations'

/*
 * What the drivers' app says (ADR 050): times in the depot's zone, whatever the phone's own, and the few phrases the
 * run and the stop pages share. The server's messages come from FIELD_MESSAGES.
 */

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant's time of day at the depot, on the 24-hour clock a run sheet uses: '07:00'. */
export function timeAt(instant: string | Date, timeZone: string): string {
  const wall = wallTimeIn(new Date(instant), timeZone)
  return `${pad(wall.hour)}:${pad(wall.minute)}`
}

/** A run's day ('2026-03-02') as people say it: 'Monday 2 March'. */
export function dayWords(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`)
  if (Number.isNaN(date.getTime())) return isoDay
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(date)
}

/** The zone as people name it: 'Melbourne time'. */
export function zoneWords(timeZone: string): string {
  return `${(timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')} time`
}

export const KIND_WORDS: Record<StopKind, { title: string; unitsLegend: string; docket: string }> = {
  delivery: { title: 'Delivery', unitsLegend: 'Units delivered', docket: 'Delivery docket' },
  collection: { title: 'Collection', unitsLegend: 'Units collected', docket: 'Collection docket' },
}

/** The phone's map app, searching the site's address. */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}

/** A phone number as a tel: link dials it. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** The line over the stops: what the phone still has to send. */
export function queueWords(waiting: number, refused: number): string {
  if (waiting === 0 && refused === 0) return 'Every docket is sent.'
  const parts: string[] = []
  if (waiting > 0) parts.push(`${plural(waiting, 'docket', 'dockets')} waiting to be sent`)
  if (refused > 0) parts.push(`${plural(refused, 'docket', 'dockets')} to fix`)
  return `${parts.join(', ')}.`
}

/** "Booking BK-2026-000123" or "Off-hire OH-2026-000045 (booking BK-…)": what the stop is for. */
export function stopReference(stop: Pick<Stop, 'kind' | 'bookingReference' | 'offHireNumber'>): string {
  return stop.kind === 'collection' && stop.offHireNumber
    ? `Off-hire ${stop.offHireNumber} (booking ${stop.bookingReference})`
    : `Booking ${stop.bookingReference}`
}

/** The stop's units as a phrase: '3 units: VMS-012, VMS-013, TL-004'. */
export function unitsWords(units: readonly { fleetNumber: string }[]): string {
  if (units.length === 0) return 'No units'
  return `${plural(units.length, 'unit', 'units')}: ${units.map((unit) => unit.fleetNumber).join(', ')}`
}
