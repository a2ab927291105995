import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { describe, expect, it } from 'vitest'
import { docketFormSchema, docketOf, EMPTY_DOCKET, refusalErrors, valuesOf } from './docket-form-schema.ts'
import { appFiles } from './offline.ts'
import { dataUrlBytes, fitWithin } from './photos.ts'
import { DELIVERY } from './test-fixtures.ts'
import { dayWords, queueWords, timeAt } from './words.ts'

describe('a docket’s photos made smaller on the phone', () => {
  it.each([
    [4032, 3024, { width: 1600, height: 1200 }],
    [3024, 4032, { width: 1200, height: 1600 }],
    [1600, 900, { width: 1600, height: 900 }],
    [800, 600, { width: 800, height: 600 }],
    [10_000, 10, { width: 1600, height: 2 }],
  ])('%i × %i fits in 1600 px as %o', (width, height, size) => {
    expect(fitWithin(width, height)).toEqual(size)
  })

  it('counts a data: URL’s bytes', () => {
    expect(dataUrlBytes(`data:image/jpeg;base64,${Buffer.from('hello!').toString('base64')}`)).toBe(6)
    expect(dataUrlBytes(`data:image/jpeg;base64,${Buffer.from('hello').toString('base64')}`)).toBe(5)
  })
})

describe('the docket form’s values', () => {
  const schema = docketFormSchema(DELIVERY.units)
  const valid = {
    ...EMPTY_DOCKET,
    units: ['VMS-012'],
    receivedBy: ' Sam Site ',
    signature: 'data:image/png;base64,AAAA',
  }

  it('asks for a unit, the name and the signature, all at once', () => {
    const result = schema.safeParse(EMPTY_DOCKET)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['units', FIELD_MESSAGES.unitsRequired],
        ['receivedBy', FIELD_MESSAGES.receivedByRequired],
        ['signature', FIELD_MESSAGES.signatureRequired],
      ]),
    )
  })

  it('takes a typed fleet number of the stop, in any case, instead of a ticked one', () => {
    const result = schema.safeParse({ ...valid, units: [], typedFleetNumber: ' vms-013 ' })
    expect(result.success).toBe(true)
    expect(result.data?.typedFleetNumber).toBe('VMS-013')
  })

  it('refuses an email that is not one, and takes none', () => {
    expect(schema.safeParse({ ...valid, receivedByEmail: 'sam@' }).error?.issues[0]?.message).toBe(
      FIELD_MESSAGES.emailInvalid,
    )
    expect(schema.safeParse({ ...valid, receivedByEmail: ' ' }).success).toBe(true)
  })

  it('makes the docket: the units once each, the time it was saved', () => {
    const values = schema.parse({ ...valid, units: ['VMS-012', 'VMS-013'], typedFleetNumber: 'vms-013' })
    expect(docketOf(31, values, new Date('2026-03-01T20:05:00.000Z'))).toEqual({
      stopId: 31,
      fleetNumbers: ['VMS-012', 'VMS-013'],
      receivedBy: 'Sam Site',
      receivedByEmail: '',
      signature: 'data:image/png;base64,AAAA',
      photos: [],
      notes: '',
      at: '2026-03-01T20:05:00.000Z',
    })
  })

  it('puts a refused docket back: listed units ticked, another typed', () => {
    const values = valuesOf(
      { ...docketOf(31, schema.parse(valid), new Date()), clientId: 'x', fleetNumbers: ['VMS-012', 'XX-1'] },
      DELIVERY.units,
    )
    expect(values.units).toEqual(['VMS-012'])
    expect(values.typedFleetNumber).toBe('XX-1')
  })

  it('puts the server’s field messages on the form’s fields, the rest over it', () => {
    expect(
      refusalErrors({
        status: 400,
        message: 'x',
        fields: { 'fleetNumbers.0': ['A'], receivedBy: ['B'], at: ['C'], 'photos[1]': ['D'] },
      }),
    ).toEqual({ fields: { units: 'A', receivedBy: 'B', photos: 'D' }, other: ['C'] })
  })
})

describe('what the drivers’ app says', () => {
  it('tells the time at the depot, whatever the phone’s zone', () => {
    expect(timeAt('2026-03-01T20:00:00.000Z', 'Australia/Melbourne')).toBe('07:00')
    expect(timeAt('2026-03-01T20:00:00.000Z', 'Australia/Brisbane')).toBe('06:00')
    expect(dayWords('2026-03-02')).toBe('Monday 2 March')
  })

  it('counts what waits', () => {
    expect(queueWords(0, 0)).toBe('Every docket is sent.')
    expect(queueWords(2, 0)).toBe('2 dockets waiting to be sent.')
    expect(queueWords(1, 1)).toBe('1 docket waiting to be sent, 1 docket to fix.')
  })
})

describe('the files kept for a run without coverage', () => {
  it('are the modules React Router knows and the app files the page loaded', () => {
    const win = {
      location: { origin: 'https://signalway.example' },
      __reactRouterManifest: {
        entry: { module: '/assets/entry.client-1.js', imports: ['/assets/chunk-2.js'] },
        routes: {
          root: { module: '/assets/root-3.js', imports: ['/assets/chunk-2.js'], css: [] },
          'routes/runs/stop': { module: '/assets/stop-4.js' },
        },
      },
      performance: {
        getEntriesByType: () => [
          { name: 'https://signalway.example/assets/zod-5.js' },
          { name: 'https://signalway.example/api/runs' },
          { name: 'https://cdn.example/assets/x.js' },
        ],
      },
    }
    expect(appFiles(win as never)).toEqual([
      '/assets/entry.client-1.js',
      '/assets/chunk-2.js',
      '/assets/root-3.js',
      '/assets/stop-4.js',
      '/assets/zod-5.js',
    ])
  })
})
