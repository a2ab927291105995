import { HONEYPOT_FIELD } from '@signalway/shared'
import { submittedSchema } from '@signalway/shared/enquiry-inbox'
import { data } from 'react-router'
import { modelStateKeyToPath } from '../../components/form/server-errors.ts'
import { readModelState } from '../../lib/api-client.ts'
import type { InternalApi } from '../../lib/internal-api.server.ts'
import type { PostedEnquiry, PostedValues } from './posted.ts'

/** The form's default values: which fields it has, and which are lists. */
type Defaults = Readonly<Record<string, unknown>>

/**
 * The form's fields, read as the defaults name them: a list for a list, a group of texts for a group (its
 * inputs named `group.key`, as react-hook-form names them: the quote's quantities), text otherwise.
 */
export function readPostedValues(form: FormData, defaults: Defaults): PostedValues {
  const values: PostedValues = {}
  for (const [name, fallback] of Object.entries(defaults)) {
    if (Array.isArray(fallback)) values[name] = form.getAll(name).map(String)
    else if (fallback !== null && typeof fallback === 'object') {
      values[name] = Object.fromEntries(
        Object.keys(fallback).map((key) => [key, String(form.get(`${name}.${key}`) ?? '')]),
      )
    } else values[name] = String(form.get(name) ?? '')
  }
  return values
}

/**
 * An enquiry form posted to its page (the contact and quote routes' action): a browser without
 * JavaScript, or whose app did not load. The values go to the API as the app would send them; the
 * answer is rendered by the form (`posted.ts`): the requirements' success message and the lasting confirmation, or
 * the API's field messages with everything typed kept, or the requirements' failure message.
 */
export async function postEnquiry(
  request: Request,
  api: InternalApi | null,
  { path, defaults }: { path: string; defaults: Defaults },
) {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    // Not a form's body (e.g. JSON): what the page's form never sends.
    return data<PostedEnquiry>({ status: 'failed', values: {}, errors: {} }, { status: 415 })
  }
  const values = readPostedValues(form, defaults)
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => name !== HONEYPOT_FIELD))
  const failed = (status: number, errors: Record<string, string> = {}) =>
    data<PostedEnquiry>({ status: status === 400 ? 'invalid' : 'failed', values: kept, errors }, { status })

  // No API, or one that acts for nobody (a page kept for everyone runs no action): the form cannot be sent.
  if (!api?.post) return failed(503)
  let answer: { status: number; body: unknown }
  try {
    answer = await api.post(path, values)
  } catch {
    return failed(503)
  }
  if (answer.status === 201) {
    const submitted = submittedSchema.safeParse(answer.body)
    if (!submitted.success) return failed(503)
    const message = typeof values.message === 'string' ? values.message.trim() : ''
    return data<PostedEnquiry>({ status: 'sent', submitted: submitted.data, message })
  }
  if (answer.status !== 400) return failed(answer.status >= 400 && answer.status < 500 ? answer.status : 503)

  const errors: Record<string, string> = {}
  for (const [key, messages] of Object.entries(readModelState(answer.body) ?? {})) {
    const name = modelStateKeyToPath(key)
    const message = messages.find(Boolean)
    // A group's field ('quantities.VMS Boards') belongs to the form when its group does.
    if ((name.split('.')[0] ?? '') in defaults && message && !(name in errors)) errors[name] = message
  }
  return failed(400, errors)
}
