import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/*
 * Conventions, the same on SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC strings from Date#toISOString() (fixed width, so they sort and
 *   compare as text);
 * - booleans are integers 0/1; repositories convert them;
 * - JSON is text; repositories parse it.
 */
export type Timestamp = string
export type IntBoolean = number

export interface UsersTable {
  id: Generated<number>
  first_name: string
  last_name: string
  email: string
  /** Lower-cased email, unique: emails are case-insensitive. */
  email_normalized: string
  mobile: string
  password_hash: string
  member_type: number
  company_name: string | null
  abn: string | null
  full_address: string | null
  unit_number: string | null
  street_number: string | null
  street_name: string | null
  city: string | null
  state: string | null
  postcode: string | null
  registration_date: Timestamp
  is_active: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>
  archived_at: Timestamp | null
  created_at: Timestamp
  updated_at: Timestamp
  /** Company members' Employment Service Provider flag (0/1), null when never set. */
  employment_service_provider: ColumnType<IntBoolean | null, IntBoolean | null | undefined, IntBoolean | null>
  /** lower(first_name), generated: the user table's case-insensitive sort key (migration 0007). */
  first_name_key: ColumnType<string, never, never>
  /** lower(last_name), generated. */
  last_name_key: ColumnType<string, never, never>
  /** When the email address was last shown to be the user's (requirements §15): a confirmation link or a reset. */
  email_confirmed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
}

/** One sign-in session: the refresh tokens rotated from one password grant. */
export interface RefreshTokenFamiliesTable {
  id: string
  user_id: number
  client_id: string
  created_at: Timestamp
  /** Absolute expiry of the session. */
  expires_at: Timestamp
  revoked_at: Timestamp | null
  revoked_reason: string | null
  /** The browser's User-Agent at sign-in (at most 512 characters); null for sessions older than 0008. */
  user_agent: string | null
  /** The address the session was last used from. */
  ip: string | null
  /** The last sign-in or refresh. */
  last_used_at: Timestamp | null
}

export interface EmailChangesTable {
  /** SHA-256 (hex) of the confirmation token sent to the new address. */
  token_hash: string
  /** SHA-256 (hex) of the cancel token sent to the old address. */
  cancel_token_hash: string
  user_id: number
  new_email: string
  created_at: Timestamp
  expires_at: Timestamp
  ended_at: Timestamp | null
  /** 'confirmed', 'cancelled' or 'replaced'. */
  outcome: string | null
}

/** An invitation to set one's own password (migration 0025, ADR 035); the token stored only as its SHA-256. */
export interface UserInvitationsTable {
  token_hash: string
  user_id: number
  /** The recipient's mailbox (`mailboxKey`), for the daily limit per recipient (ADR 032). */
  mailbox: string
  /** The administrator who sent it (null once their account is gone). */
  invited_by: number | null
  created_at: Timestamp
  expires_at: Timestamp
  ended_at: Timestamp | null
  /** 'accepted' or 'ended'. */
  outcome: string | null
}

export interface TotpFactorsTable {
  user_id: number
  /** The base32 seed, sealed (lib/secret-box.ts). */
  secret_sealed: string
  created_at: Timestamp
  /** Null until a first code confirmed the enrolment. */
  confirmed_at: Timestamp | null
  /** The last time step a code was accepted for: a code works once. */
  last_step: number | null
}

export interface RecoveryCodesTable {
  code_hash: string
  user_id: number
  created_at: Timestamp
  used_at: Timestamp | null
}

export interface MfaChallengesTable {
  token_hash: string
  user_id: number
  client_id: string
  created_at: Timestamp
  expires_at: Timestamp
  attempts: ColumnType<number, number | undefined, number>
  used_at: Timestamp | null
}

export interface PasskeysTable {
  /** The credential id (base64url). */
  id: string
  user_id: number
  /** The person's own name for it ('Work laptop'). */
  name: string
  /** The COSE public key (base64url). */
  public_key: string
  /** The authenticator's signature counter (0 for most passkeys, which do not count). */
  counter: ColumnType<number, number | undefined, number>
  /** Comma-separated transports ('internal,hybrid'). */
  transports: ColumnType<string, string | undefined, string>
  created_at: Timestamp
  last_used_at: Timestamp | null
}

export interface WebauthnChallengesTable {
  /** SHA-256 (hex) of the challenge sent to the browser. */
  challenge_hash: string
  /** 'register', 'sign-in' (passwordless) or 'second-step'. */
  purpose: string
  /** Whose ceremony it is; null for a passwordless sign-in (the passkey tells). */
  user_id: number | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface RefreshTokensTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string
  family_id: string
  created_at: Timestamp
  /** Idle expiry. */
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface PasswordResetTokensTable {
  /** SHA-256 (hex) of the token. */
  token_hash: string
  user_id: number
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface LoginThrottleTable {
  key: string
  failures: number
  window_ends_at: Timestamp
  locked_until: Timestamp | null
  lockouts: number
  forget_at: Timestamp
}

export interface PagesTable {
  name: string
  title: string
  description: string
  content: string
  /** ADR 020: a save names the version it was made from; updated_at is set by staff's saves. */
  version: Generated<number>
  updated_at: Timestamp | null
}

export interface NewsTable {
  id: Generated<number>
  slug: string
  published_at: Timestamp
  title: string
  image: string
  summary: string
  /** Markdown (ADR 022); '' for the first items, whose page shows the summary. */
  body: Generated<string>
  status: Generated<'draft' | 'published'>
  image_alt: Generated<string>
  image_width: number | null
  image_height: number | null
  version: Generated<number>
  updated_at: Timestamp | null
}

/** A credit application saved to continue later (ADR 024): its form values as JSON, found by its link's hash. */
export interface CreditDraftsTable {
  id: Generated<number>
  token_hash: string
  email: string
  payload: string
  created_at: Timestamp
  updated_at: Timestamp
  expires_at: Timestamp
}

/** An application waiting for its signers (ADR 025): the wire payload without signatures. */
export interface CreditSigningsTable {
  id: Generated<number>
  status_token_hash: string
  completer_email: string
  business_name: string
  customer_type: number
  applicant_name: string
  payload: string
  ip: string
  user_agent: string
  created_at: Timestamp
  updated_at: Timestamp
  expires_at: Timestamp
  finalizing_at: Timestamp | null
  application_id: number | null
  reference: string | null
  submitted_at: Timestamp | null
  /** The account the requests were sent from while signed in (requirements §15). */
  user_id: ColumnType<number | null, number | null | undefined, number | null>
}

/** One director, partner or sole trader asked to sign, with their signature and signing record once signed. */
export interface CreditSignersTable {
  id: Generated<number>
  signing_id: number
  person_id: string
  position: number
  name: string
  email: string
  state: 'waiting' | 'signed' | 'declined'
  sent_at: Timestamp
  reminders_sent: Generated<number>
  signature: string | null
  guarantee: string | null
  text_sha256: string | null
  signed_at: Timestamp | null
  ip: string | null
  user_agent: string | null
  declined_at: Timestamp | null
  decline_reason: Generated<string>
  /** 1 when the application changed after this person signed (their signature was withdrawn). */
  changed_after_signing: Generated<number>
  /** 1 when this person signed on the sender's device (mixed signing, ADR 036), not by a link sent to them. */
  on_device: Generated<number>
}

/** An email queued to an address nobody has proved, by kind: the per-recipient daily limits count these. */
export interface CreditMailLogTable {
  id: Generated<number>
  kind: string
  /** The address's mailbox (mailboxKey in packages/shared/src/mailbox.ts). */
  recipient: string
  created_at: Timestamp
}

/** A signing link's token, as its SHA-256: the request's and each reminder's work until they expire. */
export interface CreditSigningTokensTable {
  token_hash: string
  signer_id: number
  expires_at: Timestamp
}

/** A question of the FAQ (ADR 022): the answer is Markdown; position orders it within its category. */
export interface FaqsTable {
  id: Generated<number>
  slug: string
  category: string
  question: string
  answer: string
  position: number
  version: Generated<number>
  updated_at: Timestamp | null
}

/** An uploaded image, one row per size (ADR 022). */
export interface MediaTable {
  id: string
  width: number
  height: number
  content_type: string
  data: Buffer
  uploaded_by: number | null
  created_at: Timestamp
}

export interface SiteStateTable {
  key: string
  value: number
}

export interface FilesTable {
  id: string
  name: string
  content_type: string
  size: number
  data: Buffer
  sha256: string
  created_at: Timestamp
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** A scheduled job that one instance runs at a time, held by that instance until `locked_until`. */
export interface JobLeasesTable {
  name: string
  lock_token: string | null
  locked_until: string
}

export interface OutboxTable {
  id: Generated<number>
  to_address: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string | null
  /** JSON array of { fileId, filename, contentType }. */
  attachments: string
  status: OutboxStatus
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: Timestamp
  /** Set while a worker holds the message; a crashed worker's claim expires at this time. */
  locked_until: Timestamp | null
  lock_token: string | null
  last_error: string | null
  created_at: Timestamp
  sent_at: Timestamp | null
}

export interface RateLimitsTable {
  key: string
  count: number
  reset_at: Timestamp
}

export type EnquiryKind = 'contact' | 'quote'
export type EnquiryStatus = 'new' | 'in_progress' | 'done'

export interface EnquiriesTable {
  /** A random UUID. */
  id: string
  kind: EnquiryKind
  name: string
  email: string
  phone: string | null
  message: string
  /** JSON array of strings. */
  services: string
  /** JSON array of strings (the quote's 'source'). */
  sources: string
  status: ColumnType<EnquiryStatus, EnquiryStatus | undefined, EnquiryStatus>
  ip: string | null
  user_agent: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** The staff member (an administrator) looking after it (requirements §11). */
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>
  /** A quote's hire details as JSON (requirements §14), null when none were given. */
  hire_details: ColumnType<string | null, string | null | undefined, string | null>
  /** The account it was sent from while signed in (requirements §15). */
  user_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The short reference given to the sender, unique: 'Q-2026-00123', 'M-2026-00045' (migration 0024). */
  reference: string
}

/** The last reference number given per kind ('Q', 'M') and Melbourne year (migration 0024). */
export interface EnquiryReferenceCountersTable {
  prefix: string
  year: number
  last_number: number
}

export interface CreditApplicationsTable {
  id: Generated<number>
  /** e.g. 'CA-2026-7KQ4M2XZ', unique, shown to the customer and printed on the PDF. */
  reference: string
  business_name: string
  /** As typed (the display mask), e.g. '51 824 753 556'. */
  abn: string
  /** The ABN's 11 digits, for search. */
  abn_digits: string
  customer_type: number
  applicant_name: string
  email: string
  /** JSON of the structured application, with file ids in place of the trust deed and signatures. */
  payload: string
  /** SHA-256 (hex) of the canonical JSON of the submitted wire payload. */
  payload_sha256: string
  submitted_at: Timestamp
  ip: string
  user_agent: string
  pdf_file_id: string
  trust_deed_file_id: string | null
  /** Requirements §11: received, under_review, more_information_needed, approved, declined. */
  status: ColumnType<string, string | undefined, string>
  /** The staff member (an administrator) looking after it. */
  assignee_id: number | null
  /** An approval's credit limit in whole Australian dollars. */
  credit_limit: number | null
  payment_terms_days: number | null
  /** Goes up by one on every change: a save from an older copy is refused (409). */
  version: ColumnType<number, number | undefined, number>
  updated_at: Timestamp | null
  /** The account it was sent from while signed in (requirements §15). */
  user_id: ColumnType<number | null, number | null | undefined, number | null>
  /** Signed remotely: the address of the person who sent it for signing (migration 0023); else null. */
  completer_email: ColumnType<string | null, string | null | undefined, string | null>
}

/** A staff member's internal note on a back-office record (ADR 020); the author's name is kept as written. */
export interface InternalNotesTable {
  id: Generated<number>
  /** 'credit-application' (target_id its reference) or 'enquiry' (its id). */
  target_type: string
  target_id: string
  author_id: number | null
  author_name: string
  body: string
  created_at: Timestamp
}

/** One admin change: who, what, when, and JSON snapshots before and after (no secrets or hashes). */
export interface AuditLogTable {
  id: Generated<number>
  at: Timestamp
  actor_id: number | null
  actor_email: string | null
  action: string
  target_type: string
  target_id: string
  before: string | null
  after: string | null
  request_id: string | null
  ip: string | null
}

/**
 * A distinct lower-cased word of a listed (not archived) user's names, email or mobile, with the
 * user's filter columns: the user table's search index (migration 0006).
 */
export interface UserSearchTermsTable {
  word: string
  registration_date: Timestamp
  user_id: number
  member_type: number
  /** Characters shared with the user's previous word in code point order (0 for the first). */
  shared_prefix: number
}

/** One of the business's yards (ADR 042): units live at one, and it serves a set of postcodes. */
export interface DepotsTable {
  id: Generated<number>
  /** Short and stable, e.g. 'LAV'. */
  code: string
  name: string
  state: string
  /** IANA zone of its calendar days: 'Australia/Melbourne' or 'Australia/Brisbane'. */
  time_zone: string
  unit_number: string | null
  street_number: string
  street_name: string
  city: string
  postcode: string
  /** ADR 020: a change of the depot's zones names the version it was made from. */
  version: Generated<number>
}

/** A postcode a depot delivers to, in one of its delivery zones. */
export interface DepotPostcodesTable {
  depot_id: number
  postcode: string
  zone: string
}

/** What delivering to and collecting from a depot's zone costs, in integer cents ex GST. */
export interface DeliveryZoneFeesTable {
  depot_id: number
  zone: string
  delivery_fee_cents: number
  collection_fee_cents: number
}

/** A kind of equipment hired out under one of the ten services, with its rates in integer cents ex GST. */
export interface EquipmentTypesTable {
  id: Generated<number>
  slug: string
  service_slug: string
  name: string
  description: string
  /** JSON text: [{ label, value }]. */
  specifications: string
  image_media_id: string | null
  /** The image's alternative text; '' when the type's name says it. */
  image_alt: Generated<string>
  day_rate_cents: number
  week_rate_cents: number
  minimum_days: number
  price_public: IntBoolean
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

export type UnitStatus = 'available' | 'in_service' | 'out_of_service' | 'retired'

/** One unit of the fleet by its fleet number, at its home depot. */
export interface UnitsTable {
  id: Generated<number>
  fleet_number: string
  type_id: number
  depot_id: number
  registration_or_serial: string
  status: UnitStatus
  /** 'YYYY-MM-DD', or null when none is scheduled. */
  next_service_due: string | null
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** An entry of a unit's service history. */
export interface UnitServicesTable {
  id: Generated<number>
  unit_id: number
  /** 'YYYY-MM-DD'. */
  date: string
  work_done: string
  by_user_id: number | null
  by_name: string
  created_at: Timestamp
}

/** A unit held over the half-open period [starts_at, ends_at) (a booking's line, or a reservation). */
export interface BookingLinesTable {
  id: Generated<number>
  unit_id: number
  starts_at: Timestamp
  ends_at: Timestamp
  booking_ref: string | null
  created_at: Timestamp
  /** The booking it holds the unit for (migration 0034); null for a bare reservation. */
  booking_id: ColumnType<number | null, number | null | undefined, number | null>
  booking_item_id: ColumnType<number | null, number | null | undefined, number | null>
  /** When the unit went on hire: its charges start then. */
  on_hire_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  off_hire_id: ColumnType<number | null, number | null | undefined, number | null>
  /** When its charges stop: the off-hire's pick-up time. */
  off_hire_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  /** When the business collected it (or it came back to the depot). */
  collected_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  /** Migration 0038 (ADR 051): the end of the last invoice that charged it; null before its first. */
  invoiced_to: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  /** What its invoices and adjustment notes charged it so far, ex GST. */
  invoiced_cents: Generated<number>
}

/** Where a booking stands (ADR 048). */
export type BookingStatusValue =
  | 'awaiting_approval'
  | 'requested'
  | 'confirmed'
  | 'on_hire'
  | 'off_hire_requested'
  | 'off_hired'
  | 'closed'
  | 'declined'
  | 'cancelled'

/** A customer account's booking for one of its sites (migration 0034, ADR 048). */
export interface BookingsTable {
  id: Generated<number>
  /** 'BK-2026-000123': unique, gap-free per year. */
  reference: string
  account_id: number
  site_id: number
  depot_id: number
  ordered_by: number | null
  ordered_by_name: string
  status: BookingStatusValue
  /** Why a request waits for staff; null when it does not. */
  staff_check: 'over_credit' | 'on_hold' | null
  starts_at: Timestamp
  ends_at: Timestamp
  /** 1 delivery and collection at the site; 0 pick-up and return at the depot. */
  delivery: number
  night_works: Generated<number>
  site_contact_name: string
  site_contact_phone: string
  po_number: string | null
  job_reference: string | null
  delivery_fee_cents: Generated<number>
  collection_fee_cents: Generated<number>
  /** Migration 0038: the invoice that carried the delivery fee, and the collection fee. */
  delivery_invoice_id: ColumnType<number | null, number | null | undefined, number | null>
  collection_invoice_id: ColumnType<number | null, number | null | undefined, number | null>
  subtotal_cents: number
  gst_cents: number
  total_cents: number
  terms_version: string
  terms_sha256: string
  accepted_name: string
  accepted_at: Timestamp
  accepted_ip: string
  accepted_user_agent: Generated<string>
  agreement_file_id: string | null
  approved_by: number | null
  approved_at: Timestamp | null
  decided_by: number | null
  decided_at: Timestamp | null
  decline_reason: string | null
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A type and quantity a booking asks for, with the rates it was priced at. */
export interface BookingItemsTable {
  id: Generated<number>
  booking_id: number
  equipment_type_id: number
  description: string
  quantity: number
  day_rate_cents: number
  week_rate_cents: number
  minimum_days: number
  subtotal_cents: number
}

/** An off-hire: units of a booking to collect, their charges stopping at the pick-up time (ADR 048). */
export interface OffHiresTable {
  id: Generated<number>
  /** 'OH-2026-000123': unique, gap-free per year. */
  number: string
  booking_id: number
  account_id: number
  pickup_at: Timestamp
  access_notes: Generated<string>
  requested_by: number | null
  requested_by_name: string
  created_at: Timestamp
}

/** The last account number given (migration 0030): one row, name 'SW'. */
export interface CustomerAccountCountersTable {
  name: string
  last_number: number
}

/** A company customer account, opened by an approved credit application (ADR 045). */
export interface CustomerAccountsTable {
  id: Generated<number>
  /** 'SW-10042': unique, gap-free. */
  account_number: string
  credit_application_id: number
  credit_application_reference: string
  legal_name: string
  trading_name: string
  abn: string
  abn_digits: string
  acn: string | null
  credit_limit_cents: number
  payment_terms_days: number
  billing_email: string
  /** 0 email, 1 fax, 2 post (INVOICE_DELIVERY_METHOD). */
  invoice_delivery: number
  /** 0/1. */
  po_required: number
  /** 0/1: a held account cannot book. */
  on_hold: number
  hold_reason: string | null
  /** Migration 0038: every_28_days | monthly (ADR 051). */
  billing_cycle: ColumnType<BillingCycleKind, BillingCycleKind | undefined, BillingCycleKind>
  /** 'YYYY-MM-DD': a first day of an every-28-days period; null: the account's opening day. */
  billing_anchor_day: ColumnType<string | null, string | null | undefined, string | null>
  /** 1 to 28 for a monthly cycle. */
  billing_day_of_month: ColumnType<number | null, number | null | undefined, number | null>
  /** The start of the first period the billing run invoices (ISO instant); null: from any on-hire. */
  billed_from: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  version: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CustomerAccountMembersTable {
  id: Generated<number>
  account_id: number
  user_id: number
  /** account_admin | orderer | site_supervisor | accounts. */
  role: string
  approval_limit_cents: number | null
  version: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CustomerAccountSitesTable {
  id: Generated<number>
  account_id: number
  name: string
  full_address: string
  unit_number: string | null
  street_number: string | null
  street_name: string | null
  city: string | null
  state: string | null
  postcode: string | null
  default_po: string | null
  contact_name: string | null
  contact_phone: string | null
  version: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** The sites a Site supervisor is given. */
export interface CustomerAccountMemberSitesTable {
  member_id: number
  site_id: number
}

export interface CustomerAccountInvitationsTable {
  id: Generated<number>
  account_id: number
  token_hash: string
  email: string
  role: string
  /** JSON array of site ids. */
  site_ids: ColumnType<string, string | undefined, string>
  /** 0/1: the first owner's invitation (an application sent signed out). */
  is_owner: ColumnType<number, number | undefined, number>
  invited_by: number | null
  /** The Orderer's approval limit the invitation grants (migration 0033); null for none. */
  approval_limit_cents: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface DB {
  users: UsersTable
  user_search_terms: UserSearchTermsTable
  audit_log: AuditLogTable
  refresh_token_families: RefreshTokenFamiliesTable
  refresh_tokens: RefreshTokensTable
  email_changes: EmailChangesTable
  user_invitations: UserInvitationsTable
  totp_factors: TotpFactorsTable
  recovery_codes: RecoveryCodesTable
  mfa_challenges: MfaChallengesTable
  passkeys: PasskeysTable
  webauthn_challenges: WebauthnChallengesTable
  password_reset_tokens: PasswordResetTokensTable
  login_throttle: LoginThrottleTable
  enquiries: EnquiriesTable
  enquiry_reference_counters: EnquiryReferenceCountersTable
  pages: PagesTable
  news: NewsTable
  faqs: FaqsTable
  credit_drafts: CreditDraftsTable
  credit_signings: CreditSigningsTable
  credit_signers: CreditSignersTable
  credit_signing_tokens: CreditSigningTokensTable
  credit_mail_log: CreditMailLogTable
  media: MediaTable
  site_state: SiteStateTable
  files: FilesTable
  outbox: OutboxTable
  job_leases: JobLeasesTable
  rate_limits: RateLimitsTable
  credit_applications: CreditApplicationsTable
  internal_notes: InternalNotesTable
  depots: DepotsTable
  depot_postcodes: DepotPostcodesTable
  delivery_zone_fees: DeliveryZoneFeesTable
  equipment_types: EquipmentTypesTable
  units: UnitsTable
  unit_services: UnitServicesTable
  booking_lines: BookingLinesTable
  bookings: BookingsTable
  booking_items: BookingItemsTable
  off_hires: OffHiresTable
  customer_account_counters: CustomerAccountCountersTable
  customer_accounts: CustomerAccountsTable
  customer_account_members: CustomerAccountMembersTable
  customer_account_sites: CustomerAccountSitesTable
  customer_account_member_sites: CustomerAccountMemberSitesTable
  customer_account_invitations: CustomerAccountInvitationsTable
  fault_reports: FaultReportsTable
  drivers: DriversTable
  run_stops: RunStopsTable
  dockets: DocketsTable
  docket_lines: DocketLinesTable
  invoices: InvoicesTable
  invoice_lines: InvoiceLinesTable
  adjustment_notes: AdjustmentNotesTable
  adjustment_note_lines: AdjustmentNoteLinesTable
  payments: PaymentsTable
  payment_allocations: PaymentAllocationsTable
}

/** The staff role "Driver" (migration 0037, ADR 050): a user and the depot they drive for. */
export interface DriversTable {
  user_id: number
  depot_id: number
  created_at: Timestamp
  created_by: number | null
}

/** A stop of a depot's day as the dispatcher saved it: a booking's delivery or an off-hire's collection. */
export interface RunStopsTable {
  id: Generated<number>
  /** 'delivery:<bookingId>' | 'collection:<offHireId>': unique. */
  stop_key: string
  kind: 'delivery' | 'collection'
  booking_id: number
  off_hire_id: number | null
  depot_id: number
  /** The depot's calendar day, 'YYYY-MM-DD'. */
  run_date: string
  driver_user_id: number | null
  position: number
  status: 'planned' | 'done'
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A delivery or collection docket signed on site (never edited; its PDF named once after commit). */
export interface DocketsTable {
  id: Generated<number>
  /** 'DK-2026-000123'. */
  reference: string
  /** Made on the phone: unique, so the same docket sent twice is saved once. */
  client_id: string
  stop_id: number
  kind: 'delivery' | 'collection'
  booking_id: number
  off_hire_id: number | null
  driver_user_id: number | null
  driver_name: string
  received_by: string
  received_by_email: Generated<string>
  signature_file_id: string
  /** JSON text: the photos' files.id. */
  photo_file_ids: Generated<string>
  notes: Generated<string>
  signed_at: Timestamp
  received_at: Timestamp
  pdf_file_id: ColumnType<string | null, string | null | undefined, string | null>
  pdf_sha256: ColumnType<string | null, string | null | undefined, string | null>
  pdf_attempts: Generated<number>
  created_at: Timestamp
}

/** A unit a docket delivered or collected, with its words as they were. */
export interface DocketLinesTable {
  id: Generated<number>
  docket_id: number
  booking_line_id: number | null
  fleet_number: string
  type_name: string
}

/** A fault reported from a unit's public page (ADR 049). */
export interface FaultReportsTable {
  id: Generated<number>
  reference: string
  unit_id: number
  /** reported | acknowledged | on_the_way | resolved. */
  status: string
  /** JSON text: the symptom codes. */
  symptoms: string
  text: Generated<string>
  reporter_name: string
  reporter_phone: string
  lat: number | null
  lng: number | null
  accuracy_m: number | null
  photo: Buffer | null
  ip: string | null
  reported_at: Timestamp
  escalated_at: Timestamp | null
  acknowledged_at: Timestamp | null
  on_the_way_at: Timestamp | null
  resolved_at: Timestamp | null
  resolution_note: string | null
  version: Generated<number>
  updated_at: Timestamp
  /** The booking line the unit was on hire under when reported (migration 0036), with its account and site. */
  booking_line_id: ColumnType<number | null, number | null | undefined, number | null>
  account_id: ColumnType<number | null, number | null | undefined, number | null>
  site_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The member who reported it from My Account; null for a report from the public label page. */
  reporter_user_id: ColumnType<number | null, number | null | undefined, number | null>
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type AuditLogRow = Selectable<AuditLogTable>
export type PageRow = Selectable<PagesTable>
export type NewsRow = Selectable<NewsTable>
export type FaqRow = Selectable<FaqsTable>
export type FileRow = Selectable<FilesTable>
export type OutboxRow = Selectable<OutboxTable>
export type CreditApplicationRow = Selectable<CreditApplicationsTable>
export type NewCreditApplicationRow = Insertable<CreditApplicationsTable>
export type EnquiryRow = Selectable<EnquiriesTable>
export type NewEnquiryRow = Insertable<EnquiriesTable>
export type DepotRow = Selectable<DepotsTable>
export type EquipmentTypeRow = Selectable<EquipmentTypesTable>
export type UnitRow = Selectable<UnitsTable>
export type UnitServiceRow = Selectable<UnitServicesTable>
export type BookingLineRow = Selectable<BookingLinesTable>
export type BookingRow = Selectable<BookingsTable>
export type BookingItemRow = Selectable<BookingItemsTable>
export type OffHireRow = Selectable<OffHiresTable>
export type CustomerAccountRow = Selectable<CustomerAccountsTable>
export type CustomerAccountMemberRow = Selectable<CustomerAccountMembersTable>
export type CustomerAccountSiteRow = Selectable<CustomerAccountSitesTable>
export type InvoiceRow = Selectable<InvoicesTable>
export type InvoiceLineRow = Selectable<InvoiceLinesTable>
export type AdjustmentNoteRow = Selectable<AdjustmentNotesTable>

type BillingCycleKind = 'every_28_days' | 'monthly'

/** How a document reaches the buyer: the account's choice at issue. */
export type DocumentDeliveryMethod = 'email' | 'post' | 'fax'

/** A GST tax invoice (migration 0038, ADR 051): insert-only; its status comes from its allocations and due date. */
export interface InvoicesTable {
  id: Generated<number>
  /** 'INV-000001': one gap-free sequence. */
  number: string
  /** The billing run's piece of work that issued it ('cycle:<accountId>:<periodEnd>', 'off-hire:<id>'); unique. */
  work_key: string | null
  account_id: number
  kind: 'cycle' | 'off_hire' | 'manual'
  period_start: Timestamp | null
  period_end: Timestamp
  off_hire_id: number | null
  /** Melbourne 'YYYY-MM-DD'. */
  issue_date: string
  due_date: string
  buyer_name: string
  buyer_abn: string
  buyer_account_number: string
  buyer_address: Generated<string>
  /** The bookings' purchase order numbers, comma separated. */
  po_numbers: Generated<string>
  subtotal_cents: number
  gst_cents: number
  total_cents: number
  payment_reference: string
  delivery_method: DocumentDeliveryMethod
  pdf_file_id: ColumnType<string | null, string | null | undefined, string | null>
  pdf_sha256: ColumnType<string | null, string | null | undefined, string | null>
  pdf_attempts: Generated<number>
  issued_at: Timestamp
  issued_by: number | null
}

export interface InvoiceLinesTable {
  id: Generated<number>
  invoice_id: number
  position: number
  kind: 'hire' | 'delivery' | 'collection' | 'manual'
  booking_id: number | null
  booking_reference: Generated<string>
  booking_line_id: number | null
  fleet_number: string | null
  first_day: string | null
  last_day: string | null
  description: string
  quantity: number
  unit_price_cents: number
  amount_cents: number
  invoiced_to: Timestamp | null
}

/** An adjustment note: a credit against one invoice, with its own number, lines and GST (insert-only). */
export interface AdjustmentNotesTable {
  id: Generated<number>
  /** 'AN-000001'. */
  number: string
  work_key: string | null
  account_id: number
  invoice_id: number
  reason: string
  issue_date: string
  buyer_name: string
  buyer_abn: string
  buyer_account_number: string
  buyer_address: Generated<string>
  /** What it takes off: positive cents. */
  subtotal_cents: number
  gst_cents: number
  total_cents: number
  delivery_method: DocumentDeliveryMethod
  pdf_file_id: ColumnType<string | null, string | null | undefined, string | null>
  pdf_sha256: ColumnType<string | null, string | null | undefined, string | null>
  pdf_attempts: Generated<number>
  issued_at: Timestamp
  issued_by: number | null
}

export interface AdjustmentNoteLinesTable {
  id: Generated<number>
  note_id: number
  position: number
  booking_line_id: number | null
  description: string
  amount_cents: number
}

export type PaymentMethod = 'eft' | 'card' | 'cheque'

/** Money received (positive) or the reversal of a payment (negative, naming it): insert-only. */
export interface PaymentsTable {
  id: Generated<number>
  account_id: number
  method: PaymentMethod
  received_on: string
  amount_cents: number
  reference: Generated<string>
  notes: Generated<string>
  reverses_payment_id: number | null
  created_at: Timestamp
  created_by: number | null
}

/** Part of a payment applied to an invoice (positive), or the reversal of an allocation (negative). */
export interface PaymentAllocationsTable {
  id: Generated<number>
  payment_id: number
  invoice_id: number
  amount_cents: number
  reverses_allocation_id: number | null
  created_at: Timestamp
  created_by: number | null
}
