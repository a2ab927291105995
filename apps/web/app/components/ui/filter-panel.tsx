import type { ReactNode } from 'react'

/**
 * The one filter pattern of the admin lists (users, enquiries, credit applications; ADR 035): a search landmark
 * framing the list's filter form, its fields in one responsive grid and its actions on their own row at the end
 * (apply first, then Clear when the list has one). The form itself is the list's (the users' is the required one, bound
 * to its schema): it takes `filterFormClass` and puts its fields and <FilterActions> inside.
 */
export function FilterPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search role on a div, as <search> is, where <search> is not yet known (older browsers, the unit tests' DOM).
    <div className="filter-panel" role="search" aria-label={label}>
      {children}
    </div>
  )
}

/** The class of the form inside a FilterPanel: the fields' grid. */
export const filterFormClass = 'filter-panel__form'

/** A filter form's actions: the apply button (the list's own, e.g. a busy-aware one) and Clear. */
export function FilterActions({
  apply,
  onClear,
  clearLabel = 'Clear',
}: {
  apply: ReactNode
  onClear?: (() => void) | undefined
  clearLabel?: string
}) {
  return (
    <div className="form-actions filter-panel__actions">
      {apply}
      {onClear ? (
        <button type="button" className="button button--outline" onClick={onClear}>
          {clearLabel}
        </button>
      ) : null}
    </div>
  )
}
