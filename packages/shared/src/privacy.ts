import { FAULT_PERSONAL_DATA_DAYS } from './faults.ts'
import { formatSiteAddress, SITE } from './site.ts'
import type { TermsClause } from './terms.ts'

/** The date the privacy policy below took effect (shown on the page). */
export const PRIVACY_POLICY_DATE = '27 November 2026'

const [headOffice] = SITE.offices
const postal = headOffice ? formatSiteAddress(headOffice.address) : ''

/**
 * The privacy policy (Privacy Act 1988 and the Australian Privacy Principles, APP 1 to 13, with the
 * credit reporting rules of Part IIIA), for this fictional business.
 */
export const privacyPolicy: TermsClause[] = [
  {
    number: 1,
    title: 'Who we are',
    paragraphs: [
      `${SITE.legalName} ("${SITE.name}", "we", "us") hires traffic management equipment from offices in Victoria and Queensland. This policy explains how we handle personal information, including credit information, under the Privacy Act 1988 (Cth) and the Australian Privacy Principles.`,
      `You can contact our Privacy Officer at ${SITE.enquiriesEmail}, on ${SITE.phone.display}, or by post at ${postal}.`,
    ],
  },
  {
    number: 2,
    title: 'What we collect',
    paragraphs: [
      'Enquiries and quote requests: your name, email address, phone number, the services you ask about, how you heard about us and your message.',
      'Accounts: your name, email address and mobile number, your password (kept only as a one-way hash that nobody can read back) and, for company members, the company name, ABN and address.',
      'Fault reports: when you report a fault on one of our units, your name and phone number, what is wrong, a photo if you send one and, if you allow it, the location your phone gives.',
      "Applications for credit: the business details (name, ABN or ACN, addresses, phone, email, trading history); for each director, partner, sole trader or guarantor their full name, home address, phone, email and driver's licence number; the accounts payable contact; a trust deed where the customer is a trust; the signatures given; and the consent to credit checks.",
      "Technical information: the internet address and browser that sent a form, the times of sign-ins, and the server's error logs, kept to protect the service. Your sign-in is kept in your browser's storage. A company member's browser also keeps a cookie that says only that their profile page shows company details, so that the page appears at once; analytics cookies are only set if you accept them.",
      'You may contact us without giving your name by calling us, but we cannot open an account, quote for a hire or extend credit anonymously.',
    ],
  },
  {
    number: 3,
    title: 'How and why we collect it',
    paragraphs: [
      'We collect personal information from you when you fill in a form on this website, call or email us, or hire from us. When you apply for credit, we may also collect credit information about the applicant and its guarantors from credit reporting bodies and trade referees.',
      "We use it to answer enquiries and prepare quotes; to open and manage accounts and hires; to assess applications for credit, verify identity and enforce guarantees; to invoice and collect payment; to keep the website and our customers' accounts secure; and to meet our legal obligations. We do not sell personal information, and we only send marketing you have asked for.",
      'If you do not give us the information a form asks for, we may not be able to answer your enquiry, open an account or assess an application for credit.',
    ],
  },
  {
    number: 4,
    title: 'Credit information and credit reporting bodies',
    paragraphs: [
      'By signing an application for credit, the applicant and each guarantor consent to us obtaining a credit report about them from a credit reporting body, and to us disclosing to credit reporting bodies information about the application and about any payments that become overdue.',
      'The credit reporting bodies we may use are Equifax (equifax.com.au), Experian (experian.com.au) and illion (illion.com.au). Each has a policy on how it manages credit information, and you can ask any of them not to use your information for pre-screening of direct marketing, or not to use or disclose it for 21 days if you believe you have been a victim of fraud.',
      'We use credit information only to assess the application, to manage the account and to collect overdue payments.',
    ],
  },
  {
    number: 5,
    title: 'Who we disclose it to',
    paragraphs: [
      'Our staff, and the service providers who host this website, send our email and store our records, under contracts that require them to protect the information; credit reporting bodies and trade referees (for applications for credit); debt collectors, insurers and our legal and accounting advisers where needed; and government agencies when the law requires it.',
      'Our website and records are hosted in Australia. If a service provider stores information outside Australia, we take reasonable steps to make sure it is handled as the Australian Privacy Principles require.',
    ],
  },
  {
    number: 6,
    title: 'How we protect and keep it',
    paragraphs: [
      'Information is sent over encrypted connections, passwords are stored only as one-way hashes, and access to applications and enquiries is limited to the staff who need it, each signing in to their own account.',
      `We keep applications for credit and hire records for seven years after the account closes, as tax and contract law require, and enquiries for two years. After that the information is deleted or de-identified. The name, phone number, location and photo of someone who reports a fault on one of our units are deleted ${FAULT_PERSONAL_DATA_DAYS} days after the fault is resolved; the record of the fault is kept without them.`,
    ],
  },
  {
    number: 7,
    title: 'Seeing and correcting your information',
    paragraphs: [
      'You can ask to see the personal information we hold about you, or ask us to correct it, by contacting our Privacy Officer. Registered users can correct their details themselves on the Update Profile page.',
      'We answer within 30 days. There is no charge for a correction; if giving access takes significant work we will tell you any cost first. If we refuse, we will tell you why and how to complain.',
    ],
  },
  {
    number: 8,
    title: 'Complaints',
    paragraphs: [
      'If you believe we have mishandled your personal or credit information, please contact our Privacy Officer first. We will acknowledge your complaint within 7 days and give you our answer within 30 days.',
      'If you are not satisfied, you can complain to the Office of the Australian Information Commissioner (oaic.gov.au, 1300 363 992), or, for complaints about credit, to the Australian Financial Complaints Authority (afca.org.au, 1800 931 678).',
    ],
  },
  {
    number: 9,
    title: 'Changes to this policy',
    paragraphs: [`We may update this policy. The version on this page applies from ${PRIVACY_POLICY_DATE}.`],
  },
]
