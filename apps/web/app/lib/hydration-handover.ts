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
