import type { CalendarDay } from '@signalway/shared/business-time'
import { formatDateTime } from '@signalway/shared/business-time'
import { type AskedLine, nextStepsText } from '@signalway/shared/enquiry-confirmation'
import { type HireDetails, hireDetailLines } from '@signalway/shared/hire-details'
import { escapeHtml, oneLine } from '../../lib/html.ts'
import type { OutgoingMail } from '../outbox/service.ts'

/*
 * The two emails of an enquiry: the notification to the business and the acknowledgement to the
 * sender. The text is what the sender typed; every HTML body escapes it, and each HTML body has
 * a plain text alternative.
 */

export interface EnquiryMailData {
  id: string
  /** The short reference given to the sender ('Q-2026-00123'). */
  reference: string
  kind: 'contact' | 'quote'
  name: string
  email: string
  phone: string | null
  message: string
  services: readonly string[]
  sources: readonly string[]
  /** A quote's hire details (requirements §14). */
  hireDetails?: HireDetails | null | undefined
  createdAt: Date
  /** What was asked in the form's fixed choices (`askedLines`), the only part of the form the sender is sent back. */
  asked: readonly AskedLine[]
  /** The day by whose end the business replies. */
  replyBy: CalendarDay
}

export interface MailContext {
  siteName: string
  siteUrl: string
  enquiriesEmail: string
  phone: string
  openingHours: string
}

type Field = { label: string; value: string; multiline?: boolean }

const what = (kind: EnquiryMailData['kind']) => (kind === 'quote' ? 'quote request' : 'contact message')

function fieldsOf(enquiry: EnquiryMailData): Field[] {
  const fields: Field[] = [
    { label: 'Name', value: enquiry.name },
    { label: 'Email', value: enquiry.email },
    { label: 'Phone', value: enquiry.phone || 'Not given' },
  ]
  if (enquiry.kind === 'quote') {
    fields.push(
      { label: 'Services', value: enquiry.services.join(', ') },
      { label: 'How did you hear about us?', value: enquiry.sources.join(', ') },
      ...hireDetailLines(enquiry.hireDetails),
    )
  }
  fields.push({ label: 'Message', value: enquiry.message, multiline: true })
  return fields
}

function fieldsText(fields: Field[]): string {
  return fields
    .map((field) => (field.multiline ? `${field.label}:\n${field.value}` : `${field.label}: ${field.value}`))
    .join('\n')
}

function fieldsHtml(fields: Field[]): string {
  const rows = fields
    .map(
      (field) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;white-space:nowrap">${escapeHtml(field.label)}</th>` +
        `<td style="padding:4px 0;${field.multiline ? 'white-space:pre-wrap;' : ''}">${escapeHtml(field.value)}</td></tr>`,
    )
    .join('\n')
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse">\n${rows}\n</table>`
}

function page(title: string, body: string): string {
  return (
    `<!doctype html>\n<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">\n${body}\n</body></html>\n`
  )
}

/** To the business's enquiries address, Reply-To the sender, so that a reply goes straight to them. */
export function businessNotification(enquiry: EnquiryMailData, context: MailContext): OutgoingMail {
  const subject = `New ${what(enquiry.kind)} from ${oneLine(enquiry.name)} (${enquiry.reference})`
  const received = `${formatDateTime(enquiry.createdAt)} (Melbourne time)`
  const inbox = `${context.siteUrl}/admin/enquiries/`
  const fields = fieldsOf(enquiry)
  const text = [
    `${subject}.`,
    '',
    fieldsText(fields),
    '',
    `Received: ${received}`,
    `Reference: ${enquiry.reference}`,
    '',
    `Reply to this email to answer ${oneLine(enquiry.name)} directly.`,
    `All enquiries: ${inbox}`,
    '',
  ].join('\n')
  const html = page(
    subject,
    [
      `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
      fieldsHtml(fields),
      `<p>Received: ${escapeHtml(received)}<br>Reference: ${escapeHtml(enquiry.reference)}</p>`,
      `<p>Reply to this email to answer ${escapeHtml(oneLine(enquiry.name))} directly.<br>` +
        `<a href="${escapeHtml(inbox)}">All enquiries</a></p>`,
    ].join('\n'),
  )
  return { to: context.enquiriesEmail, replyTo: enquiry.email, subject, text, html }
}

/**
 * To the sender: thanks, the short reference, what was asked in the form's fixed choices (`askedLines`: services
 * and quantities, start date, hire length, a site of the suburb list, day or night works), what happens next and
 * by when, and how to reach us at any hour. The address has not shown that it is the sender's, so nothing typed
 * freely on the form comes back in it (no name, no company, no message, no site outside the list): the form cannot
 * be used to send someone else a text of one's choosing (ADR 032).
 */
export function acknowledgement(enquiry: EnquiryMailData, context: MailContext): OutgoingMail {
  const subject = `Thanks for contacting ${context.siteName} (${enquiry.reference})`
  const greeting = 'Hello,'
  const thanks =
    `Thanks for contacting ${context.siteName}. We have received your ${what(enquiry.kind)}: ` +
    `its reference is ${enquiry.reference}. Please give it if you call us about it.`
  const next = nextStepsText(enquiry.kind, enquiry.replyBy)
  const urgent =
    `If it is urgent, call us on ${context.phone}: we are available 24 hours a day, ` +
    `7 days a week (${context.openingHours}).`
  const summary: Field[] = [
    { label: 'Reference', value: enquiry.reference },
    { label: 'Received', value: `${formatDateTime(enquiry.createdAt)} (Melbourne time)` },
    ...enquiry.asked,
  ]
  const notYou = 'If you did not send this, you can ignore this email.'
  const signature = [context.siteName, `${context.phone} · ${context.enquiriesEmail}`, context.siteUrl]
  const text = [
    greeting,
    '',
    thanks,
    '',
    enquiry.asked.length > 0 ? 'What you asked for:' : 'What we received:',
    '',
    fieldsText(summary),
    '',
    `What happens next: ${next}`,
    '',
    urgent,
    '',
    notYou,
    '',
    ...signature,
    '',
  ].join('\n')
  const html = page(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(thanks)}</p>`,
      `<p>${escapeHtml(enquiry.asked.length > 0 ? 'What you asked for:' : 'What we received:')}</p>`,
      fieldsHtml(summary),
      `<p><strong>What happens next:</strong> ${escapeHtml(next)}</p>`,
      `<p>${escapeHtml(urgent)}</p>`,
      `<p>${escapeHtml(notYou)}</p>`,
      `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
  )
  return { to: enquiry.email, replyTo: context.enquiriesEmail, subject, text, html }
}
