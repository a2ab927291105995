import { nextBusinessDay } from './business-days.ts'
import { BUSINESS_TIME_ZONE, businessDay, type CalendarDay, startOfDayIn } from './business-time.ts'
import type { EnquiryKind } from './constants.ts'
import { type HireDetailsView, hireDetailLines } from './hire-detail-lines.ts'

/*
 * What an enquiry's sender is told once it is sent, on the page (the lasting confirmation) and in the
 * acknowledgement email: its short reference, what was asked in the form's fixed choices, and what happens next
 * and by when. Plain code (no zod): the form renders it from the API's answer.
 */

/** The reference's letter: Q for a quote request, M for a message (Contact Us). */
export const ENQUIRY_REFERENCE_PREFIX = { quote: 'Q', contact: 'M' } as const satisfies Record<
  EnquiryKind,
  string
>

/** 'Q-2026-00123': kind, the Melbourne year it was received, its number in that year (five digits at least). */
export const ENQUIRY_REFERENCE_PATTERN = /^[QM]-\d{4}-\d{5,}$/u

export function formatEnquiryReference(kind: EnquiryKind, year: number, sequence: number): string {
  return `${ENQUIRY_REFERENCE_PREFIX[kind]}-${year}-${String(sequence).padStart(5, '0')}`
}

/** When the business replies by: the end of the next business day in Melbourne after the day it was received. */
export function replyByDay(receivedAt: Date): CalendarDay {
  return nextBusinessDay(businessDay(receivedAt))
}

/** 'Tuesday 3 March 2026'. */
export function formatWeekdayDate(day: CalendarDay): string {
  // Midday: the same Melbourne day whatever the offset.
  const noon = new Date(startOfDayIn(day).getTime() + 12 * 60 * 60 * 1000)
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(noon)
}

/** What happens next, and by when. */
export function nextStepsText(kind: EnquiryKind, replyBy: CalendarDay): string {
  const what = kind === 'quote' ? 'prepare your quote and contact you' : 'reply to your message'
  return (
    `Our team works business hours, Monday to Friday except public holidays in Victoria: we will ${what} ` +
    `by the end of ${formatWeekdayDate(replyBy)} (Melbourne time).`
  )
}

export interface AskedLine {
  label: string
  value: string
}

/** A site named from the suburb list: proper case, its state, and its postcode when one was given ('Laverton VIC 3028'). */
export interface ListedSite {
  suburb: string
  state: string
  postcode: string
}

/**
 * What was asked, in the form's fixed choices only (never anything typed freely: the acknowledgement goes to an
 * address nobody has proved, ADR 032): the services with their quantities, the start date, the hire length, the
 * site when it is a suburb of the list, day or night works. A contact message has none.
 */
export function askedLines(
  enquiry: {
    kind: EnquiryKind
    services: readonly string[]
    hireDetails?: HireDetailsView | null | undefined
  },
  site: ListedSite | null,
): AskedLine[] {
  if (enquiry.kind !== 'quote') return []
  const quantities = enquiry.hireDetails?.quantities ?? {}
  const services = enquiry.services.map((service) => {
    const count = quantities[service]
    return count ? `${service} (${count})` : service
  })
  const hire = hireDetailLines(enquiry.hireDetails)
  const line = (label: string) => hire.filter((entry) => entry.label === label)
  return [
    { label: 'Services', value: services.join(', ') },
    ...line('Start date'),
    ...line('Hire length'),
    ...(site
      ? [{ label: 'Site', value: [site.suburb, site.state, site.postcode].filter(Boolean).join(' ') }]
      : []),
    ...line('Works'),
  ]
}
