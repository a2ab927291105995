import { formatLongDateTime } from '@signalway/shared/business-time'
import { customerTypeLabel } from '@signalway/shared/constants'
import type { CreditApplicationData } from '@signalway/shared/credit'
import { formatAbn } from '@signalway/shared/fields'
import { SITE } from '@signalway/shared/site'
import { oneLine } from '../../lib/html.ts'
import { formatAcn } from './pdf/format.ts'

/**
 * The two emails of a submitted application, both with the signed PDF attached: the accounts team's
 * notice (with a link to the admin list) and the applicant's receipt.
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
    applicant: {
      subject: oneLine(`Your application for credit with ${SITE.name} (${reference})`),
      text: [
        `Dear ${oneLine(s1.personCompletingTheApplication)},`,
        '',
        'Thank you, your application for credit has been submitted successfully.',
        '',
        ...details,
        '',
        'A copy of the signed application is attached. Our accounts team will review it and contact you.',
        `If you have any questions, call us on ${SITE.phone.display} or reply to this email.`,
        '',
        SITE.name,
      ].join('\n'),
    },
  }
}
