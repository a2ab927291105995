import type { MyAccount } from '@signalway/shared/my-account'
import { myAccountLead } from '../features/account/my-account-lines.ts'
import type { UserProfile } from '../lib/auth-storage.ts'
import { handOverMyAccount } from '../lib/hydration-handover.ts'
import { myAccountView } from './my-account-markup.ts'

/**
 * My Account's shell (ADR 030): the account (asked for at once, beside the profile) is shown in place of the
 * server's "Loading your account…" with the lead's greeting; then handed over to the app.
 */
export function myAccountShell(
  area: HTMLElement,
  doc: Document,
  fetched: Promise<MyAccount | null>,
): (profile: UserProfile) => Promise<boolean> {
  return async (profile) => {
    const account = await fetched
    const loading = area.querySelector('.my-account__loading')
    const lead = area.querySelector('.page-header__lead')
    if (!account || !loading || !lead) return false
    loading.replaceWith(myAccountView(doc, account))
    lead.textContent = myAccountLead(profile.firstName)
    handOverMyAccount(doc, account)
    return true
  }
}
