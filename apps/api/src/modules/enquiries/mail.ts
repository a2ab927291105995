import { formatDateTime } from '@signalway/shared/business-time'
import { countWords } from '@signalway/shared/constants'
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
  kind: 'contact' | 'quote'
  name: string
  email: string
  phone: string | null
  message: string
  services: readonly string[]
  sources: readonly string[]
  /** A quote's hire details (issue 17). */
  hireDetails?: HireDetails | null | undefined
  createdAt: Date
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
  const subject = `New ${what(enquiry.kind)} from ${oneLine(enquiry.name)}`
  const received = `${formatDateTime(enquiry.createdAt)} (Melbourne time)`
  const inbox = `${context.siteUrl}/admin/enquiries/`
  const fields = fieldsOf(enquiry)
  const text = [
    `${subject}.`,
    '',
    fieldsText(fields),
    '',
    `Received: ${received}`,
    `Reference: ${enquiry.id}`,
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
      `<p>Received: ${escapeHtml(received)}<br>Reference: ${escapeHtml(enquiry.id)}</p>`,
      `<p>Reply to this email to answer ${escapeHtml(oneLine(enquiry.name))} directly.<br>` +
        `<a href="${escapeHtml(inbox)}">All enquiries</a></p>`,
    ].join('\n'),
  )
  return { to: context.enquiriesEmail, replyTo: enquiry.email, subject, text, html }
}

/**
 * To the sender: thanks, how to reach us at any hour, and a short summary in the business's words. The
 * address has not shown that it is the sender's, so nothing typed on the form comes back in it (no name,
 * no message): the form cannot be used to send someone else a text of one's choosing (issue 14, ASVS
 * 2.4.1). Services come from the form's fixed list.
 */
export function acknowledgement(enquiry: EnquiryMailData, context: MailContext): OutgoingMail {
  const subject = `Thanks for contacting ${context.siteName}`
  const greeting = 'Hello,'
  const thanks =
    `Thanks for contacting ${context.siteName}. We have received your ${what(enquiry.kind)} ` +
    'and will get back to you shortly.'
  const urgent =
    `If it is urgent, call us on ${context.phone}: we are available 24 hours a day, ` +
    `7 days a week (${context.openingHours}).`
  const words = countWords(enquiry.message)
  const summary: Field[] = [
    { label: 'Received', value: formatDateTime(enquiry.createdAt) },
    { label: 'Reference', value: enquiry.id },
    ...(enquiry.kind === 'quote' ? [{ label: 'Services', value: enquiry.services.join(', ') }] : []),
    { label: 'Your message', value: `${words} ${words === 1 ? 'word' : 'words'}` },
    { label: 'Phone number', value: enquiry.phone ? 'given' : 'not given' },
  ]
  const notYou = 'If you did not send this, you can ignore this email.'
  const signature = [context.siteName, `${context.phone} · ${context.enquiriesEmail}`, context.siteUrl]
  const text = [
    greeting,
    '',
    thanks,
    '',
    urgent,
    '',
    'What we received:',
    '',
    fieldsText(summary),
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
      `<p>${escapeHtml(urgent)}</p>`,
      '<p>What we received:</p>',
      fieldsHtml(summary),
      `<p>${escapeHtml(notYou)}</p>`,
      `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
  )
  return { to: enquiry.email, replyTo: context.enquiriesEmail, subject, text, html }
}
