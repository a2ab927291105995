/**
 * Business constants and lists of requirements §1, §3 and §9. Texts are exact.
 * Numeric "enumerations" are plain `as const` objects (erasable syntax only, no `enum`).
 */

export const APP_VERSION = '1.0'

/** The 10 services, in the order of requirements §1. Slugs are those of the /services/{slug}/ routes. */
export type Service = {
  readonly slug: string
  readonly name: string
  /** A shorter label for tight places (menus, cards); absent when the name is already short. */
  readonly shortName?: string
  /**
   * The matching entry of QUOTE_SERVICES, to preselect it on the quote form: the same as `name`, the service's one
   * name on the form, in the emails, the inbox and the service pages (the quote list of requirements §3 is the
   * canonical text).
   */
  readonly quoteService: string
}

export const SERVICES = [
  { slug: 'arrow-boards', name: 'Arrow Boards', quoteService: 'Arrow Boards' },
  { slug: 'vms-boards', name: 'VMS Boards', quoteService: 'VMS Boards' },
  {
    slug: 'portable-traffic-lights',
    name: 'Portable Traffic Lights',
    shortName: 'Traffic Lights',
    quoteService: 'Portable Traffic Lights',
  },
  {
    slug: 'travel-times',
    name: 'Travel Times - Data Collection',
    shortName: 'Travel Times',
    quoteService: 'Travel Times - Data Collection',
  },
  {
    slug: 'variable-speed-limit-signs',
    name: 'Variable Speed Limit Signs',
    shortName: 'Speed Limit Signs',
    quoteService: 'Variable Speed Limit Signs',
  },
  {
    slug: 'truck-mounted-attenuators',
    name: 'Truck Mounted Attenuators',
    shortName: 'TMAs',
    quoteService: 'Truck Mounted Attenuators',
  },
  { slug: 'highway-trucks', name: 'Highway Trucks', quoteService: 'Highway Trucks' },
  { slug: 'traffic-utes', name: 'Traffic Utes', quoteService: 'Traffic Utes' },
  { slug: 'vms-utes', name: 'VMS Utes', quoteService: 'VMS Utes' },
  { slug: 'portaboom', name: 'Portaboom', quoteService: 'Portaboom' },
] as const satisfies readonly Service[]

export type ServiceSlug = (typeof SERVICES)[number]['slug']

export function findService(slug: string): (typeof SERVICES)[number] | undefined {
  return SERVICES.find((service) => service.slug === slug)
}

/** Quote form "Services" options (requirements §3), exact text. */
export const QUOTE_SERVICES = [
  'Arrow Boards',
  'VMS Boards',
  'Portable Traffic Lights',
  'Travel Times - Data Collection',
  'Variable Speed Limit Signs',
  'Truck Mounted Attenuators',
  'Highway Trucks',
  'Traffic Utes',
  'VMS Utes',
  'Portaboom',
  'Other',
] as const
export type QuoteService = (typeof QUOTE_SERVICES)[number]

/** "How did you hear about us?" options (requirements §3), exact text. */
export const HOW_HEARD = [
  'Facebook',
  'Instagram',
  'Linkedin',
  'Word Of Mouth',
  'Google Search',
  'Other',
] as const
export type HowHeard = (typeof HOW_HEARD)[number]

export const STATES = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
] as const
export const STATE_CODES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const
export type StateCode = (typeof STATE_CODES)[number]

/** Credit application customer ("business") types, sent as their numeric value. */
export const CUSTOMER_TYPE = {
  PtyLtdCompany: 0,
  PublicCompany: 1,
  Partnership: 2,
  SoleTrader: 3,
  Trust: 4,
} as const
export type CustomerType = (typeof CUSTOMER_TYPE)[keyof typeof CUSTOMER_TYPE]
export const CUSTOMER_TYPES = [
  { value: 0, label: 'Pty Ltd Company' },
  { value: 1, label: 'Public Company' },
  { value: 2, label: 'Partnership' },
  { value: 3, label: 'Sole Trader' },
  { value: 4, label: 'Trust' },
] as const satisfies readonly { value: CustomerType; label: string }[]
export const CUSTOMER_TYPE_VALUES = [0, 1, 2, 3, 4] as const

/** How the customer wants invoices sent (credit application section 3 `sendBy`). */
export const INVOICE_DELIVERY_METHOD = { Email: 0, Fax: 1, Post: 2 } as const
export type InvoiceDelivery = (typeof INVOICE_DELIVERY_METHOD)[keyof typeof INVOICE_DELIVERY_METHOD]
export const INVOICE_DELIVERY = [
  { value: 0, label: 'Email' },
  { value: 1, label: 'Fax' },
  { value: 2, label: 'Post' },
] as const satisfies readonly { value: InvoiceDelivery; label: string }[]
export const INVOICE_DELIVERY_VALUES = [0, 1, 2] as const

/** User ("member") types; the token's `rol` claim carries the same numbers. */
export const MEMBER_TYPE = { Regular: 1, CompanyMember: 2, Admin: 3 } as const
export type MemberType = (typeof MEMBER_TYPE)[keyof typeof MEMBER_TYPE]
export const MEMBER_TYPES = [
  { value: 1, label: 'Regular' },
  { value: 2, label: 'Company member' },
  { value: 3, label: 'Admin' },
] as const satisfies readonly { value: MemberType; label: string }[]
export const MEMBER_TYPE_VALUES = [1, 2, 3] as const
/** User types offered by the admin filter: the requirements' 1 and 3 only (its default load sends 1, 2 and 3). */
export const FILTER_USER_TYPES = [1, 3] as const satisfies readonly MemberType[]
/** User types sent by the default (first) user list load. */
export const DEFAULT_LOAD_USER_TYPES = [1, 2, 3] as const satisfies readonly MemberType[]

export function memberTypeLabel(value: number): string {
  return MEMBER_TYPES.find((type) => type.value === value)?.label ?? ''
}
export function customerTypeLabel(value: number): string {
  return CUSTOMER_TYPES.find((type) => type.value === value)?.label ?? ''
}
export function invoiceDeliveryLabel(value: number): string {
  return INVOICE_DELIVERY.find((type) => type.value === value)?.label ?? ''
}

/** The business's time zone: dates are shown and filtered in it (ARCHITECTURE.md "Time"). */
export const BUSINESS_TIME_ZONE = 'Australia/Melbourne'

/** Number of words (runs of non-space characters) in a text, for the 500-word message rule. */
export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length
}

/**
 * Name of the hidden anti-spam field of the enquiry forms (`enquiry.ts`). People leave it empty; a
 * bot that fills it is answered as if the message were sent, and the message is dropped by the server.
 */
export const HONEYPOT_FIELD = 'website'

/** Limits of requirements §9 (plus a few server-side bounds of ours, marked). */
export const LIMITS = {
  nameMin: 2,
  nameMax: 30,
  creditNameMin: 2,
  creditNameMax: 50,
  messageMaxWords: 500,
  /** Ours: a character bound on the message so the server never stores an unbounded text. */
  messageMaxChars: 5000,
  phoneMin: 10,
  /** Ours: upper bound of phone and fax numbers. */
  phoneMax: 20,
  passwordMin: 8,
  /** Ours: upper bound of a password (hashing cost). */
  passwordMax: 128,
  /** Ours: RFC 5321 upper bound of an email address. */
  emailMax: 254,
  abnMinLength: 14,
  abnMask: '99 999 999 999',
  /** Input mask of a mobile: 04 followed by 8 digits ('9' is a digit slot). */
  mobileMask: '0499 999 999',
  mobilePrefix: '04',
  mobileDigitsAfterPrefix: 8,
  trustDeedMaxFiles: 1,
  trustDeedMaxBytes: 10485760,
  uploaderMaxFiles: 5,
  uploaderMaxSize: 100000,
  uploaderMinSize: 0,
  fileNameTruncate: 16,
  signaturePadWidth: 500,
  signaturePadHeight: 200,
  usersPageSize: 10,
  pageSize: 20,
  /** Ours: upper bound of a requested page size. */
  maxPageSize: 100,
  narrowScreenWidth: 765,
  carouselIntervalMs: 5000,
  notificationWidth: 500,
  tokenRetries: 1,
  userFilterWindowYears: 1,
  creditScrollOffset: -70,
  creditScrollDelayMs: 500,
  /** Ours: upper bound of persons on a credit application. */
  creditMaxPersons: 20,
} as const

/** Carousel items per viewport width (requirements §9): [min width px, items]. */
export const PARTNER_CAROUSEL_BREAKPOINTS = [
  [0, 1],
  [500, 2],
  [768, 3],
  [1200, 5],
] as const
export const EQUIPMENT_CAROUSEL_BREAKPOINTS = [
  [0, 1],
  [500, 2],
  [768, 3],
  [1200, 4],
] as const

/** What an enquiry is, and where staff have got with it (the admin enquiry inbox). */
export const ENQUIRY_KINDS = ['contact', 'quote'] as const
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number]

export const ENQUIRY_STATUSES = ['new', 'in_progress', 'done'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]

export function isEnquiryKind(value: unknown): value is EnquiryKind {
  return typeof value === 'string' && (ENQUIRY_KINDS as readonly string[]).includes(value)
}

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && (ENQUIRY_STATUSES as readonly string[]).includes(value)
}

/**
 * Pages whose address carries a secret token: they are served with `Referrer-Policy: no-referrer`, never load
 * the tag manager, and take the token out of the address bar as soon as they have read it. The list, and
 * everything else that keeps those tokens secret, is in token-pages.ts.
 */
export { isTokenPage } from './token-pages.ts'
