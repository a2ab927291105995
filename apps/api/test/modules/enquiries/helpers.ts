import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { EnquiryRow, NewEnquiryRow } from '../../../src/db/schema.ts'
import { insertEnquiry } from '../../../src/modules/enquiries/repository.ts'

export const contact = {
  name: 'Jane Citizen',
  email: 'jane@example.com',
  phone: '03 5550 1234',
  message: 'Please call me about an arrow board for next week.',
}

export const quote = {
  ...contact,
  services: ['Arrow Boards', 'VMS Boards'],
  source: ['Google Search'],
  message: 'Two boards for a night shift on the Monash, from Friday.',
}

let lastIp = 0
/** A fresh client address per call, so that the per-IP rate limit stays out of the way. */
export function nextIp(): string {
  lastIp += 1
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`
}

export function post(
  app: FastifyInstance,
  url: '/api/contact' | '/api/get-a-quote',
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? nextIp(),
    ...(options.headers ? { headers: options.headers } : {}),
  })
}

/** A clock the test moves by hand. */
export function manualClock(start = '2026-03-02T09:00:00.000Z') {
  let now = new Date(start)
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now = new Date(now.getTime() + ms)
    },
  }
}

let lastReference = 0

/** Inserts an enquiry row directly (a chosen time, status, text), as the admin tests need. */
export async function createEnquiry(
  app: FastifyInstance,
  overrides: Partial<Omit<NewEnquiryRow, 'services' | 'sources'>> & {
    services?: string[]
    sources?: string[]
  } = {},
): Promise<EnquiryRow> {
  const { services = [], sources = [], ...rest } = overrides
  const createdAt = rest.created_at ?? new Date().toISOString()
  const row = {
    id: randomUUID(),
    kind: 'contact' as const,
    name: 'Sam Taylor',
    email: 'sam@example.com',
    phone: null,
    message: 'Hello there.',
    status: 'new' as const,
    ip: '203.0.113.9',
    user_agent: 'test',
    created_at: createdAt,
    updated_at: createdAt,
    assignee_id: null,
    hire_details: null,
    user_id: null,
    // A year no submission in the tests gets, so the counters' numbers never meet these.
    reference: `${rest.kind === 'quote' ? 'Q' : 'M'}-2000-${String(++lastReference).padStart(5, '0')}`,
    ...rest,
    services: JSON.stringify(services),
    sources: JSON.stringify(sources),
  }
  await insertEnquiry(app.db, row)
  return row
}
