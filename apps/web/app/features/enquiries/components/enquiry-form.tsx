import type { EnquiryKind } from '@signalway/shared/constants'
import type { EnquirySubmitted } from '@signalway/shared/enquiry-inbox'
import { type ReactNode, useId, useLayoutEffect, useState } from 'react'
import type { Path } from 'react-hook-form'
import type { z } from 'zod'
import {
  applyServerErrors,
  Form,
  FormActions,
  type FormSchema,
  PrivacyNotice,
  RequiredFieldsNote,
  type SchemaSource,
  SubmitButton,
  TextField,
  useZodForm,
  type ZodFormOptions,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { type PostedEnquiry, postedFormOptions, type SentEnquiry } from '../posted.ts'
import { EnquiryConfirmation } from './enquiry-confirmation.tsx'
import { HoneypotField } from './honeypot-field.tsx'
import { PostedMessage } from './posted-message.tsx'

export interface EnquiryFormProps<S extends FormSchema> {
  kind: EnquiryKind
  /** The form's page (Send another, without JavaScript). */
  page: string
  title: string
  schema: SchemaSource<S>
  /** The form's first values (a posted answer's values go over them). */
  defaults: z.input<S>
  /** Its values once sent (default: `defaults`). */
  emptied?: z.input<S>
  /**
   * Values to start with once known (a signed-in customer's details, which arrive after the first render): written
   * into the fields still empty and untouched, and kept when the form is emptied.
   */
  prefill?: Partial<z.input<S>> | undefined
  send: (values: z.output<S>) => Promise<EnquirySubmitted>
  /** The answer when the form was posted to the page without JavaScript (`form-post.server.ts`). */
  posted: PostedEnquiry | undefined
  /** the requirements' notifications of this form. */
  messages: { sent: string; failed: string }
  /** What the personal details are used for (the privacy notice). */
  purpose: string
  submit: { label: string; busyLabel: string }
  /** The form's own fields, after name, email and phone. */
  children: ReactNode
}

/**
 * An enquiry form (contact, quote): who is asking (name, email, phone), the form's own fields, the
 * honeypot and one submit. Success: the requirements' notification, the form emptied, and in its place the lasting
 * confirmation (reference, what was asked, what happens next) until Send another; failure: the requirements'
 * message, the server's field messages on a 400, and everything typed kept.
 */
export function EnquiryForm<S extends FormSchema>({
  kind,
  page,
  title,
  schema,
  defaults,
  emptied = defaults,
  prefill,
  send,
  posted,
  messages,
  purpose,
  submit,
  children,
}: EnquiryFormProps<S>) {
  const notify = useNotify()
  const headingId = useId()
  const [options] = useState(() => postedFormOptions(posted, defaults))
  const [postedAnswer, setPostedAnswer] = useState(posted?.status === 'sent' ? undefined : posted)
  // Sent without JavaScript: the page comes back with the confirmation (and the requirements' message in it).
  // Back from the confirmation: the form's heading takes the focus Send another had.
  const [returned, setReturned] = useState(false)
  const [sent, setSent] = useState<{ enquiry: SentEnquiry; fromServer: boolean } | null>(
    posted?.status === 'sent' ? { enquiry: posted, fromServer: true } : null,
  )
  const form = useZodForm(schema, options as ZodFormOptions<S>)
  const started = { ...emptied, ...prefill } as z.input<S>

  // Before the browser paints (the profile arrives behind the blocking overlay): only empty, untouched fields.
  useLayoutEffect(() => {
    if (!prefill) return
    for (const [name, value] of Object.entries(prefill)) {
      const path = name as Path<z.input<S>>
      if (value && !form.getFieldState(path).isDirty && !form.getValues(path)) {
        form.resetField(path, { defaultValue: value as never })
      }
    }
  }, [prefill, form])

  const onSubmit = async (values: z.output<S>) => {
    setPostedAnswer(undefined)
    try {
      const submitted = await send(values)
      const message = typeof values.message === 'string' ? values.message.trim() : ''
      notify.success(messages.sent)
      form.reset(started)
      setSent({ enquiry: { submitted, message }, fromServer: false })
    } catch (error) {
      applyServerErrors(form, error)
      notify.error(messages.failed)
    }
  }

  if (sent) {
    return (
      <div className="enquiry-form">
        <EnquiryConfirmation
          kind={kind}
          sent={sent.enquiry}
          spokenMessage={sent.fromServer ? messages.sent : null}
          page={page}
          focusOnShow={!sent.fromServer}
          onSendAnother={() => {
            form.reset(started)
            setSent(null)
            setReturned(true)
          }}
        />
      </div>
    )
  }

  return (
    <section className="enquiry-form" aria-labelledby={headingId}>
      <h2
        id={headingId}
        className="enquiry-form__title"
        tabIndex={-1}
        ref={(element) => {
          if (element && returned) element.focus()
        }}
      >
        {title}
      </h2>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
        <PostedMessage posted={postedAnswer} sent={messages.sent} failed={messages.failed} />
        <RequiredFieldsNote />
        <PrivacyNotice purpose={purpose} />
        <TextField name="name" label="Name" autoComplete="name" required />
        <div className="form-row">
          <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
          <TextField name="phone" type="tel" label="Phone Number" autoComplete="tel" />
        </div>
        {children}
        <HoneypotField />
        <FormActions>
          <SubmitButton busyLabel={submit.busyLabel}>{submit.label}</SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
