import { useEffect, useInsertionEffect, useLayoutEffect } from 'react'
import { announceHydrated } from './hydration-handover.ts'

/**
 * What a visitor typed, ticked or chose before the app hydrated, kept (ADR 011).
 *
 * Hydration leaves the fields as they are, but react-hook-form, registering a field, writes its
 * default value into it, and controlled fields hold their initial state: what was typed on a slow
 * connection (or, on a page that hydrates on the first interaction, while the app loaded) would be
 * wiped or out of step. So, in the commit that hydrates, every field the visitor changed is noted
 * before the fields are registered (an insertion effect runs before refs are attached), and given
 * back after as the visitor's own input: the field is
 * set back to its server value through React's value tracker, then to the noted value, then the
 * input, change or click event React listens to is dispatched, so React and the form see a change.
 * A field the visitor has already left also gets its focusout, so it is validated as it would have
 * been.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export type TypedValue =
  | { field: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { field: HTMLInputElement; checked: boolean }
  | { field: HTMLSelectElement; selected: boolean[] }

const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'reset', 'button', 'image'])

/** What a select showed as rendered: its `selected` options, or else (one choice) the first enabled one. */
function renderedSelection(select: HTMLSelectElement): boolean[] {
  const options = [...select.options]
  const selected = options.map((option) => option.hasAttribute('selected'))
  if (!select.multiple && !selected.includes(true)) {
    const first = options.findIndex((option) => !option.disabled)
    if (first !== -1) selected[first] = true
  }
  return selected
}

/** The fields under `root` whose value differs from the one the server rendered. */
export function snapshotTypedValues(root: ParentNode): TypedValue[] {
  const changed: TypedValue[] = []
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      const selected = [...field.options].map((option) => option.selected)
      const rendered = renderedSelection(field)
      if (selected.some((value, index) => value !== rendered[index])) changed.push({ field, selected })
    } else if (field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) changed.push({ field, value: field.value })
    } else if (NOT_TYPED.has(field.type)) {
      // Not typed into, or (a file) kept by the browser.
    } else if (field.type === 'checkbox' || field.type === 'radio') {
      // A radio button that was unchecked is given back by the one that was checked.
      if (field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)) {
        changed.push({ field, checked: field.checked })
      }
    } else if (field.value !== field.defaultValue) {
      changed.push({ field, value: field.value })
    }
  }
  return changed
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

function setNative(
  field: HTMLInputElement | HTMLTextAreaElement,
  property: 'value' | 'checked',
  value: unknown,
) {
  const prototype = Object.getPrototypeOf(field) as object
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(field, value)
}

/** Shows the noted values in their fields, around React's value tracker and without events. */
export function showTypedValues(values: readonly TypedValue[]): void {
  for (const typed of values) {
    if ('value' in typed) setNative(typed.field, 'value', typed.value)
    else if ('checked' in typed) setNative(typed.field, 'checked', typed.checked)
  }
}

/**
 * Gives the noted values back as input (see above), one field per task, so that each is rendered
 * before the next (a group of boxes builds its value from the last render); fields no longer in
 * the page are skipped.
 */
export async function restoreTypedValues(values: readonly TypedValue[]): Promise<void> {
  for (const typed of values) {
    if (!typed.field.isConnected) continue
    await nextTask()
    if ('selected' in typed) {
      const field = typed.field
      const options = [...field.options]
      options.forEach((option, index) => {
        option.selected = typed.selected[index] ?? option.selected
      })
      field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if ('checked' in typed) {
      const input = typed.field
      // Through the tracker: React then sees the click's change.
      input.checked = !typed.checked
      input.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    } else {
      const input = typed.field
      input.value = input.defaultValue
      // Around the tracker: React compares with the value it saw last.
      setNative(input, 'value', typed.value)
      input.dispatchEvent(new Event('input', { bubbles: true }))
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }
    // A field the visitor has left is validated as when they left it (forms validate on blur).
    if (typed.field !== typed.field.ownerDocument.activeElement) {
      typed.field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    }
  }
}

let typedBeforeHydration: TypedValue[] | null = null

/**
 * For the root component, once: keeps what was typed before hydration (above), then announces
 * that the app has hydrated (`lib/hydration-handover.ts`). The events wait for the passive
 * effects, where the form subscribes to its fields (a change before that would reach the form's
 * values but not what it renders: errors, counts, selections); until then, before the browser
 * paints, the fields show the noted values again.
 */
export function useKeepTypedValues(): void {
  useInsertionEffect(() => {
    typedBeforeHydration ??= snapshotTypedValues(document)
  }, [])
  useLayoutEffect(() => {
    showTypedValues(typedBeforeHydration ?? [])
  }, [])
  useEffect(() => {
    const values = typedBeforeHydration ?? []
    typedBeforeHydration = []
    void restoreTypedValues(values).then(() => announceHydrated(document))
  }, [])
}
