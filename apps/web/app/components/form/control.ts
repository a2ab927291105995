import { type ChangeEvent, type FocusEvent, type ReactNode, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { describedBy, type FieldIds, useFieldError, useFieldIds } from './field.tsx'
import { whenPointerReleased } from './pointer-release.ts'

/** The ARIA state of one control: required, invalid, and what describes it (hint, extra, error). */
export function fieldAria(
  ids: FieldIds,
  {
    required,
    hint,
    error,
    extra,
    refusedBy,
  }: {
    required?: boolean | undefined
    hint?: ReactNode
    error: string | undefined
    extra?: boolean | undefined
    refusedBy?: string | null | undefined
  },
) {
  return {
    'aria-required': required || undefined,
    'aria-invalid': error || refusedBy ? (true as const) : undefined,
    'aria-describedby': describedBy(
      hint && ids.hintId,
      extra && ids.extraId,
      error && ids.errorId,
      refusedBy,
    ),
  }
}

type ControlElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

export interface ControlOptions<E extends ControlElement> {
  required?: boolean | undefined
  hint?: ReactNode
  /** The element with `ids.extraId` (a word count, a checklist) describes the control too. */
  extra?: boolean | undefined
  onBlur?: ((event: FocusEvent<E>) => void) | undefined
  onChange?: ((event: ChangeEvent<E>) => void) | undefined
  /** A choice (select, checkbox, radio) is validated again on each change while it shows an error. */
  revalidateWhileInvalid?: boolean
  /** The id of a message outside the field that refused its value (FieldBaseProps.refusedBy). */
  refusedBy?: string | null | undefined
}

/**
 * One native control registered with the surrounding <Form>: react-hook-form's registration with a
 * blur that waits for a pointer's release (pointer-release.ts), the caller's own handlers, the ids and
 * data-field that focusing an error relies on, and the ARIA state. Spread `control` on the element;
 * a group of controls (radio buttons) spreads `handlers` on each and puts the ARIA state on the group.
 */
export function useRegisteredControl<E extends ControlElement>(
  name: string,
  options: ControlOptions<E> = {},
) {
  const { register, trigger } = useFormContext()
  const ids = useFieldIds()
  const error = useFieldError(name)
  const registration = register(name)
  const handlers = {
    ...registration,
    onBlur: (event: FocusEvent<E>) => {
      options.onBlur?.(event)
      whenPointerReleased(() => void registration.onBlur(event))
    },
    onChange: async (event: ChangeEvent<E>) => {
      options.onChange?.(event)
      await registration.onChange(event)
      if (options.revalidateWhileInvalid && error) await trigger(name)
    },
  }
  const control = {
    ...handlers,
    id: ids.inputId,
    'data-field': name,
    ...fieldAria(ids, { ...options, error }),
  }
  return { ids, error, control, handlers }
}

/** A choice (select, checkbox, radio): validated again on each change while it shows an error. */
export function useChoiceControl<E extends ControlElement>(name: string, options: ControlOptions<E> = {}) {
  return useRegisteredControl(name, { ...options, revalidateWhileInvalid: true })
}

/**
 * A text control's value when it first renders, in the server's HTML too: a form posted without
 * JavaScript comes back with what was typed.
 */
export function useInitialText(name: string): string | undefined {
  const { getValues } = useFormContext()
  const [initial] = useState<unknown>(() => getValues(name))
  return typeof initial === 'string' ? initial : undefined
}
