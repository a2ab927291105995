import { type ReactNode, useId } from 'react'
import { type FieldError, type FieldValues, get, useFormContext, useFormState } from 'react-hook-form'

/** Props every field component takes. */
export interface FieldBaseProps {
  /** Field path in the form values, e.g. 'email' or 'section1.abn'. */
  name: string
  label: ReactNode
  /** Help text under the label, read out with the field (aria-describedby). */
  hint?: ReactNode
  /** Shows the required marker and sets aria-required; the schema decides what is valid. */
  required?: boolean | undefined
  /** Extra class on the field's wrapper. */
  className?: string | undefined
  /**
   * The id of a message outside the field that says its value was refused (a sign-in's failure, which cannot
   * tell which of two fields was wrong): the control is then invalid and described by that message.
   */
  refusedBy?: string | null | undefined
}

/**
 * A field component's props in two: the FieldBaseProps its shell and registration use, and the rest, which go to
 * the native element as they are.
 */
export function splitFieldProps<P extends FieldBaseProps>({
  name,
  label,
  hint,
  required,
  className,
  refusedBy,
  ...native
}: P): { field: FieldBaseProps; native: Omit<P, keyof FieldBaseProps> } {
  return { field: { name, label, hint, required, className, refusedBy }, native }
}

export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}

/** The message of an error object, also for arrays whose error sits under `root`. */
export function errorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const e = error as FieldError & { root?: FieldError }
  if (typeof e.message === 'string' && e.message !== '') return e.message
  if (e.root && typeof e.root.message === 'string') return e.root.message
  return undefined
}

/** The current error message of one field (re-renders when that field's error changes). */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext<FieldValues>()
  const { errors } = useFormState({ control, name })
  return errorMessage(get(errors, name))
}

export interface FieldIds {
  inputId: string
  labelId: string
  hintId: string
  errorId: string
  extraId: string
}

export function useFieldIds(): FieldIds {
  const id = useId()
  return {
    inputId: `${id}input`,
    labelId: `${id}label`,
    hintId: `${id}hint`,
    errorId: `${id}error`,
    extraId: `${id}extra`,
  }
}

/** aria-describedby from the parts that are shown; undefined when none is. */
export function describedBy(...ids: unknown[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '')
  return list.length > 0 ? list.join(' ') : undefined
}

/** The '*' after a required field's label. Screen readers hear 'required' from aria-required instead. */
export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      *
    </span>
  )
}

/** For groups (fieldset legends), where aria-required is not available: the word is read out. */
export function RequiredGroupMark() {
  return (
    <>
      <RequiredMark />
      <span className="visually-hidden"> (required)</span>
    </>
  )
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__hint">
      {children}
    </p>
  )
}

export function FieldErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field__error">
      <span className="field__error-icon" aria-hidden="true">
        !
      </span>
      {message}
    </p>
  )
}

/** The one paragraph a form starts with when it has required fields. */
export function RequiredFieldsNote({ children = 'Fields marked * are required.' }: { children?: ReactNode }) {
  return <p className="form-note">{children}</p>
}

/**
 * The legend and hint of a group of controls (a fieldset). Where the group itself carries aria-required (a
 * radiogroup), the '*' is enough; elsewhere the word is read out with the legend.
 */
export function FieldLegend({
  ids,
  label,
  hint,
  required,
  groupIsRequired = false,
}: Pick<FieldBaseProps, 'label' | 'hint' | 'required'> & {
  ids: FieldIds
  /** The group has aria-required (role radiogroup). */
  groupIsRequired?: boolean
}) {
  const mark = groupIsRequired ? <RequiredMark /> : <RequiredGroupMark />
  return (
    <>
      <legend id={ids.labelId} className="field__label">
        {label}
        {required ? mark : null}
      </legend>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
    </>
  )
}

/**
 * Label, hint, control and error of one text-like field. The control is `children`; the
 * caller wires it with the ids (id, aria-describedby, aria-invalid).
 */
export function FieldShell({
  ids,
  label,
  hint,
  required,
  error,
  className,
  extra,
  children,
}: Pick<FieldBaseProps, 'label' | 'hint' | 'required' | 'className'> & {
  ids: FieldIds
  error: string | undefined
  /** Shown between the control and the error, e.g. a word count (give it `ids.extraId`). */
  extra?: ReactNode
  children: ReactNode
}) {
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label id={ids.labelId} htmlFor={ids.inputId} className="field__label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      {children}
      {extra}
      <FieldErrorText id={ids.errorId} message={error} />
    </div>
  )
}
