import { HONEYPOT_FIELD } from '@signalway/shared'
import { FAULT_MESSAGES, FAULT_PHOTO_MAX_BYTES, faultReportedSchema } from '@signalway/shared/faults'
import { data } from 'react-router'
import { modelStateKeyToPath } from '../../components/form/server-errors.ts'
import { readModelState } from '../../lib/api-client.ts'
import type { InternalApi } from '../../lib/internal-api.server.ts'
import type { PostedFault } from './posted.ts'

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

function locationOf(form: FormData) {
  const [lat, lng, accuracy] = ['lat', 'lng', 'accuracy'].map((name) => Number.parseFloat(text(form, name)))
  if (lat === undefined || lng === undefined || accuracy === undefined) return null
  return [lat, lng, accuracy].every(Number.isFinite) ? { lat, lng, accuracy } : null
}

async function photoOf(form: FormData): Promise<string | null | 'too-large'> {
  const file = form.get('photo')
  if (!file || typeof file === 'string' || file.size === 0) return null
  if (file.size > FAULT_PHOTO_MAX_BYTES) return 'too-large'
  const bytes = Buffer.from(await file.arrayBuffer())
  return `data:${file.type || 'application/octet-stream'};base64,${bytes.toString('base64')}`
}

/**
 * The fault form posted to the unit's page (multipart, with or without JavaScript): its fields go to the API as
 * JSON, the photo as a data: URL. The answer is the reference, or the API's messages with what was typed kept.
 */
export async function postFaultReport(request: Request, api: InternalApi | null, fleetNumber: string) {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return data<PostedFault>({ status: 'failed', values: {}, errors: {} }, { status: 415 })
  }
  const values = {
    symptoms: form.getAll('symptoms').map(String),
    text: text(form, 'text'),
    name: text(form, 'name'),
    phone: text(form, 'phone'),
  }
  const failed = (status: number, errors: Record<string, string> = {}) =>
    data<PostedFault>({ status: status === 400 ? 'invalid' : 'failed', values, errors }, { status })
  const photo = await photoOf(form)
  if (photo === 'too-large') return failed(400, { photo: FAULT_MESSAGES.photoTooLarge })
  if (!api?.post) return failed(503)
  let answer: { status: number; body: unknown }
  try {
    answer = await api.post(`/equipment/${encodeURIComponent(fleetNumber)}/faults`, {
      ...values,
      text: values.text || null,
      location: locationOf(form),
      photo,
      [HONEYPOT_FIELD]: text(form, HONEYPOT_FIELD),
    })
  } catch {
    return failed(503)
  }
  if (answer.status === 201) {
    const reported = faultReportedSchema.safeParse(answer.body)
    return reported.success ? data<PostedFault>({ status: 'sent', reported: reported.data }) : failed(503)
  }
  if (answer.status !== 400) return failed(answer.status === 429 ? 429 : 503)
  const errors: Record<string, string> = {}
  for (const [key, messages] of Object.entries(readModelState(answer.body) ?? {})) {
    const name = modelStateKeyToPath(key).split('.')[0] ?? ''
    const message = messages.find(Boolean)
    if (message && !(name in errors)) errors[name] = message
  }
  return failed(400, errors)
}
