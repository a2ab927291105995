/**
 * Consent Mode (the cookie consent banner's choice), without React: used by the tag-manager
 * components (`tag-manager.tsx`) and by the pages that are not hydrated (`app/enhance`).
 */

const GTM_ID = /^GTM-[A-Z0-9]+$/

/** Where the visitor's cookie choice is kept ('granted' or 'denied'). */
export const CONSENT_STORAGE_KEY = 'signalway:consent'

export type ConsentChoice = 'granted' | 'denied'

const CONSENT_TYPES = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const

/** The texts of the consent banner. */
export const CONSENT_BANNER_TEXT = {
  label: 'Cookie consent',
  question:
    'May we use analytics cookies to see how our website is used? Nothing is stored for analytics or advertising unless you accept.',
  accept: 'Accept analytics cookies',
  decline: 'Decline',
} as const

export function consentState(choice: ConsentChoice) {
  return Object.fromEntries(CONSENT_TYPES.map((type) => [type, choice]))
}

export function validTagManagerId(id: string | null | undefined): id is string {
  return typeof id === 'string' && GTM_ID.test(id)
}

export function readConsent(storage: Pick<Storage, 'getItem'> | undefined): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY)
    return value === 'granted' || value === 'denied' ? value : null
  } catch {
    return null
  }
}

type Gtag = (...args: unknown[]) => void

/** Stores the choice and tells Consent Mode about it. */
export function saveConsent(
  choice: ConsentChoice,
  target: { localStorage?: Storage; gtag?: Gtag } = window as never,
) {
  try {
    target.localStorage?.setItem(CONSENT_STORAGE_KEY, choice)
  } catch {
    // Private mode: the choice holds for this page only.
  }
  target.gtag?.('consent', 'update', consentState(choice))
}
