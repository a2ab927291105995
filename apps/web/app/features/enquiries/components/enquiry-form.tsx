import { type ReactNode, useId, useState } from 'react'
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
import { type PostedEnquiry, postedFormOptions } from '../posted.ts'
import { HoneypotField } from './honeypot-field.tsx'
import { PostedMessage } from './posted-message.tsx'

export interface EnquiryFormProps<S extends FormSchema> {
  title: string
  schema: SchemaSource<S>
  /** The form's first values (a posted answer's values go over them). */
  defaults: z.input<S>
  /** Its values once sent (default: `defaults`). */
  emptied?: z.input<S>
  send: (values: z.output<S>) => Promise<unknown>
  /** The answer when the form was posted to the page without JavaScript (`form-post.server.ts`). */
  posted: PostedEnquiry | undefined
  /** SPEC.md's notifications of this form. */
  messages: { sent: string; failed: string }
  /** What the personal details are used for (the privacy notice). */
  purpose: string
  submit: { label: string; busyLabel: string }
  /** The form's own fields, after name, email and phone. */
  children: ReactNode
}

/**
 * An enquiry form (contact, quote): who is asking (name, email, phone), the form's own fields, the
 * honeypot and one submit. Success: the spec's notification and an empty form; failure: the spec's
 * message, the server's field messages on a 400, and everything typed kept.
 */
export function EnquiryForm<S extends FormSchema>({
  title,
  schema,
  defaults,
  emptied = defaults,
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
  const [postedAnswer, setPostedAnswer] = useState(posted)
  const form = useZodForm(schema, options as ZodFormOptions<S>)

  const onSubmit = async (values: z.output<S>) => {
    setPostedAnswer(undefined)
    try {
      await send(values)
      notify.success(messages.sent)
      form.reset(emptied)
    } catch (error) {
      applyServerErrors(form, error)
      notify.error(messages.failed)
    }
  }

  return (
    <section className="enquiry-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="enquiry-form__title">
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
