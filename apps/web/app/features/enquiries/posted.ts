import type { FieldErrors, FieldValues } from 'react-hook-form'

/**
 * What an enquiry form posted to its page came to (`form-post.server.ts`), for the form to render:
 * sent, or refused with the field messages (invalid) or without (failed), with what was typed.
 */
export type PostedEnquiry =
  | { status: 'sent' }
  | {
      status: 'invalid' | 'failed'
      values: Record<string, string | string[]>
      errors: Record<string, string>
    }

/** The form's options for a posted answer: the values typed, and the server's field messages. */
export function postedFormOptions<T extends FieldValues>(
  posted: PostedEnquiry | undefined,
  defaults: T,
): { defaultValues: T; errors?: FieldErrors<T> } {
  if (!posted || posted.status === 'sent') return { defaultValues: defaults }
  const errors = Object.fromEntries(
    Object.entries(posted.errors).map(([name, message]) => [name, { type: 'server', message }]),
  ) as FieldErrors<T>
  return { defaultValues: { ...defaults, ...posted.values }, errors }
}
