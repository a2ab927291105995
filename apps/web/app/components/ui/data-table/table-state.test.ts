import { describe, expect, it } from 'vitest'
import {
  clientTable,
  narrowPageSizes,
  pageList,
  rangeText,
  readTableState,
  writeTableState,
} from './table-state.ts'

const defaults = { pageSize: 10, sort: { key: 'registationDate', direction: 'desc' as const } }

describe('table state in the query string', () => {
  it('reads search, page, page size and sort; anything malformed is the default', () => {
    expect(
      readTableState(new URLSearchParams('q=jane%20ci&page=3&size=20&sort=lastName&dir=asc'), defaults),
    ).toEqual({
      search: 'jane ci',
      page: 3,
      pageSize: 20,
      sort: { key: 'lastName', direction: 'asc' },
    })
    expect(
      readTableState(new URLSearchParams('page=-1&size=9999&sort=password'), defaults, {
        sortKeys: ['lastName'],
      }),
    ).toEqual({
      search: '',
      page: 1,
      pageSize: 10,
      sort: defaults.sort,
    })
  })

  it('writes only what differs from the defaults, keeping other keys', () => {
    const params = writeTableState(
      new URLSearchParams('types=1,3'),
      { search: '"smith" jo', page: 2, pageSize: 10, sort: defaults.sort },
      defaults,
    )
    expect(params.toString()).toBe('types=1%2C3&q=%22smith%22+jo&page=2')
    expect(readTableState(params, defaults).search).toBe('"smith" jo')
    expect(
      writeTableState(
        params,
        { search: '', page: 1, pageSize: 10, sort: defaults.sort },
        defaults,
      ).toString(),
    ).toBe('types=1%2C3')
  })
})

describe('paging helpers', () => {
  it('lists the first, the last and the pages around the current one', () => {
    expect(pageList(1, 1)).toEqual([1])
    expect(pageList(1, 3)).toEqual([1, 2, 3])
    expect(pageList(5, 20)).toEqual([1, null, 4, 5, 6, null, 20])
    expect(pageList(20, 20)).toEqual([1, null, 19, 20])
  })

  it('describes the range shown', () => {
    expect(rangeText(1, 10, 0)).toBe('Showing 0 of 0')
    expect(rangeText(3, 10, 26)).toBe('Showing 21–26 of 26')
    expect(rangeText(1, 10, 12345)).toBe('Showing 1–10 of 12,345')
  })
})

describe('client-side mode', () => {
  const rows = [
    { name: 'Jane Citizen', email: 'jane.citizen@example.com' },
    { name: 'Janet Smith', email: 'janet@roadworks.com.au' },
    { name: 'Bob Jane', email: 'bob@citizens.example' },
  ]
  const columns = [
    { key: 'name', value: (row: (typeof rows)[number]) => row.name },
    { key: 'email', value: (row: (typeof rows)[number]) => row.email },
  ]
  const state = { search: '', page: 1, pageSize: 10, sort: null }
  const names = (search: string) =>
    clientTable(rows, columns, { ...state, search }).rows.map((row) => row.name)

  it('searches with the table semantics (requirements §9)', () => {
    expect(names('jan')).toEqual(['Jane Citizen', 'Janet Smith', 'Bob Jane'])
    expect(names('jane ')).toEqual(['Jane Citizen', 'Bob Jane'])
    expect(names('"cit"')).toEqual([])
    expect(names('jane "citizen"')).toEqual(['Jane Citizen'])
  })

  it('sorts and pages', () => {
    const sorted = clientTable(rows, columns, {
      ...state,
      pageSize: 2,
      page: 2,
      sort: { key: 'name', direction: 'asc' },
    })
    expect(sorted).toEqual({ rows: [rows[1]], total: 3 })
  })
})

describe('narrowPageSizes (ADR 013)', () => {
  it('offers sizes up to the first that holds every row, at least the smallest', () => {
    expect(narrowPageSizes([10, 20, 50, 100], 7)).toEqual([10])
    expect(narrowPageSizes([10, 20, 50, 100], 10)).toEqual([10])
    expect(narrowPageSizes([10, 20, 50, 100], 23)).toEqual([10, 20, 50])
    expect(narrowPageSizes([10, 20, 50, 100], 0)).toEqual([10])
    expect(narrowPageSizes([10, 20, 50, 100], 5000)).toEqual([10, 20, 50, 100])
  })
})
