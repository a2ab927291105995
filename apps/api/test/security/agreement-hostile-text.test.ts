import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../helpers/build.ts'
import { bookingWorld, requestBody } from '../modules/bookings/request-helpers.ts'

/*
 * The hire agreement is printed from text the customer typed: emoji, right-to-left overrides, other scripts and
 * long unbroken words must not stop it being made (a booking would then stand without its agreement).
 */

const hostile = (length: number) => `🚧‮evil‬ 交通 שלום ${'W'.repeat(length)}`.slice(0, length)

describe.each(DIALECTS)('a hire agreement from hostile text (%s)', (dialect) => {
  it('is made and sealed whatever the customer typed', async () => {
    const world = await bookingWorld(dialect)
    const response = await world.app.inject({
      method: 'POST',
      url: world.base,
      headers: {
        ...world.orderer.headers,
        'user-agent': `Mozilla/5.0 ${'🚧'.repeat(300)} ${'x'.repeat(2000)}`,
      },
      payload: requestBody(world, {
        siteContactName: hostile(100),
        siteContactPhone: hostile(30),
        poNumber: hostile(60),
        jobReference: hostile(60),
        terms: { ...requestBody(world).terms, name: hostile(100) },
      }),
    })
    expect(response.statusCode, response.body).toBe(201)
    const { id } = response.json()
    const pdf = await world.app.inject({
      method: 'GET',
      url: `${world.base}/${id}/agreement.pdf`,
      headers: world.orderer.headers,
    })
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
