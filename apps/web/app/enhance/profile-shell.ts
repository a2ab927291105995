import { toFormValues } from '../features/auth/profile-values.ts'
import type { UserProfile } from '../lib/auth-storage.ts'
import { profileShapeOf } from '../lib/profile-shape.ts'

/* The profile page's shell (ADR 028, ADR 029): the server's empty form, filled in with the visitor's profile. */

/**
 * Fills the server-rendered form in with the profile form's values (`toFormValues`), value and default value alike
 * (checked and default checked, selected and default selected): as if the server had rendered them, so that the
 * app, hydrating, counts as typed only what the visitor typed (`lib/typed-values.ts`). Every named field must have
 * its value; false (nothing changed) when one has none.
 */
export function fillForm(form: HTMLFormElement, values: object): boolean {
  const fields = [...form.elements].filter(
    (field): field is HTMLInputElement | HTMLSelectElement =>
      (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.name !== '',
  )
  if (!fields.every((field) => field.name in values)) return false
  for (const field of fields) {
    const value = (values as Record<string, unknown>)[field.name]
    if (field instanceof HTMLSelectElement) {
      for (const option of field.options) {
        const chosen = option.value === String(value)
        option.toggleAttribute('selected', chosen)
        option.selected = chosen
      }
    } else if (field.type === 'checkbox') {
      field.defaultChecked = value === true
      field.checked = value === true
    } else {
      field.defaultValue = String(value ?? '')
      field.value = field.defaultValue
    }
  }
  return true
}

/** Whether the server rendered the form of this profile's shape (ADR 029): with the company's details or without. */
function formFits(form: HTMLFormElement, profile: UserProfile): boolean {
  const company = form.elements.namedItem('companyName') !== null
  return company === (profileShapeOf(profile) === 'company')
}

/** Shows the profile page: its form filled in, when the server rendered the form of this profile's shape. */
export function profileShell(area: HTMLElement): (profile: UserProfile) => Promise<boolean> {
  return async (profile) => {
    const form = area.querySelector('form')
    return form !== null && formFits(form, profile) && fillForm(form, toFormValues(profile))
  }
}
