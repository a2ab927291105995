import { describe, expect, it, vi } from 'vitest'
import { storeAgreement } from '../../../src/modules/bookings/agreement.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { book, bookingWorld } from './request-helpers.ts'

/* The hire agreement is made after the booking commits: when it cannot be made, the booking stands without one. */

describe.each(DIALECTS)('the hire agreement (%s)', (dialect) => {
  it('leaves the booking without an agreement, and logs why, when the PDF cannot be sealed', async () => {
    const world = await bookingWorld(dialect)
    const booking = (await book(world, world.orderer.headers)).json()
    await world.app.db
      .updateTable('bookings')
      .set({ agreement_file_id: null })
      .where('id', '=', booking.id)
      .execute()
    const log = { error: vi.fn() }
    const seal = {
      identity: () => Promise.reject(new Error('no key')),
      signerName: () => Promise.resolve('Test seal'),
    }
    await storeAgreement(
      { db: world.app.db, clock: () => new Date(), siteUrl: 'http://localhost', seal, log: log as never },
      world.accountId,
      booking.id,
    )
    expect(log.error).toHaveBeenCalledOnce()
    const detail = await world.app.inject({
      method: 'GET',
      url: `${world.base}/${booking.id}`,
      headers: world.orderer.headers,
    })
    expect(detail.json()).toMatchObject({ reference: booking.reference, hasAgreement: false })
    const pdf = await world.app.inject({
      method: 'GET',
      url: `${world.base}/${booking.id}/agreement.pdf`,
      headers: world.orderer.headers,
    })
    expect(pdf.statusCode).toBe(404)
  })
})
