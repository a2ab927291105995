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
}

export interface PagesTable {
  name: string
  title: string
  description: string
  content: string
}

export interface NewsTable {
  id: Generated<number>
  slug: string
  published_at: Timestamp
  title: string
  image: string
  summary: string
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

export interface DB {
  users: UsersTable
  pages: PagesTable
  news: NewsTable
  files: FilesTable
  outbox: OutboxTable
  rate_limits: RateLimitsTable
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type PageRow = Selectable<PagesTable>
export type NewsRow = Selectable<NewsTable>
export type FileRow = Selectable<FilesTable>
export type OutboxRow = Selectable<OutboxTable>
