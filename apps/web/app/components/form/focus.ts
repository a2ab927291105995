import { type FieldErrors, get } from 'react-hook-form'

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

/** Focuses a field's control and scrolls its whole field (label included) into view. */
export function focusField(element: HTMLElement): void {
  element.focus({ preventScroll: true })
  const target = element.closest<HTMLElement>('.field') ?? element
  if (typeof target.scrollIntoView === 'function') {
    target.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }
}

/**
 * Focuses the first field, in page order, that has an error: the first `[data-field]` control
 * whose path is in `errors`, else the first control marked aria-invalid. Returns it, or null.
 */
export function focusFirstError(root: ParentNode, errors: FieldErrors): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>('[data-field]')) {
    const path = element.dataset.field
    if (path && get(errors, path) && !element.matches(':disabled')) {
      focusField(element)
      return element
    }
  }
  const fallback = root.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (fallback) focusField(fallback)
  return fallback
}
