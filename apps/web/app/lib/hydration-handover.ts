import type { MyAccount } from '@signalway/shared/my-account'
import type { UserProfile } from './auth-storage.ts'

/**
 * How the enhancement script of a page that hydrates on the first interaction
 * (`enhance/on-interaction.ts`) hands the page over to the app (ADR 011).
 */

/**
 * The id of the enhancement script's element. The app reads it too: a page that hydrates on the first interaction
 * says so on that element, and the app then renders its scripts the same way.
 */
export const ENHANCE_SCRIPT_ID = 'enhance-script'

/** Set on the script element of a page that hydrates on the first interaction (ADR 011). */
const HYDRATE_ATTRIBUTE = 'data-hydrate'
const ON_INTERACTION = 'on-interaction'

export function hydrateOnInteractionDataset(): Record<`data-${string}`, string> {
  return { [HYDRATE_ATTRIBUTE]: ON_INTERACTION }
}

/** Whether the document's enhancement script is that of a page that hydrates on the first interaction. */
export function hydratesOnInteraction(doc: Document): boolean {
  return doc.getElementById(ENHANCE_SCRIPT_ID)?.getAttribute(HYDRATE_ATTRIBUTE) === ON_INTERACTION
}

/**
 * Set on the root element by the enhancement script of a page that hydrates on the first interaction when this
 * browser keeps a sign-in: the app starts at once, and what the server rendered for a visitor signed out waits for
 * it, hidden (`data-auth-pending`, the booking page's offer, ADR 048).
 */
export const SIGNED_IN_HINT_ATTRIBUTE = 'data-signed-in'

/** The private pages shown by the enhancement script before their app: how it fills each in (`enhance/private-shell.ts`). */
export type PrivateShell = 'profile' | 'my-account'

/** The type React Router's module script is rendered with until it is started: a data block, not run. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module'

/** Dispatched on the document by `entry.client.tsx` just before `hydrateRoot`. */
export const BEFORE_HYDRATE_EVENT = 'signalway:before-hydrate'

/** Dispatched on the document once the app has hydrated (and restored what was typed before). */
export const HYDRATED_EVENT = 'signalway:hydrated'

/** Set on the root element once the app has hydrated. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated'

export function announceBeforeHydrate(doc: Document): void {
  doc.dispatchEvent(new Event(BEFORE_HYDRATE_EVENT))
}

export function announceHydrated(doc: Document): void {
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '')
  doc.dispatchEvent(new Event(HYDRATED_EVENT))
}

/**
 * What this tab keeps for a page to show as soon as it loads (ADR 026): with one of these in session storage,
 * a page that hydrates on the first interaction starts its app at once. The credit application's receipt:
 * the confirmation shown after the reload that follows a submit.
 */
export const CREDIT_RECEIPT_KEY = 'signalway.creditReceipt'
export const SHOWN_AT_ONCE_SESSION_KEYS: readonly string[] = [CREDIT_RECEIPT_KEY]

/** Where the enhancement script notes the fields a visitor left before the app took over. */
const LEFT_FIELDS = '__signalwayLeftFields'

type WithLeftFields = { [LEFT_FIELDS]?: WeakSet<EventTarget> }

/**
 * The fields the visitor has left (focusout) before the app hydrated, noted by the enhancement script
 * (ADR 026): the app validates them as it would have on that blur, changed or not (an empty required field
 * left before the app loaded shows its message).
 */
export function leftFields(doc: Document): WeakSet<EventTarget> {
  const win = (doc.defaultView ?? {}) as WithLeftFields
  win[LEFT_FIELDS] ??= new WeakSet()
  return win[LEFT_FIELDS]
}

/** Marks the private area of a private shell page (`privateShellPage`, ADR 028, ADR 030) with its name, for its enhancement script. */
export const PRIVATE_SHELL_ATTRIBUTE = 'data-private-shell'

/** Where the enhancement script of a private page leaves the profile it restored and showed (ADR 028). */
const RESTORED_PROFILE = '__signalwayRestoredProfile'

type WithRestoredProfile = { [RESTORED_PROFILE]?: UserProfile | null }

/**
 * The profile the enhancement script of a private page fetched and showed before the app took over (ADR 028):
 * the page is in the signed-in state for it (header, form and its values). The app hydrates in that state,
 * without asking the API again; null when the script did not (the app then restores the session itself).
 */
export function handedOverProfile(doc: Document | undefined): UserProfile | null {
  if (!doc) return null
  return ((doc.defaultView ?? {}) as WithRestoredProfile)[RESTORED_PROFILE] ?? null
}

export function handOverProfile(doc: Document, profile: UserProfile | null): void {
  const win = doc.defaultView as (Window & WithRestoredProfile) | null
  if (win) win[RESTORED_PROFILE] = profile
}

/** Where the enhancement script of the account page leaves the account it fetched and showed (ADR 030). */
const RESTORED_ACCOUNT = '__signalwayRestoredMyAccount'

type WithRestoredAccount = { [RESTORED_ACCOUNT]?: MyAccount | null }

/** The account the enhancement script showed on the account page (ADR 030): the app starts from it; else null. */
export function handedOverMyAccount(doc: Document | undefined): MyAccount | null {
  if (!doc) return null
  return ((doc.defaultView ?? {}) as WithRestoredAccount)[RESTORED_ACCOUNT] ?? null
}

export function handOverMyAccount(doc: Document, account: MyAccount | null): void {
  const win = doc.defaultView as (Window & WithRestoredAccount) | null
  if (win) win[RESTORED_ACCOUNT] = account
}
