import { describe, expect, it } from 'vitest'
import { formatIsoDay } from './business-time.ts'
import {
  askedLines,
  ENQUIRY_REFERENCE_PATTERN,
  formatEnquiryReference,
  formatWeekdayDate,
  nextStepsText,
  replyByDay,
} from './enquiry-confirmation.ts'

describe('enquiry references', () => {
  it('reads Q-2026-00123 for a quote and M-2026-00045 for a message', () => {
    expect(formatEnquiryReference('quote', 2026, 123)).toBe('Q-2026-00123')
    expect(formatEnquiryReference('contact', 2026, 45)).toBe('M-2026-00045')
    expect(formatEnquiryReference('quote', 2027, 123456)).toBe('Q-2027-123456')
    expect(ENQUIRY_REFERENCE_PATTERN.test('Q-2026-00123')).toBe(true)
    expect(ENQUIRY_REFERENCE_PATTERN.test('X-2026-00123')).toBe(false)
  })
})

describe('the reply promise: the end of the next business day in Melbourne', () => {
  it.each([
    ['Monday morning', '2026-03-02T00:30:00Z', '2026-03-03'],
    // 11 pm Friday 6 March in Melbourne is 12:00 UTC; Monday 9 March is Labour Day.
    ['Friday night', '2026-03-06T12:00:00Z', '2026-03-10'],
    // 31 December 2026 at 11:30 pm in Melbourne is 12:30 UTC: New Year's Day, then the weekend.
    ["New Year's Eve, late", '2026-12-31T12:30:00Z', '2027-01-04'],
  ])('%s (%s) is answered by %s', (_when, at, by) => {
    expect(formatIsoDay(replyByDay(new Date(at)))).toBe(by)
  })
  it('names the day and the zone', () => {
    expect(formatWeekdayDate({ year: 2026, month: 3, day: 3 })).toBe('Tuesday 3 March 2026')
    expect(nextStepsText('quote', { year: 2026, month: 3, day: 3 })).toContain(
      'by the end of Tuesday 3 March 2026 (Melbourne time)',
    )
  })
})

describe('what was asked, in fixed choices only', () => {
  it('lists the services with their quantities, the dates, a listed site and the works; never the company', () => {
    const lines = askedLines(
      {
        kind: 'quote',
        services: ['Arrow Boards', 'VMS Boards', 'Other'],
        hireDetails: {
          company: 'Evil <a href>Co</a>',
          startDate: '2026-03-10',
          hireLength: { value: 3, unit: 'weeks' },
          site: { suburb: 'free text here', postcode: '3028' },
          quantities: { 'Arrow Boards': 2, 'VMS Boards': 1 },
          shift: 'night',
        },
      },
      { suburb: 'Laverton', state: 'VIC', postcode: '3028' },
    )
    expect(lines).toEqual([
      { label: 'Services', value: 'Arrow Boards (2), VMS Boards (1), Other' },
      { label: 'Start date', value: '10 March 2026' },
      { label: 'Hire length', value: '3 weeks' },
      { label: 'Site', value: 'Laverton VIC 3028' },
      { label: 'Works', value: 'Night works' },
    ])
  })
  it('leaves out a site that is not in the suburb list, and has nothing for a message', () => {
    expect(askedLines({ kind: 'quote', services: ['Portaboom'], hireDetails: null }, null)).toEqual([
      { label: 'Services', value: 'Portaboom' },
    ])
    expect(askedLines({ kind: 'contact', services: [] }, null)).toEqual([])
  })
})
