import { FAULT_MESSAGES } from '@signalway/shared/faults'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'
import { nextIp } from '../modules/enquiries/helpers.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from '../modules/fleet/helpers.ts'

/*
 * A public fault report's photo is decoded within a pixel bound: a small file that would decode to billions of
 * bytes (a decompression bomb) is refused on its field, and no fault is stored.
 */

describe.each(DIALECTS)('a fault photo that decodes to too many pixels (%s)', (dialect) => {
  it('is refused with 400 on photo, without storing the fault', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0142',
      typeId: type.id,
      depotId: await depotIdOf(app, 'LAV'),
    })
    // 10,000 × 10,000 of one colour: 100 million pixels in a file of a few hundred kilobytes.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: false })
    expect(bomb.byteLength).toBeLessThan(1024 * 1024)
    const response = await app.inject({
      method: 'POST',
      url: '/api/equipment/vms-0142/faults',
      remoteAddress: nextIp(),
      payload: {
        symptoms: ['display-blank'],
        text: 'Board is dark.',
        name: 'Sam Roadside',
        phone: '0412 345 678',
        photo: `data:image/png;base64,${bomb.toString('base64')}`,
      },
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().ModelState?.photo).toEqual([FAULT_MESSAGES.photoInvalid])
    expect(await app.db.selectFrom('fault_reports').select('id').execute()).toEqual([])
  }, 30_000)
})
