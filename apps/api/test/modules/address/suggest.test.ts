import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addressSuggestResponseSchema } from '@signalway/shared/address-suggest'
import { properCaseSuburb } from '@signalway/shared/suburb'
import { describe, expect, it, vi } from 'vitest'
import {
  buildLocalityIndex,
  type LocalityIndex,
  loadLocalityIndex,
  type RawLocalityRow,
  readLocalityIndex,
} from '../../../src/modules/address/localities.ts'
import { ADDRESS_SUGGEST_RATE_LIMIT } from '../../../src/modules/address/routes.ts'
import { createAddressService, searchLocalities } from '../../../src/modules/address/service.ts'
import { buildTestApp } from '../../helpers/build.ts'

const ROWS: RawLocalityRow[] = [
  { locality: 'LAVERTON', state: 'VIC', postcode: '3028', type: 'Delivery Area' },
  { locality: 'LAVERTON', state: 'VIC', postcode: '3028', type: 'Delivery Area' },
  { locality: 'LAVERTON NORTH', state: 'VIC', postcode: '3026', type: 'Delivery Area' },
  { locality: 'LAVERTON', state: 'WA', postcode: '6440', type: 'Delivery Area' },
  { locality: 'ST KILDA', state: 'VIC', postcode: '3182', type: 'Delivery Area' },
  { locality: 'ST KILDA EAST', state: 'VIC', postcode: '3183', type: 'Delivery Area' },
  { locality: 'MELBOURNE', state: 'VIC', postcode: '3000', type: 'Delivery Area' },
  { locality: 'MELBOURNE', state: 'VIC', postcode: '3001', type: 'Post Office Boxes' },
  { locality: 'MELBOURNE', state: 'VIC', postcode: '8045', type: 'LVR' },
  { locality: 'Australian National University', state: 'ACT', postcode: '0200', type: '' },
  { locality: 'NOWHERE', state: 'XX', postcode: '1234', type: '' },
  { locality: 'BADCODE', state: 'NSW', postcode: '12', type: '' },
]

const labels = (index: LocalityIndex, query: string) =>
  searchLocalities(index, query, 8).map((l) => `${l.suburb} ${l.state} ${l.postcode}`)

describe('the locality index', () => {
  const index = buildLocalityIndex(ROWS)

  it('keeps suburb, state and post code, deduplicated, without PO boxes, LVRs or bad rows', () => {
    expect(index.bySuburb.map((l) => `${l.suburb}|${l.state}|${l.postcode}`)).toEqual([
      'AUSTRALIAN NATIONAL UNIVERSITY|ACT|0200',
      'LAVERTON|VIC|3028',
      'LAVERTON|WA|6440',
      'LAVERTON NORTH|VIC|3026',
      'MELBOURNE|VIC|3000',
      'ST KILDA|VIC|3182',
      'ST KILDA EAST|VIC|3183',
    ])
  })

  it('matches a suburb prefix, exact names first, case and punctuation ignored', () => {
    expect(labels(index, 'LAV')).toEqual(['LAVERTON VIC 3028', 'LAVERTON WA 6440', 'LAVERTON NORTH VIC 3026'])
    expect(labels(index, 'ST KILDA')).toEqual(['ST KILDA VIC 3182', 'ST KILDA EAST VIC 3183'])
  })

  it('matches a later word of a name', () => {
    expect(labels(index, 'KILDA')).toEqual(['ST KILDA VIC 3182', 'ST KILDA EAST VIC 3183'])
    expect(labels(index, 'NORTH')).toEqual(['LAVERTON NORTH VIC 3026'])
  })

  it('matches a post code prefix', () => {
    expect(labels(index, '302')).toEqual(['LAVERTON NORTH VIC 3026', 'LAVERTON VIC 3028'])
    expect(labels(index, '6440')).toEqual(['LAVERTON WA 6440'])
  })

  it("understands 'suburb STATE postcode'", () => {
    expect(labels(index, 'LAVERTON VIC 3028')).toEqual(['LAVERTON VIC 3028'])
    expect(labels(index, 'LAVERTON WA')).toEqual(['LAVERTON WA 6440'])
    expect(labels(index, 'LAVERTON 6')).toEqual(['LAVERTON WA 6440'])
  })

  it('stops at the limit', () => {
    expect(searchLocalities(index, 'L', 2)).toHaveLength(2)
  })
})

describe('the address service', () => {
  const load = () => Promise.resolve(buildLocalityIndex(ROWS))

  it('answers nothing for fewer than 2 letters or digits, without reading the data', async () => {
    const spy = vi.fn(load)
    const service = createAddressService({ load: spy })
    expect(await service.suggest('')).toEqual([])
    expect(await service.suggest(' l. ')).toEqual([])
    expect(spy).not.toHaveBeenCalled()
  })

  it('answers suggestions with an id and a label, whatever the case and spacing', async () => {
    const service = createAddressService({ load })
    expect(await service.suggest('  st.   kilda ')).toEqual([
      {
        id: 'ST KILDA|VIC|3182',
        label: 'St Kilda VIC 3182',
        suburb: 'St Kilda',
        state: 'VIC',
        postcode: '3182',
      },
      {
        id: 'ST KILDA EAST|VIC|3183',
        label: 'St Kilda East VIC 3183',
        suburb: 'St Kilda East',
        state: 'VIC',
        postcode: '3183',
      },
    ])
  })

  it('answers 503 when the data cannot be read', async () => {
    const error = vi.fn()
    const service = createAddressService({ load: () => Promise.reject(new Error('gone')), log: { error } })
    await expect(service.suggest('lav')).rejects.toMatchObject({ statusCode: 503 })
    expect(error).toHaveBeenCalledOnce()
  })

  it('reads a data file of the package format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'localities-'))
    const file = join(dir, 'aus_postcodes.json')
    writeFileSync(file, JSON.stringify(ROWS.map((row, id) => ({ id, ...row, lat: 0, long: 0 }))))
    expect((await readLocalityIndex(file)).bySuburb).toHaveLength(7)
  })
})

describe('names as people write them, the business states first', () => {
  it('writes each locality in proper case', () => {
    expect(properCaseSuburb('LAVERTON NORTH')).toBe('Laverton North')
    expect(properCaseSuburb("O'CONNOR")).toBe("O'Connor")
    expect(properCaseSuburb('MCKINNON')).toBe('McKinnon')
    expect(properCaseSuburb('WEE-WAA')).toBe('Wee-Waa')
  })

  it("keeps a mail centre's MC in capitals in the suggestions", async () => {
    const suggestions = await createAddressService().suggest('geelong mc')
    expect(suggestions.map((s) => s.label)).toContain('Geelong MC VIC 3221')
  })

  it('finds the locality of a suburb as typed, with its post code when one is given', async () => {
    const service = createAddressService()
    expect(await service.locate('laverton', '3028')).toEqual({
      suburb: 'Laverton',
      state: 'VIC',
      postcode: '3028',
    })
    expect(await service.locate('  GEELONG ', '')).toEqual({ suburb: 'Geelong', state: 'VIC', postcode: '' })
    expect(await service.locate('Laverton', '4000')).toBeNull()
    expect(await service.locate('Not A Real Place', '3028')).toBeNull()
    expect(await service.locate('', '3028')).toBeNull()
  })

  it('lists Victoria and Queensland first among equal names', async () => {
    const service = createAddressService()
    const states = (await service.suggest('springfield'))
      .filter((s) => s.suburb === 'Springfield')
      .map((s) => s.state)
    expect(states.length).toBeGreaterThan(2)
    const firstOther = states.findIndex((state) => state !== 'VIC' && state !== 'QLD')
    expect(states.slice(firstOther).every((state) => state !== 'VIC' && state !== 'QLD')).toBe(true)
    expect(states[0]).toBe('VIC')
  })
})

describe('the installed data set', () => {
  it('is read once and holds the whole of Australia', async () => {
    const [first, second] = await Promise.all([loadLocalityIndex(), loadLocalityIndex()])
    expect(first).toBe(second)
    expect(first.bySuburb.length).toBeGreaterThan(15_000)
    expect(new Set(first.bySuburb.map((l) => l.state))).toEqual(
      new Set(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
    )
    expect(labels(first, 'LAVERTON')).toContain('LAVERTON VIC 3028')
    expect(labels(first, '4214')).toContain('MOLENDINAR QLD 4214')
  })
})

describe('GET /api/address/suggest', () => {
  it('answers up to 8 suggestions in the documented shape', async () => {
    const { app } = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/address/suggest?q=Laverton' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    const body = addressSuggestResponseSchema.parse(response.json())
    expect(body.suggestions.map((s) => s.label)).toEqual([
      'Laverton VIC 3028',
      'Laverton WA 6440',
      'Laverton North VIC 3026',
      'Laverton RAAF VIC 3027',
    ])
    const broad = await app.inject({ method: 'GET', url: '/api/address/suggest?q=mel' })
    expect(broad.json().suggestions).toHaveLength(8)
  })

  it('answers post code prefixes and an empty list for a short or unknown query', async () => {
    const { app } = await buildTestApp()
    const byPostcode = await app.inject({ method: 'GET', url: '/api/address/suggest?q=3028' })
    expect(byPostcode.json().suggestions).toContainEqual(
      expect.objectContaining({ suburb: 'Laverton', state: 'VIC', postcode: '3028' }),
    )
    for (const q of ['', 'a', 'zzzzqqq']) {
      const response = await app.inject({ method: 'GET', url: `/api/address/suggest?q=${q}` })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ suggestions: [] })
    }
    expect((await app.inject({ method: 'GET', url: '/api/address/suggest' })).json()).toEqual({
      suggestions: [],
    })
  })

  it('refuses a query over 100 characters', async () => {
    const { app } = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: `/api/address/suggest?q=${'a'.repeat(101)}` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ Message: expect.any(String), requestId: expect.any(String) })
  })

  it('limits requests per address', async () => {
    const { app } = await buildTestApp()
    const ask = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/address/suggest?q=lav', remoteAddress })
    for (let i = 0; i < ADDRESS_SUGGEST_RATE_LIMIT.max; i++) {
      expect((await ask('203.0.113.9')).statusCode).toBe(200)
    }
    const limited = await ask('203.0.113.9')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await ask('203.0.113.10')).statusCode).toBe(200)
  })
})
