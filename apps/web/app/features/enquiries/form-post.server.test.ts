import { HONEYPOT_FIELD } from '@signalway/shared'
import { describe, expect, it, vi } from 'vitest'
import type { InternalApi } from '../../lib/internal-api.server.ts'
import { CONTACT_PATH } from './api/send-contact.ts'
import { QUOTE_PATH } from './api/send-quote.ts'
import { CONTACT_DEFAULTS } from './components/contact-form.tsx'
import { quoteDefaults } from './components/quote-form.tsx'
import { postEnquiry, readPostedValues } from './form-post.server.ts'

function posted(fields: [string, string][]): Request {
  return new Request('https://hire.example/contact-us/', {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
}

function answering(status: number, body: unknown = null) {
  const post = vi.fn<NonNullable<InternalApi['post']>>().mockResolvedValue({ status, body })
  return { api: { get: vi.fn(), post } satisfies InternalApi, post }
}

const contact: [string, string][] = [
  ['name', 'Ada Lovelace'],
  ['email', 'ada@example.com'],
  ['phone', ''],
  ['message', 'Two arrow boards, please.'],
  [HONEYPOT_FIELD, ''],
]

describe('an enquiry form posted without JavaScript', () => {
  it('reads the fields the form has: lists as lists, the rest as text, missing ones empty', () => {
    const form = new FormData()
    form.append('name', 'Grace')
    form.append('services', 'Arrow Boards')
    form.append('services', 'VMS Boards')
    form.append('unknown', 'dropped')
    // The hire details, the quantities as a group named as react-hook-form names them.
    form.append('hireLength', '3')
    form.append('quantities.VMS Boards', '2')
    const values = readPostedValues(form, quoteDefaults())
    expect(values).toMatchObject({
      name: 'Grace',
      email: '',
      phone: '',
      services: ['Arrow Boards', 'VMS Boards'],
      source: [],
      message: '',
      [HONEYPOT_FIELD]: '',
      company: '',
      hireLength: '3',
      hireLengthUnit: '',
    })
    expect(values.quantities).toMatchObject({ 'VMS Boards': '2', 'Arrow Boards': '' })
    expect(values).not.toHaveProperty('unknown')
  })

  it("puts a 400's message on a group's field back where the form shows it", async () => {
    const { api } = answering(400, {
      Message: 'The request is invalid.',
      ModelState: { 'quantities.VMS Boards': ['Quantity must be a whole number from 1 to 99.'] },
    })
    const form = new FormData()
    form.append('quantities.VMS Boards', '100')
    const result = await postEnquiry(
      new Request('http://x/get-a-quote/', { method: 'POST', body: form }),
      api,
      {
        path: '/get-a-quote',
        defaults: quoteDefaults(),
      },
    )
    expect(result).toMatchObject({
      data: {
        status: 'invalid',
        errors: { 'quantities.VMS Boards': 'Quantity must be a whole number from 1 to 99.' },
      },
    })
  })

  it('sends them to the API as the app does, and answers sent with what the confirmation shows', async () => {
    const submitted = {
      id: 'e1',
      reference: 'M-2026-00045',
      receivedAt: '2026-03-02T00:30:00.000Z',
      replyBy: '2026-03-03',
      asked: [],
    }
    const { api, post } = answering(201, submitted)
    const result = await postEnquiry(posted(contact), api, { path: CONTACT_PATH, defaults: CONTACT_DEFAULTS })
    expect(post).toHaveBeenCalledWith(CONTACT_PATH, Object.fromEntries(contact))
    expect(result).toMatchObject({
      data: { status: 'sent', submitted, message: Object.fromEntries(contact).message },
    })
  })

  it("gives a 400's field messages back with what was typed (not the honeypot)", async () => {
    const { api } = answering(400, {
      Message: 'The request is invalid.',
      ModelState: { email: ['Invalid email address'], services: ['Please select at least 1 service.'] },
    })
    const form: [string, string][] = [
      ['name', 'Grace'],
      ['email', 'grace@'],
      ['source', 'Facebook'],
      [HONEYPOT_FIELD, ''],
    ]
    const result = await postEnquiry(posted(form), api, { path: QUOTE_PATH, defaults: quoteDefaults() })
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        status: 'invalid',
        values: {
          name: 'Grace',
          email: 'grace@',
          phone: '',
          services: [],
          source: ['Facebook'],
          message: '',
        },
        errors: { email: 'Invalid email address', services: 'Please select at least 1 service.' },
      },
    })
    expect(Object.keys((result.data as { values: object }).values)).not.toContain(HONEYPOT_FIELD)
  })

  it.each([
    [429, 429],
    [500, 503],
  ])('answers failed, with what was typed, when the API says %i', async (status, answered) => {
    const { api } = answering(status, { Message: 'Too many requests.' })
    const result = await postEnquiry(posted(contact), api, { path: CONTACT_PATH, defaults: CONTACT_DEFAULTS })
    expect(result).toMatchObject({
      init: { status: answered },
      data: { status: 'failed', values: { name: 'Ada Lovelace' }, errors: {} },
    })
  })

  it('answers 415 to a body no form sends, without calling the API', async () => {
    const { api, post } = answering(201)
    const json = new Request('https://hire.example/contact-us/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    })
    const result = await postEnquiry(json, api, { path: CONTACT_PATH, defaults: CONTACT_DEFAULTS })
    expect(result).toMatchObject({ init: { status: 415 }, data: { status: 'failed', values: {} } })
    expect(post).not.toHaveBeenCalled()
  })

  it('answers failed when the API cannot be reached, or was not given', async () => {
    const api: InternalApi = { get: vi.fn(), post: () => Promise.reject(new Error('down')) }
    for (const given of [api, null]) {
      const result = await postEnquiry(posted(contact), given, {
        path: CONTACT_PATH,
        defaults: CONTACT_DEFAULTS,
      })
      expect(result).toMatchObject({ init: { status: 503 }, data: { status: 'failed' } })
    }
  })
})
