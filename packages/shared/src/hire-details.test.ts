import { describe, expect, it } from 'vitest'
import { addDays, businessDay, formatIsoDay } from './business-time.ts'
import { quoteSchema } from './enquiry.ts'
import { earliestStartDate, HIRE_MESSAGES, hireDetailLines, hireDetailsOf } from './hire-details.ts'

const quote = {
  name: 'Jane Citizen',
  email: 'jane@example.com',
  message: 'Two boards, please.',
  services: ['Arrow Boards'],
  source: ['Google Search'],
}

describe("a quote's hire details", () => {
  it('are optional: the payload of requirements §3 alone parses as before, blank fields are no details', () => {
    const parsed = quoteSchema.parse({
      ...quote,
      company: '',
      hireLength: '',
      quantities: { 'Arrow Boards': '' },
    })
    expect(hireDetailsOf(parsed)).toBeNull()
  })

  it('turn form text into typed details, the length defaulting to days', () => {
    const parsed = quoteSchema.parse({
      ...quote,
      company: '  Monash Civil ',
      hireLength: '1',
      siteSuburb: 'Laverton',
      quantities: { 'Arrow Boards': '2' },
      shift: 'day',
    })
    expect(hireDetailsOf(parsed)).toEqual({
      company: 'Monash Civil',
      hireLength: { value: 1, unit: 'days' },
      site: { suburb: 'Laverton', postcode: '' },
      quantities: { 'Arrow Boards': 2 },
      shift: 'day',
    })
  })

  it('read the same everywhere: labelled lines in one order, singular and plural', () => {
    expect(
      hireDetailLines({
        company: 'Monash Civil',
        hireLength: { value: 1, unit: 'weeks' },
        site: { suburb: 'Laverton', postcode: '3028' },
        quantities: { 'Arrow Boards': 2, Portaboom: 1 },
        shift: 'both',
      }),
    ).toEqual([
      { label: 'Company', value: 'Monash Civil' },
      { label: 'Hire length', value: '1 week' },
      { label: 'Site', value: 'Laverton 3028' },
      { label: 'Quantities', value: 'Arrow Boards: 2; Portaboom: 1' },
      { label: 'Works', value: 'Day and night works' },
    ])
    expect(hireDetailLines({ hireLength: { value: 2, unit: 'days' } })).toEqual([
      { label: 'Hire length', value: '2 days' },
    ])
    expect(hireDetailLines(null)).toEqual([])
  })

  it('start from today in Melbourne: today is allowed, yesterday is not', () => {
    const today = businessDay()
    expect(earliestStartDate()).toBe(formatIsoDay(today))
    expect(quoteSchema.safeParse({ ...quote, startDate: formatIsoDay(today) }).success).toBe(true)
    const past = quoteSchema.safeParse({ ...quote, startDate: formatIsoDay(addDays(today, -1)) })
    expect(past.success).toBe(false)
    expect(past.error?.issues[0]?.message).toBe(HIRE_MESSAGES.startDatePast)
    // 14:30 UTC on 30 June is already 1 July in Melbourne.
    expect(earliestStartDate(new Date('2026-06-30T14:30:00Z'))).toBe('2026-07-01')
  })
})
