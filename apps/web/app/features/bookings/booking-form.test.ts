import { BOOKING_MESSAGES } from '@signalway/shared/bookings'
import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import { describe, expect, it } from 'vitest'
import { TMA_TYPE, VMS_TYPE } from '../../../test/equipment.ts'
import {
  type BookingFormValues,
  bookingChoiceOf,
  bookingFormDefaults,
  bookingFormSchema,
  bookingRequestOf,
  chosenType,
  formFieldOf,
  instantOf,
  NEW_SITE,
  priceRequestOf,
  quoteLinkOf,
} from './booking-form.ts'

const types = [VMS_TYPE, TMA_TYPE]
const account = { id: 7, poRequired: false } as MyCustomerAccount

function complete(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    ...bookingFormDefaults(account, VMS_TYPE),
    startDate: '2026-12-01',
    endDate: '2026-12-08',
    siteId: '3',
    siteContactName: 'Sam Site',
    siteContactPhone: '0412 345 678',
    terms: { accepted: true, name: 'Olive Orderer' },
    ...overrides,
  }
}

describe("the booking form's values", () => {
  it('chooses the first line from ?type=, or the first type of ?service=, and the account from ?account=', () => {
    const byType = bookingChoiceOf(new URLSearchParams(`type=${TMA_TYPE.slug}&account=8`))
    expect(byType.account).toBe(8)
    expect(bookingFormDefaults(account, chosenType(types, byType)).lines).toEqual([
      { typeId: '12', quantity: '1' },
    ])
    const byService = bookingChoiceOf(new URLSearchParams('service=vms-boards&account=x'))
    expect(byService.account).toBeUndefined()
    expect(chosenType(types, byService)).toBe(VMS_TYPE)
    expect(chosenType(types, bookingChoiceOf(new URLSearchParams('type=unknown')))).toBeUndefined()
  })

  it('turns a day and a time of the depot into the same instant in any browser', () => {
    expect(instantOf('2026-12-01', '07:00')).toBe('2026-11-30T20:00:00.000Z')
    expect(instantOf('2026-12-01', '07:00', 'Australia/Brisbane')).toBe('2026-11-30T21:00:00.000Z')
    expect(instantOf('2026-07-01', '07:00')).toBe('2026-06-30T21:00:00.000Z')
    expect(instantOf('', '07:00')).toBeUndefined()
  })

  it('asks for a price only once the equipment, the dates and the site are known', () => {
    expect(priceRequestOf(complete({ siteId: '' }), 'Australia/Melbourne')).toBeNull()
    expect(priceRequestOf(complete({ endDate: '2026-11-30' }), 'Australia/Melbourne')).toBeNull()
    expect(
      priceRequestOf(complete({ lines: [{ typeId: '', quantity: '1' }] }), 'Australia/Melbourne'),
    ).toBeNull()
    const newSite = complete({ siteId: NEW_SITE })
    expect(priceRequestOf(newSite, 'Australia/Melbourne')).toBeNull()
    newSite.newSite.address.postcode = '3028'
    expect(priceRequestOf(newSite, 'Australia/Melbourne')).toMatchObject({ postcode: '3028', delivery: true })
    expect(priceRequestOf(complete({ delivery: 'pickup' }), 'Australia/Melbourne')).toEqual({
      lines: [{ typeId: 11, quantity: 1 }],
      startsAt: '2026-11-30T20:00:00.000Z',
      endsAt: '2026-12-08T06:00:00.000Z',
      delivery: false,
      siteId: 3,
    })
  })

  it('requires the purchase order number when the account does, beside the other fields’ messages', () => {
    const result = bookingFormSchema.safeParse(complete({ poRequired: true, siteContactName: '' }))
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(messages).toEqual(
      expect.arrayContaining([
        ['poNumber', BOOKING_MESSAGES.poRequired],
        ['siteContactName', 'Enter the site contact’s name.'],
      ]),
    )
    expect(bookingFormSchema.safeParse(complete()).success).toBe(true)
  })

  it('says the end must be after the start, at the end date', () => {
    const result = bookingFormSchema.safeParse(complete({ endDate: '2026-12-01', endTime: '07:00' }))
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['endDate'], message: BOOKING_MESSAGES.endBeforeStart }),
    ])
  })

  it('sends a new site with the booking’s contact and purchase order number', () => {
    const values = complete({ siteId: NEW_SITE, poNumber: 'PO-1' })
    values.newSite = {
      name: 'Geelong',
      address: {
        fullAddress: '5 Corio Quay Road, North Geelong VIC 3215',
        unitNumber: '',
        streetNumber: '5',
        streetName: 'Corio Quay Road',
        city: 'North Geelong',
        state: 'VIC',
        postcode: '3215',
      },
      defaultPo: '',
      contactName: '',
      contactPhone: '',
    }
    const parsed = bookingFormSchema.parse(values)
    const request = bookingRequestOf(parsed, 'Australia/Melbourne', { version: 'v', sha256: 'a'.repeat(64) })
    expect(request).toMatchObject({
      newSite: { name: 'Geelong', defaultPo: 'PO-1', contactName: 'Sam Site', contactPhone: '0412 345 678' },
      poNumber: 'PO-1',
      nightWorks: false,
      terms: { accepted: true, name: 'Olive Orderer', version: 'v', sha256: 'a'.repeat(64) },
    })
    expect(request).not.toHaveProperty('siteId')
    expect(request).not.toHaveProperty('jobReference')
  })

  it("names the server's fields as the form does", () => {
    expect(formFieldOf('startsAt')).toBe('startDate')
    expect(formFieldOf('endsAt')).toBe('endDate')
    expect(formFieldOf('terms.sha256')).toBe('terms.accepted')
    expect(formFieldOf('lines.0.quantity')).toBe('lines.0.quantity')
  })

  it("gives the quote form the first line's service and quantity, the start day and the days", () => {
    expect(
      quoteLinkOf(types, { typeId: '12', quantity: '2', startDate: '2026-12-01', endDate: '2026-12-07' }),
    ).toEqual({ service: 'truck-mounted-attenuators', quantity: 2, start: '2026-12-01', days: 7 })
    expect(quoteLinkOf(types, { typeId: '', quantity: '1', service: 'vms-boards' })).toEqual({
      service: 'vms-boards',
    })
  })
})
