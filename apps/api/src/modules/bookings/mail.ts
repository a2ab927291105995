import { STAFF_CHECK_WORDS, type StaffCheck } from '@signalway/shared/bookings'
import { formatDateTime } from '@signalway/shared/business-time'
import { cents, formatMoney } from '@signalway/shared/money'
import { SITE } from '@signalway/shared/site'
import type { OutgoingMail } from '../outbox/service.ts'
import { greeting, MAIL_SIGNATURE as signature } from '../outbox/signature.ts'
import type { BookingListRow } from './repository.ts'

/*
 * The emails of a booking request and an Account admin's decision (requirements §19). They go to addresses of
 * members of the account (proved on joining it), and say what happens next in plain words.
 */

export interface BookingMailFacts {
  reference: string
  accountName: string
  siteName: string
  startsAt: string
  endsAt: string
  timeZone: string
  totalCents: number
  orderedByName: string
  /** The booking's page in My Account. */
  link: string
}

const period = (facts: BookingMailFacts) =>
  `${formatDateTime(facts.startsAt, facts.timeZone)} to ${formatDateTime(facts.endsAt, facts.timeZone)}`

const totalLine = (facts: BookingMailFacts) =>
  `Indicative total: ${formatMoney(cents(facts.totalCents))} inc GST.`

/** What happens next to a requested booking: our team's confirmation, after their check when it has one. */
export function nextStepWords(staffCheck: StaffCheck | null): string {
  return staffCheck === null
    ? 'Our team will check the booking and confirm it with you.'
    : STAFF_CHECK_WORDS[staffCheck]
}

/** A booking email's text: the greeting, the lines, and the signature (every booking email, staff's too). */
export function bookingMail(to: string, subject: string, lines: readonly string[]): OutgoingMail {
  return { to, subject, text: [greeting(null), '', ...lines, '', signature, ''].join('\n') }
}

/** The facts of a booking its emails give, from its row. */
export function mailFactsOf(row: BookingListRow, link: string): BookingMailFacts {
  return {
    reference: row.reference,
    accountName: row.account_name,
    siteName: row.site_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.depot_time_zone,
    totalCents: Number(row.total_cents),
    orderedByName: row.ordered_by_name,
    link,
  }
}

/** To the orderer: the booking arrived, and who it waits for now. */
export function bookingReceivedMail(
  to: string,
  facts: BookingMailFacts,
  state: { awaitingApproval: boolean; staffCheck: StaffCheck | null },
): OutgoingMail {
  const next = state.awaitingApproval
    ? `It is over your approval limit, so it waits for an Account admin of ${facts.accountName} to approve it before it comes to our team.`
    : nextStepWords(state.staffCheck)
  return bookingMail(to, `Booking ${facts.reference} received`, [
    `We have received booking ${facts.reference} for ${facts.siteName}, ${period(facts)}.`,
    next,
    totalLine(facts),
    '',
    'See the booking and its hire agreement:',
    facts.link,
  ])
}

/** To each Account admin: an orderer's booking over their limit waits for an approval. */
export function approvalNeededMail(to: string, facts: BookingMailFacts): OutgoingMail {
  return bookingMail(to, `Booking ${facts.reference} needs your approval`, [
    `${facts.orderedByName} has booked ${facts.reference} for ${facts.siteName}, ${period(facts)}, on the ${SITE.name} account of ${facts.accountName}.`,
    `It is over their approval limit, so it needs an Account admin's approval before it comes to us. ${totalLine(facts)}`,
    '',
    'Approve or decline it here:',
    facts.link,
  ])
}

export function bookingApprovedMail(
  to: string,
  facts: BookingMailFacts,
  approver: string,
  staffCheck: StaffCheck | null,
): OutgoingMail {
  return bookingMail(to, `Booking ${facts.reference} approved`, [
    `${approver} approved booking ${facts.reference} for ${facts.siteName}, ${period(facts)}. It is now with our team.`,
    nextStepWords(staffCheck),
    '',
    facts.link,
  ])
}

export function bookingDeclinedMail(
  to: string,
  facts: BookingMailFacts,
  decider: string,
  reason: string,
): OutgoingMail {
  return bookingMail(to, `Booking ${facts.reference} declined`, [
    `${decider} declined booking ${facts.reference} for ${facts.siteName}, ${period(facts)}.`,
    `The reason given: ${reason}`,
    'The equipment it held is free again. You can make a new booking at any time.',
    '',
    facts.link,
  ])
}
