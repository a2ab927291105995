import { useEffect, useInsertionEffect, useLayoutEffect } from 'react'
import { announceHydrated, leftFields } from './hydration-handover.ts'

/**
 * What a visitor typed, ticked or chose before the app hydrated, kept (ADR 011).
 *
 * Hydration leaves the fields as they are, but react-hook-form, registering a field, writes its
 * default value into it, and controlled fields hold their initial state: what was typed on a slow
 * connection (or, on a page that hydrates on the first interaction, while the app loaded) would be
 * wiped or out of step. So, in the commit that hydrates, every field the visitor changed is noted
 * before the fields are registered (an insertion effect runs before refs are attached), shown
 * again before the browser paints, and given back after as the visitor's own input: the field is
 * set to its server value through React's value tracker, then to the noted value around it, then the
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

/**
 * After React's own microtask, which renders what the last field's event changed (a discrete
 * event's update is rendered in a microtask), and before the browser paints.
 */
function afterReactRenders(): Promise<void> {
  return new Promise((resolve) => queueMicrotask(resolve))
}

function setNative(
  field: HTMLInputElement | HTMLTextAreaElement,
  property: 'value' | 'checked',
  value: unknown,
) {
  const prototype = Object.getPrototypeOf(field) as object
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(field, value)
}

/** Shows the noted values in their fields again, around React's value tracker and without events. */
export function showTypedValues(values: readonly TypedValue[]): void {
  for (const typed of values) {
    if ('value' in typed) setNative(typed.field, 'value', typed.value)
    else if ('checked' in typed) setNative(typed.field, 'checked', typed.checked)
    else selectOptions(typed.field, typed.selected)
  }
}

function selectOptions(select: HTMLSelectElement, selected: readonly boolean[]) {
  ;[...select.options].forEach((option, index) => {
    option.selected = selected[index] ?? option.selected
  })
}

/**
 * Gives the noted values back as input (see above), one field at a time, each rendered before the
 * next (a group of boxes builds its value from the last render), all before the browser paints. A field the visitor
 * has used since hydration is skipped: the app has seen that input, noted value included, as it
 * was shown again. So are fields no longer in the page.
 */
export async function restoreTypedValues(
  values: readonly TypedValue[],
  usedSince: (field: Field) => boolean = () => false,
): Promise<void> {
  for (const typed of values) {
    await afterReactRenders()
    const { field } = typed
    if (!field.isConnected || usedSince(field)) continue
    if ('selected' in typed) {
      selectOptions(typed.field, typed.selected)
      field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if ('checked' in typed) {
      // Through the tracker, then the click sets it back: React sees the click's change.
      typed.field.checked = !typed.checked
      field.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    } else {
      typed.field.value = typed.field.defaultValue
      // Around the tracker: React compares with the value it saw last.
      setNative(typed.field, 'value', typed.value)
      field.dispatchEvent(new Event('input', { bubbles: true }))
      field.dispatchEvent(new Event('change', { bubbles: true }))
    }
    // A field the visitor has left is validated as when they left it (forms validate on blur).
    if (field !== field.ownerDocument.activeElement) {
      field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    }
  }
}

/**
 * The fields the visitor left before the app took over without changing them (an empty required field, say)
 * are validated too, as on that blur (ADR 026); those given back above were, and those used since need not be.
 */
export async function validateLeftFields(
  doc: Document,
  restored: readonly TypedValue[],
  usedSince: (field: Field) => boolean = () => false,
): Promise<void> {
  const left = leftFields(doc)
  const done = new Set<EventTarget>(restored.map((typed) => typed.field))
  for (const field of doc.querySelectorAll<Field>('input, textarea, select')) {
    if (!left.has(field) || done.has(field) || usedSince(field) || field === doc.activeElement) continue
    await afterReactRenders()
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  }
}

/** The fields the visitor uses (input, change or click events of their own) from now until `stop`. */
function watchUse(doc: Document) {
  const used = new WeakSet<EventTarget>()
  const note = (event: Event) => {
    if (event.isTrusted && event.target) used.add(event.target)
  }
  const types = ['input', 'change', 'click'] as const
  for (const type of types) doc.addEventListener(type, note, true)
  return {
    has: (field: Field) => used.has(field),
    stop: () => {
      for (const type of types) doc.removeEventListener(type, note, true)
    },
  }
}

let typedBeforeHydration: TypedValue[] | null = null
let use: ReturnType<typeof watchUse> | undefined

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
    use ??= watchUse(document)
  }, [])
  useEffect(() => {
    const values = typedBeforeHydration ?? []
    typedBeforeHydration = []
    const watching = use
    const usedSince = (field: Field) => watching?.has(field) ?? false
    void restoreTypedValues(values, usedSince)
      .then(() => validateLeftFields(document, values, usedSince))
      .then(() => {
        watching?.stop()
        announceHydrated(document)
      })
  }, [])
}
