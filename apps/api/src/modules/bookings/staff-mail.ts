import { formatDateTime } from '@signalway/shared/business-time'
import { SITE } from '@signalway/shared/site'
import type { OutgoingMail } from '../outbox/service.ts'
import { bookingMail } from './mail.ts'

/*
 * What the orderer is told when staff act on their booking (ADR 048): confirmed (with the units and the start),
 * declined (with the reason), units of a confirmed booking changed, units delivered and units collected. Plain words; times in the depot's zone.
 */

export interface MailBooking {
  reference: string
  siteName: string
  timeZone: string
}

export interface MailUnit {
  fleetNumber: string
  typeName: string
}

const unitLines = (units: readonly MailUnit[]) =>
  units.map((unit) => `- ${unit.fleetNumber}: ${unit.typeName}`)

/** A staff email about a booking: the body, then where to call with a question. */
function mail(to: string, subject: string, body: readonly string[]): OutgoingMail {
  return bookingMail(to, subject, [
    ...body,
    '',
    `If you have a question about it, call us on ${SITE.phone.display}.`,
  ])
}

export function bookingConfirmedMail(
  to: string,
  booking: MailBooking & { startsAt: string },
  units: readonly MailUnit[],
): OutgoingMail {
  return mail(to, `Booking ${booking.reference} confirmed`, [
    `Your booking ${booking.reference} for ${booking.siteName} is confirmed.`,
    `It starts ${formatDateTime(booking.startsAt, booking.timeZone)} (${booking.timeZone}).`,
    '',
    'The units held for it:',
    ...unitLines(units),
  ])
}

export function bookingDeclinedMail(to: string, booking: MailBooking, reason: string): OutgoingMail {
  return mail(to, `Booking ${booking.reference} declined`, [
    `We are sorry: we cannot take your booking ${booking.reference} for ${booking.siteName}.`,
    '',
    `The reason: ${reason}`,
    '',
    'No units are held for it any more, and nothing is charged.',
  ])
}

export function unitsChangedMail(
  to: string,
  booking: MailBooking,
  changes: readonly { from: string; to: MailUnit }[],
): OutgoingMail {
  return mail(to, `Booking ${booking.reference}: units changed`, [
    `We have changed units held for your booking ${booking.reference} for ${booking.siteName}:`,
    ...changes.map((change) => `- ${change.from} is now ${change.to.fleetNumber}: ${change.to.typeName}`),
  ])
}

export function unitsDeliveredMail(
  to: string,
  booking: MailBooking,
  units: readonly MailUnit[],
  at: string,
): OutgoingMail {
  return mail(to, `Booking ${booking.reference}: units on hire`, [
    `These units of your booking ${booking.reference} for ${booking.siteName} are on hire from ${formatDateTime(at, booking.timeZone)} (${booking.timeZone}):`,
    ...unitLines(units),
  ])
}

export function unitsCollectedMail(
  to: string,
  booking: MailBooking,
  units: readonly MailUnit[],
  at: string,
): OutgoingMail {
  return mail(to, `Booking ${booking.reference}: units collected`, [
    `We collected these units of your booking ${booking.reference} from ${booking.siteName} at ${formatDateTime(at, booking.timeZone)} (${booking.timeZone}):`,
    ...unitLines(units),
  ])
}
