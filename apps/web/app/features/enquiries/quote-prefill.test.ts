import { describe, expect, it } from 'vitest'
import { quotePrefillOf } from './quote-prefill.ts'

describe("the quote form's details from its address", () => {
  it('ticks the service and fills in the quantity, the start day and the days the booking form knew', () => {
    expect(
      quotePrefillOf(new URLSearchParams('service=vms-boards&quantity=2&start=2026-12-01&days=7')),
    ).toEqual({
      services: ['VMS Boards'],
      details: {
        startDate: '2026-12-01',
        hireLength: '7',
        hireLengthUnit: 'days',
        quantities: { 'VMS Boards': '2' },
      },
    })
  })

  it('leaves out what is not valid, and everything without a known service', () => {
    expect(
      quotePrefillOf(new URLSearchParams('service=vms-boards&quantity=0&start=2026-13-01&days=x')),
    ).toEqual({ services: ['VMS Boards'], details: {} })
    expect(quotePrefillOf(new URLSearchParams('service=nothing&quantity=2'))).toEqual({
      services: [],
      details: {},
    })
  })
})
