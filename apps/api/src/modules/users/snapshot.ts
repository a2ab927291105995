import type { UserRow } from '../../db/schema.ts'
import { personOf } from './repository.ts'

/** What the audit log keeps of a user: no password hash, no tokens. */
export function userSnapshot(user: UserRow) {
  return {
    ...personOf(user),
    emailConfirmed: user.email_confirmed_at !== null,
    memberType: user.member_type,
    isActive: user.is_active === 1,
    archivedAt: user.archived_at,
  }
}
