import { formatLongDateTime } from '@signalway/shared/business-time'
import { customerTypeLabel } from '@signalway/shared/constants'
import type { CreditApplicationData } from '@signalway/shared/credit'
import { formatAcn } from '@signalway/shared/credit/application-view'
import type { CreditStatus } from '@signalway/shared/credit-admin'
import { formatAbn } from '@signalway/shared/fields'
import { SITE } from '@signalway/shared/site'
import { oneLine } from '../../lib/html.ts'

/**
 * The two emails of a submitted application: the accounts team's notice (with a link to the admin list and the
 * signed PDF) and the applicant's receipt. The receipt goes to an address typed in the application, so it carries
 * nothing typed there: only the reference, the time and the fixed facts; the PDF, which holds what was typed, is
 * attached only for an address shown to be its owner's (receiptCopy).
 */
export function creditApplicationMails(
  data: CreditApplicationData,
  reference: string,
  submittedAt: Date,
  siteUrl: string,
) {
  const s1 = data.section1
  const when = formatLongDateTime(submittedAt)
  const details = [
    `Reference: ${reference}`,
    `Submitted: ${when}`,
    `Customer: ${s1.fullNameOfCustomer}`,
    `Trading or business name: ${s1.businessName}`,
    `Customer type: ${customerTypeLabel(s1.customerType)}`,
    `ABN: ${formatAbn(s1.abn)}`,
    ...(s1.acn ? [`ACN: ${formatAcn(s1.acn)}`] : []),
    `Completed by: ${s1.personCompletingTheApplication} (${s1.position})`,
    `Phone: ${s1.phone}`,
    `Email: ${s1.email}`,
  ]
  return {
    accounts: {
      subject: oneLine(`Application for credit: ${s1.businessName} (${reference})`),
      text: [
        'A new application for credit has been submitted on the website.',
        '',
        ...details,
        '',
        'The signed application is attached as a PDF.',
        `All applications: ${siteUrl}/admin/credit-applications/`,
      ].join('\n'),
    },
    /** `copy`: receiptCopy's paragraph. */
    applicant: (copy: string) => ({
      subject: oneLine(`Your application for credit with ${SITE.name} (${reference})`),
      text: [
        'Hello,',
        '',
        'Thank you, your application for credit has been submitted successfully.',
        '',
        `Reference: ${reference}`,
        `Submitted: ${when}`,
        `Customer type: ${customerTypeLabel(s1.customerType)}`,
        `ABN: ${formatAbn(s1.abn)}`,
        ...(s1.acn ? [`ACN: ${formatAcn(s1.acn)}`] : []),
        '',
        `${copy} Our accounts team will review it and contact you.`,
        `If you have any questions, call us on ${SITE.phone.display} or reply to this email.`,
        '',
        SITE.name,
      ].join('\n'),
    }),
  }
}

export interface DecisionMailInput {
  reference: string
  creditLimit: number | null
  paymentTermsDays: number | null
  /** The staff's question, for more_information_needed. */
  question: string
}

const dollars = (amount: number) =>
  amount.toLocaleString('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 })

/**
 * The applicant's email when a decision changes the status (ADR 020): more information needed (with the
 * question), approved (the limit and terms) or declined. Other statuses send nothing.
 */
export function creditDecisionMail(
  status: CreditStatus,
  input: DecisionMailInput,
): { subject: string; text: string } | null {
  // The address and the names are the applicant's typing, not shown to be theirs: none of it goes back.
  const greeting = 'Hello,'
  const about = `your application for credit (reference ${input.reference})`
  const contact = `If you have any questions, call us on ${SITE.phone.display} or reply to this email.`
  const lines = (...body: string[]) => [greeting, '', ...body, '', contact, '', SITE.name].join('\n')
  switch (status) {
    case 'more_information_needed':
      return {
        subject: oneLine(`More information needed for your application for credit (${input.reference})`),
        text: lines(
          `Thank you for ${about}. Before we can make a decision we need a little more information:`,
          '',
          input.question,
          '',
          'Please reply to this email with the answer.',
        ),
      }
    case 'approved':
      return {
        subject: oneLine(`Your application for credit has been approved (${input.reference})`),
        text: lines(
          `We are pleased to tell you that ${about} has been approved.`,
          '',
          `Credit limit: ${dollars(input.creditLimit ?? 0)}`,
          `Payment terms: ${input.paymentTermsDays ?? 0} days from the date of invoice`,
          '',
          'Your account is ready: quote your business name when you book equipment.',
        ),
      }
    case 'declined':
      return {
        subject: oneLine(`Your application for credit (${input.reference})`),
        text: lines(
          `Thank you for ${about}. After careful review we are unable to offer a credit account at this time.`,
          '',
          'You are still welcome to hire from us with payment in advance.',
        ),
      }
    default:
      return null
  }
}

/**
 * A guarantor's copy (ADR 036): to each director of a Pty Ltd who signed the guarantee and indemnity, at the
 * address that signed. Nothing typed in the application but its ABN (validated digits); the PDF is attached only
 * for an address shown to be its owner's (`attached`), else the email says how to get it.
 */
export function guarantorCopyMail(
  data: CreditApplicationData,
  reference: string,
  submittedAt: Date,
  attached: boolean,
) {
  const copy = attached
    ? [
        'A copy of the signed application, with the guarantee and indemnity you gave, is attached. Under the guarantee you are personally liable for what the customer owes us: please keep this copy.',
      ]
    : [
        'Under the guarantee and indemnity you signed you are personally liable for what the customer owes us, so you should keep a copy of it.',
        '',
        'You signed on the device of the person who completed the application, so this email address has not been shown to be yours, and we do not send the signed application to it. Ask the person who completed the application for the copy they received, or call us and we will send it to you once we have confirmed who you are.',
      ]
  return {
    subject: oneLine(`Your guarantee: application for credit with ${SITE.name} (${reference})`),
    text: [
      'Hello,',
      '',
      `An application for a credit account with ${SITE.name} for the business with ABN ${formatAbn(data.section1.abn)}, which you signed as director and personally as guarantor, has been submitted.`,
      '',
      `Reference: ${reference}`,
      `Submitted: ${formatLongDateTime(submittedAt)}`,
      '',
      ...copy,
      '',
      `If you have any questions, call us on ${SITE.phone.display} or reply to this email.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** The receipt's last paragraph: the PDF attached (an address shown to be its owner's), or where the copy is. */
export function receiptCopy(attached: boolean, signedByEmail: boolean): string {
  if (attached) return 'A copy of the signed application is attached.'
  return signedByEmail
    ? 'You can download the signed application from its status page, the link we emailed you when you sent it for signing.'
    : 'Please keep the signed application you downloaded when you submitted it.'
}
