import { MESSAGES } from '@signalway/shared'
import {
  type BaseSyntheticEvent,
  type FormHTMLAttributes,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react'
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form'
import { isApiError } from '../../lib/api-client.ts'
import { useNotify } from '../ui/notifications/index.ts'
import { cx } from './field.tsx'
import { focusFirstError } from './focus.ts'

export interface FormProps<TIn extends FieldValues, TOut>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid' | 'noValidate'> {
  /** From useZodForm(schema, options). */
  form: UseFormReturn<TIn, unknown, TOut>
  /**
   * Called with the schema's output when every field is valid. While its promise is pending the
   * form is submitting (SubmitButton shows busy). Handle your own API errors in it; anything it
   * throws is logged and shown as the generic error notification.
   */
  onSubmit: (values: TOut, event?: BaseSyntheticEvent) => unknown
  /** Called with the errors of a failed submit, before focus moves (e.g. to open sections). */
  onInvalid?: (errors: FieldErrors<TIn>) => void
  /** The notification of a failed submit; `false` for none. */
  invalidMessage?: string | false
  children: ReactNode
}

/**
 * A <form> bound to a react-hook-form instance: provides it to the field components, never
 * uses the browser's own validation bubbles, and on a submit with errors shows the requirements'
 * notification ('You have one or more fields missing, ...') and moves focus to the first
 * invalid field in page order, scrolling it into view.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onInvalid,
  invalidMessage = MESSAGES.formHasErrors,
  className,
  children,
  ...rest
}: FormProps<TIn, TOut>) {
  const notify = useNotify()
  const ref = useRef<HTMLFormElement>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  // The errors of the last failed submit (the form state snapshot may not hold them yet).
  const failedErrors = useRef<FieldErrors<TIn>>({})

  // After the render that follows a failed submit (and shows any section onInvalid opened).
  useEffect(() => {
    if (focusRequest > 0 && ref.current) focusFirstError(ref.current, failedErrors.current)
  }, [focusRequest])

  const submit = form.handleSubmit(
    async (values, event) => {
      // A new attempt: the errors of the earlier ones go (its own failure, if any, is shown afresh).
      notify.clearErrors()
      try {
        await onSubmit(values, event)
      } catch (error) {
        console.error(error)
        notify.error(isApiError(error) ? error.message : MESSAGES.unknownError)
      }
    },
    (errors) => {
      failedErrors.current = errors
      onInvalid?.(errors)
      if (invalidMessage !== false) notify.error(invalidMessage)
      setFocusRequest((count) => count + 1)
    },
  )

  return (
    <FormProvider {...form}>
      <form
        // Before hydration a submit goes to the server as a POST (React Router refuses it), never as a
        // GET that would put what was typed, passwords included, into the URL and the access logs.
        method="post"
        {...rest}
        ref={ref}
        noValidate
        className={cx('form', className)}
        onSubmit={(event) => {
          void submit(event)
        }}
      >
        {children}
      </form>
    </FormProvider>
  )
}

/** The row of buttons at the end of a form. */
export function FormActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('form-actions', className)}>{children}</div>
}

export interface SubmitButtonProps {
  children: ReactNode
  /** Read out while submitting; 'Sending…' by default. */
  busyLabel?: string
  /** 'accent' (amber, default), 'primary' (navy) or 'danger' (a destructive choice). */
  variant?: 'accent' | 'primary' | 'danger'
  className?: string
  /** Disabled regardless of the submitting state. */
  disabled?: boolean
}

/** The submit button: disabled, aria-busy and a spinner while the form is submitting. */
export function SubmitButton({
  children,
  busyLabel = 'Sending…',
  variant = 'accent',
  className,
  disabled,
}: SubmitButtonProps) {
  const { control } = useFormContext()
  const { isSubmitting } = useFormState({ control })
  return (
    <>
      <button
        type="submit"
        className={cx('button', `button--${variant}`, 'submit-button', className)}
        disabled={disabled || isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        {isSubmitting ? <span className="submit-button__spinner" aria-hidden="true" /> : null}
        <span>{children}</span>
      </button>
      <span className="visually-hidden" role="status">
        {isSubmitting ? busyLabel : ''}
      </span>
    </>
  )
}
