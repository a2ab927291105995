import { formatDateTime } from '@signalway/shared/business-time'
import type { EnquiryStatus } from '@signalway/shared/constants'
import {
  ACCOUNT_ON_HOLD_NOTICE,
  CUSTOMER_ACCOUNT_ROLE_LABELS,
} from '@signalway/shared/customer-account-words'
import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import { hireDetailLines } from '@signalway/shared/hire-detail-lines'
import { type Cents, formatMoney } from '@signalway/shared/money-format'
import type { MyCreditApplication, MyEnquiry } from '@signalway/shared/my-account'
import { ENQUIRY_KIND_WORDS, ENQUIRY_STATUS_WORDS } from '@signalway/shared/my-account-words'

/**
 * What the account area says about each record, without React or zod: the React view
 * (`components/my-account-view.tsx`) and the enhancement script that shows the page before the app (ADR 030,
 * `enhance/my-account-markup.ts`) say it with the same words.
 */

/** The two sections' heading ids (one account area per page). */
/** A driver's link to their runs (ADR 050), beside the account's other links. */
export const MY_ACCOUNT_RUNS_LINK = 'My runs'

export const MY_ACCOUNT_SECTION_IDS = {
  accounts: 'my-account-accounts',
  enquiries: 'my-account-enquiries',
  credit: 'my-account-credit',
} as const

/**
 * The page header's lead. The same before and after the sign-in is known (the header's account link shows the first
 * name): a greeting written in once the profile arrived would reflow the lead and move the page below it (ADR 030).
 */
export const MY_ACCOUNT_LEAD = 'Your quote requests, messages and credit applications, and where each stands.'

const ENQUIRY_BADGES: Record<EnquiryStatus, string> = {
  new: 'badge--new',
  in_progress: 'badge--in-progress',
  done: 'badge--done',
}

function enquiryBadge(status: EnquiryStatus): { className: string; text: string } {
  return { className: `badge ${ENQUIRY_BADGES[status]}`, text: ENQUIRY_STATUS_WORDS[status] }
}

/** 'Quote request: VMS Boards, Arrow Boards', or 'Message'. */
function enquiryTitle(enquiry: MyEnquiry): string {
  const services = enquiry.services.length > 0 ? `: ${enquiry.services.join(', ')}` : ''
  return `${ENQUIRY_KIND_WORDS[enquiry.kind]}${services}`
}

/** When it was sent (Melbourne time), and after it the start date, hire length and site, if given. */
function enquiryMeta(enquiry: MyEnquiry): { sent: string; details: string } {
  const details = hireDetailLines(enquiry.hireDetails).filter((line) =>
    ['Start date', 'Hire length', 'Site'].includes(line.label),
  )
  return {
    sent: formatDateTime(enquiry.createdAt),
    details: details.length > 0 ? ` · ${details.map((line) => line.value).join(' · ')}` : '',
  }
}

/** What an enquiry's item says: its title and status badge, when it was sent, and the details after that. */
export function enquiryItem(enquiry: MyEnquiry): {
  title: string
  badge: { className: string; text: string }
  sent: string
  details: string
} {
  return { title: enquiryTitle(enquiry), badge: enquiryBadge(enquiry.status), ...enquiryMeta(enquiry) }
}

export function creditMeta(application: MyCreditApplication): { reference: string; submitted: string } {
  return {
    reference: `Reference ${application.reference} · submitted `,
    submitted: formatDateTime(application.submittedAt),
  }
}

/**
 * What a customer account's item says (requirements §18): its legal name, the member's role as its badge, its
 * number, limit, available credit and terms in one line, and the hold notice when it is held.
 */
export function customerAccountItem(account: MyCustomerAccount): {
  title: string
  badge: { className: string; text: string }
  facts: string
  hold: string | null
} {
  const money = (amount: number) => formatMoney(amount as Cents)
  return {
    title: account.legalName,
    badge: { className: 'badge badge--role', text: CUSTOMER_ACCOUNT_ROLE_LABELS[account.role] },
    facts:
      `Account ${account.accountNumber} · Credit limit ${money(account.creditLimitCents)} · ` +
      `Available credit ${money(account.availableCreditCents)} · Payment terms ${account.paymentTermsDays} days`,
    hold: account.onHold ? ACCOUNT_ON_HOLD_NOTICE : null,
  }
}

export const MY_ACCOUNT_WORDS = {
  accountsTitle: 'Customer Accounts',
  confirmBefore: 'Quote requests and credit applications you sent with ',
  confirmAfter: ' while signed out show here once you confirm that the address is yours.',
  confirmButton: 'Email me a confirmation link',
  confirmSent: 'Confirmation email sent',
  enquiriesTitle: 'Quote Requests and Messages',
  creditTitle: 'Credit Applications',
  download: 'Download the PDF',
  downloadOf: (reference: string) => ` of ${reference}`,
} as const
