import type { MyAccount } from '@signalway/shared/my-account'
import { handOverMyAccount } from '../lib/hydration-handover.ts'
import { myAccountView } from './my-account-markup.ts'

/**
 * My Account's shell (ADR 030): the account (asked for at once, beside the profile) is shown in place of the
 * server's "Loading your account…"; then handed over to the app.
 */
export function myAccountShell(
  area: HTMLElement,
  doc: Document,
  fetched: Promise<MyAccount | null>,
): () => Promise<boolean> {
  return async () => {
    const account = await fetched
    const loading = area.querySelector('.my-account__loading')
    if (!account || !loading) return false
    loading.replaceWith(myAccountView(doc, account))
    handOverMyAccount(doc, account)
    return true
  }
}
