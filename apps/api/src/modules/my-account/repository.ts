import { type ExpressionBuilder, sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'

/*
 * The records that belong to an account (requirements §15): sent while signed in with it (user_id), or sent with its
 * email address once that address has been confirmed. The one rule for both lists and the PDF download.
 */

export interface AccountOwner {
  userId: number
  /** Lower-cased. */
  email: string
  emailConfirmed: boolean
}

function ownedBy<T extends 'enquiries' | 'credit_applications'>(table: T, owner: AccountOwner) {
  return (eb: ExpressionBuilder<DB, T>) => {
    const byAccount = eb(sql.ref(`${table}.user_id`), '=', owner.userId)
    if (!owner.emailConfirmed) return byAccount
    return eb.or([byAccount, eb(sql`lower(${sql.ref(`${table}.email`)})`, '=', owner.email)])
  }
}

/** At most this many of each kind are listed, newest first. */
export const MY_ACCOUNT_LIST_MAX = 100

export function findOwnEnquiries(db: Executor, owner: AccountOwner) {
  return db
    .selectFrom('enquiries')
    .select(['id', 'kind', 'status', 'created_at', 'services', 'hire_details', 'message'])
    .where(ownedBy('enquiries', owner))
    .orderBy('created_at', 'desc')
    .limit(MY_ACCOUNT_LIST_MAX)
    .execute()
}

export function findOwnCreditApplications(db: Executor, owner: AccountOwner) {
  return db
    .selectFrom('credit_applications')
    .select(['id', 'reference', 'business_name', 'status', 'submitted_at'])
    .where(ownedBy('credit_applications', owner))
    .orderBy('submitted_at', 'desc')
    .limit(MY_ACCOUNT_LIST_MAX)
    .execute()
}

/** One of the account's applications by its reference; undefined for another's (or none). */
export function findOwnCreditApplication(db: Executor, owner: AccountOwner, reference: string) {
  return db
    .selectFrom('credit_applications')
    .select(['id', 'reference'])
    .where('reference', '=', reference)
    .where(ownedBy('credit_applications', owner))
    .executeTakeFirst()
}
