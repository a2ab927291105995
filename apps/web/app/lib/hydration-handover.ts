/**
 * How the enhancement script of a page that hydrates on the first interaction
 * (`enhance/on-interaction.ts`) hands the page over to the app (ADR 011).
 */

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
