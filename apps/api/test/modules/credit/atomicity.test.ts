import { parseCreditPayload } from '@signalway/shared/credit'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type CreditServiceDeps, createCreditService } from '../../../src/modules/credit/service.ts'
import { enqueueMail } from '../../../src/modules/outbox/service.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply, storedCounts } from './helpers.ts'

function serviceWith(app: FastifyInstance, faults: Partial<CreditServiceDeps>) {
  return createCreditService({
    db: app.db,
    accountsEmail: app.config.accountsEmail,
    siteUrl: app.config.siteUrl,
    ...faults,
  })
}

async function submission(type: 0 | 4 = 0) {
  const wire = await creditApplicationFixture(type)
  return { wire, data: parseCreditPayload(wire), ip: '203.0.113.7', userAgent: 'Test' }
}

describe.each(DIALECTS)('a credit submission is all or nothing on %s', (dialect) => {
  it('stores nothing when the PDF cannot be generated', async () => {
    const { app } = await buildTestApp({ dialect })
    const credit = serviceWith(app, {
      generatePdf: async () => {
        throw new Error('PDF engine crashed')
      },
    })
    await expect(credit.submit(await submission(4))).rejects.toThrow('PDF engine crashed')
    expect(await storedCounts(app)).toEqual({ applications: 0, files: 0, outbox: 0 })
  })

  it('rolls back the files, the PDF, the application and the first email when queueing the second fails', async () => {
    const { app } = await buildTestApp({ dialect })
    let calls = 0
    const credit = serviceWith(app, {
      enqueueMail: async (db, mail, now) => {
        calls++
        if (calls === 2) throw new Error('outbox unavailable')
        return enqueueMail(db, mail, now)
      },
    })
    await expect(credit.submit(await submission(4))).rejects.toThrow('outbox unavailable')
    expect(calls).toBe(2)
    expect(await storedCounts(app)).toEqual({ applications: 0, files: 0, outbox: 0 })

    // Nothing is left locked: the next submission goes through.
    const response = await apply(app, await creditApplicationFixture(0))
    expect(response.statusCode, response.body).toBe(200)
    // The business's copy, the receipt, and the two guarantors' copies of a Pty Ltd.
    expect(await storedCounts(app)).toEqual({ applications: 1, files: 5, outbox: 4 })
  })

  it('stores each of several concurrent submissions once, with its own reference', async () => {
    const { app } = await buildTestApp({ dialect })
    const payloads = await Promise.all([0, 2, 4].map((type) => creditApplicationFixture(type as 0 | 2 | 4)))
    const responses = await Promise.all(payloads.map((payload) => apply(app, payload)))
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200])
    const references = new Set(responses.map((response) => response.headers['x-application-reference']))
    expect(references.size).toBe(3)
    // Two emails each, and the Pty Ltd's two guarantors' copies.
    expect(await storedCounts(app)).toMatchObject({ applications: 3, outbox: 8 })
  })
})
