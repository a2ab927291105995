import { MEMBER_TYPE } from '@signalway/shared'
import type { UserProfile } from './auth-storage.ts'

/*
 * Whether a profile is an administrator's: read by the app and by the enhancement script of the pages React
 * does not run, so it lives apart from the React context of lib/auth-context.ts (the script loads no React).
 */

export const ADMIN_MEMBER_TYPE = MEMBER_TYPE.Admin

export function isAdmin(profile: UserProfile | null): boolean {
  return Number(profile?.memberType) === ADMIN_MEMBER_TYPE
}
