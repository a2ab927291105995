import { formatLongDateTime } from '@signalway/shared/business-time'
import { SITE } from '@signalway/shared/site'
import type { OutgoingMail } from '../outbox/service.ts'
import { bookingMail } from './mail.ts'

/*
 * The emails of a hire under way (ADR 048): the off-hire's number and pick-up time, and an extension's new end.
 * Times are in the depot's zone, stated with it.
 */

export interface OffHireMail {
  number: string
  bookingReference: string
  pickupAt: string
  timeZone: string
  fleetNumbers: readonly string[]
  accessNotes: string
}

export function offHireMail(to: string, offHire: OffHireMail): OutgoingMail {
  return bookingMail(to, `Off-hire ${offHire.number} for booking ${offHire.bookingReference}`, [
    `We have your off-hire ${offHire.number} for booking ${offHire.bookingReference}.`,
    `Pick-up: ${formatLongDateTime(offHire.pickupAt, { timeZone: offHire.timeZone })}. Charges stop then.`,
    '',
    'Units:',
    ...offHire.fleetNumbers.map((fleetNumber) => `- ${fleetNumber}`),
    '',
    `Access notes: ${offHire.accessNotes || 'none'}`,
    '',
    `To change the pick-up, call us on ${SITE.phone.display} and quote ${offHire.number}.`,
  ])
}

export interface ExtendMail {
  bookingReference: string
  endsAt: string
  timeZone: string
  swapped: readonly { from: string; to: string }[]
}

export function extendMail(to: string, extension: ExtendMail): OutgoingMail {
  return bookingMail(to, `Booking ${extension.bookingReference} extended`, [
    `Booking ${extension.bookingReference} now runs until ${formatLongDateTime(extension.endsAt, { timeZone: extension.timeZone })}.`,
    ...(extension.swapped.length > 0
      ? [
          '',
          'These units will be exchanged at the old end, as another hire has them booked:',
          ...extension.swapped.map((swap) => `- ${swap.from} for ${swap.to}`),
        ]
      : []),
    '',
    `Questions? Call us on ${SITE.phone.display}.`,
  ])
}
