import type { EnquirySubmitted } from '@signalway/shared/enquiry-inbox'
import type { FieldErrors, FieldValues } from 'react-hook-form'

/**
 * What an enquiry form posted to its page came to (`form-post.server.ts`), for the form to render:
 * sent, or refused with the field messages (invalid) or without (failed), with what was typed.
 */
/** What was typed, by field: text, a list, or a group of texts (the quote's quantities). */
export type PostedValues = Record<string, string | string[] | Record<string, string>>

/** A sent enquiry as its confirmation shows it: the API's answer, and the message as typed (the sender's own). */
export interface SentEnquiry {
  submitted: EnquirySubmitted
  message: string
}

export type PostedEnquiry =
  | ({ status: 'sent' } & SentEnquiry)
  | {
      status: 'invalid' | 'failed'
      values: PostedValues
      /** By field path ('quantities.VMS Boards' for a group's field). */
      errors: Record<string, string>
    }

/** The form's options for a posted answer: the values typed, and the server's field messages. */
export function postedFormOptions<T extends FieldValues>(
  posted: PostedEnquiry | undefined,
  defaults: T,
): { defaultValues: T; errors?: FieldErrors<T> } {
  if (!posted || posted.status === 'sent') return { defaultValues: defaults }
  // react-hook-form reads errors by path: 'quantities.VMS Boards' is quantities -> 'VMS Boards'.
  const errors: Record<string, unknown> = {}
  for (const [name, message] of Object.entries(posted.errors)) {
    const [group, key] = name.split(/\.(.*)/su)
    const error = { type: 'server', message }
    if (group && key) errors[group] = { ...(errors[group] as object | undefined), [key]: error }
    else errors[name] = error
  }
  return { defaultValues: { ...defaults, ...posted.values }, errors: errors as FieldErrors<T> }
}
