import { CREDIT_SECTIONS, type CreditSectionKey, LIMITS, personsHeading } from '@signalway/shared'

/**
 * The four sections of the credit application (requirements §4): their order, headings, and the
 * Previous/Next scrolling (offset -70, 500 ms delay).
 */

export const SECTION_KEYS: readonly CreditSectionKey[] = CREDIT_SECTIONS.map((section) => section.key)

/** A section's heading; section 2's depends on the customer type (directors, partners, sole trader). */
export function sectionTitle(key: CreditSectionKey, customerType: unknown): string {
  if (key === 'section2') return personsHeading(customerType)
  return CREDIT_SECTIONS.find((section) => section.key === key)?.title ?? key
}

/** 'Director', 'Partner', 'Sole Trader', or 'Director/Partner/Sole Trader' before a type is chosen. */
export function personRole(customerType: unknown): string {
  return personsHeading(customerType).replace(/ Details$/u, '')
}

export function isSectionKey(value: string): value is CreditSectionKey {
  return (SECTION_KEYS as readonly string[]).includes(value)
}

/** The sections, in order, that hold an error ('section1.abn' or an errors object keyed by section). */
export function sectionsWithErrors(errors: object | readonly string[]): CreditSectionKey[] {
  const keys = Array.isArray(errors)
    ? errors.map((path: string) => path.split('.')[0] ?? '')
    : Object.keys(errors).filter((key) => (errors as Record<string, unknown>)[key])
  return SECTION_KEYS.filter((key) => keys.includes(key))
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

export interface ScrollOptions {
  offset?: number
  delay?: number
}

/** Longest a smooth scroll is taken to run where the browser sends no `scrollend`. */
const SMOOTH_SCROLL_MAX_MS = 1500

/**
 * After `delay` ms, scrolls the window so that `element` sits `-offset` px below the top
 * (smoothly unless the user prefers reduced motion). Returns a function that cancels it.
 *
 * A press (mouse, finger or pen) means the visitor is already using what they see: before the delay it calls
 * the scroll off, and during a smooth scroll it stops the page where it is. Moved between the press and its
 * release, the page would put the release on another element: the browser then sends no click, and a radio
 * button or checkbox chosen quickly in the section just opened would stay as it was.
 */
export function scrollToSection(
  element: HTMLElement,
  { offset = LIMITS.creditScrollOffset, delay = LIMITS.creditScrollDelayMs }: ScrollOptions = {},
): () => void {
  const doc = element.ownerDocument
  const win = doc.defaultView ?? window
  let scrolling = false
  let settled: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    clearTimeout(timer)
    clearTimeout(settled)
    doc.removeEventListener('pointerdown', onPress, true)
    win.removeEventListener('scrollend', stop)
  }
  const onPress = () => {
    if (scrolling) win.scrollTo({ top: win.scrollY, left: win.scrollX, behavior: 'instant' })
    stop()
  }
  // Capture: before the pressed element's own handlers can move anything.
  doc.addEventListener('pointerdown', onPress, true)
  const timer = setTimeout(() => {
    const top = element.getBoundingClientRect().top + win.scrollY + offset
    const smooth = !prefersReducedMotion()
    win.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' })
    if (!smooth) return stop()
    scrolling = true
    win.addEventListener('scrollend', stop)
    settled = setTimeout(stop, SMOOTH_SCROLL_MAX_MS)
  }, delay)
  return stop
}

/** The first message found in an error subtree (an array field's errors sit under its items). */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const record = error as Record<string, unknown>
  if (typeof record.message === 'string' && record.message !== '') return record.message
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue
    const found = firstErrorMessage(value)
    if (found) return found
  }
  return undefined
}
