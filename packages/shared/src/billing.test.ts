import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type BillableBooking,
  type BillableUnit,
  type BillingCycle,
  type BillingPeriod,
  billingCycleSchema,
  billingPeriodAt,
  billingPeriodOn,
  billingPeriods,
  draftInvoice,
  formatBillingPeriod,
  hireChargeBetween,
  hireChargeTo,
  type InvoiceDraft,
  periodCharge,
} from './billing.ts'
import { type CalendarDay, formatIsoDay, parseIsoDay, wallTimeToInstant } from './business-time.ts'
import { type Cents, cents } from './money.ts'
import { type EquipmentRates, hireDays, priceHire } from './rates.ts'
import { issueList } from './test-helpers.ts'

/** An instant given as Melbourne's wall time, 'YYYY-MM-DD HH:mm'. */
function melbourne(text: string): Date {
  const [isoDay = '', time = '00:00'] = text.split(' ')
  const day = parseIsoDay(isoDay)
  if (!day) throw new Error(text)
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  return wallTimeToInstant({ ...day, hour, minute, second: 0 })
}

function day(iso: string): CalendarDay {
  const parsed = parseIsoDay(iso)
  if (!parsed) throw new Error(iso)
  return parsed
}
const rates = (dayRate: number, weekRate: number, minimumDays = 1): EquipmentRates => ({
  dayRate: cents(dayRate),
  weekRate: cents(weekRate),
  minimumDays,
})

/** $180 a day, $950 a week: 7 days at the day rate ($1,260) cost more than the week, which caps them. */
const VMS = rates(18_000, 95_000)
const DELIVERY = cents(12_000)
const COLLECTION = cents(12_000)

const days = (period: { firstDay: CalendarDay; lastDay: CalendarDay }) =>
  `${formatIsoDay(period.firstDay)}..${formatIsoDay(period.lastDay)}`

function vmsUnit(onHireAt: Date | string | null, offHireAt: Date | string | null = null): BillableUnit {
  return {
    lineId: 1,
    fleetNumber: 'VMS-0142',
    typeName: 'VMS board',
    rates: VMS,
    onHireAt,
    offHireAt,
    invoicedTo: null,
    invoicedCents: cents(0),
  }
}

function booking(
  units: BillableUnit[],
  fees = { delivery: DELIVERY, collection: COLLECTION },
): BillableBooking {
  return {
    reference: 'BK-2026-000123',
    deliveryFeeCents: fees.delivery,
    collectionFeeCents: fees.collection,
    deliveryInvoiced: false,
    collectionInvoiced: false,
    units,
  }
}

/** The bookings as the next invoice finds them: the draft's invoicing state applied. */
function afterInvoice(bookings: readonly BillableBooking[], draft: InvoiceDraft): BillableBooking[] {
  const units = new Map(draft.units.map((unit) => [unit.lineId, unit]))
  const flags = new Map(draft.bookings.map((entry) => [entry.reference, entry]))
  return bookings.map((entry) => ({
    ...entry,
    deliveryInvoiced: flags.get(entry.reference)?.deliveryInvoiced ?? entry.deliveryInvoiced,
    collectionInvoiced: flags.get(entry.reference)?.collectionInvoiced ?? entry.collectionInvoiced,
    units: entry.units.map((unit) => {
      const invoiced = units.get(unit.lineId)
      return invoiced
        ? { ...unit, invoicedTo: invoiced.invoicedTo, invoicedCents: invoiced.invoicedCents }
        : unit
    }),
  }))
}

const amounts = (draft: InvoiceDraft) => draft.lines.map((line) => [line.kind, line.amountCents])

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

describe('billing cycles: Melbourne calendar days, start included, end excluded', () => {
  it('bills monthly from the day the account sets, the month before for an earlier day', () => {
    const monthly: BillingCycle = { kind: 'monthly', dayOfMonth: 15 }
    const november = billingPeriodOn(monthly, day('2026-11-20'))
    expect(days(november)).toBe('2026-11-15..2026-12-14')
    expect(november.days).toBe(30)
    expect(days(billingPeriodOn(monthly, day('2026-11-14')))).toBe('2026-10-15..2026-11-14')
    expect(days(billingPeriodOn(monthly, day('2027-01-03')))).toBe('2026-12-15..2027-01-14')
    // The 28th: every month has it, February included, so no period is short of its day.
    expect(days(billingPeriodOn({ kind: 'monthly', dayOfMonth: 28 }, day('2028-02-29')))).toBe(
      '2028-02-28..2028-03-27',
    )
    expect(formatBillingPeriod(november)).toBe('15/11/2026 to 14/12/2026')
  })

  it('bills every 28 days from the anchor day, before it as after it', () => {
    const every28: BillingCycle = { kind: 'every_28_days', anchorDay: '2026-10-05' }
    expect(days(billingPeriodOn(every28, day('2026-10-05')))).toBe('2026-10-05..2026-11-01')
    expect(days(billingPeriodOn(every28, day('2026-11-01')))).toBe('2026-10-05..2026-11-01')
    expect(days(billingPeriodOn(every28, day('2026-11-02')))).toBe('2026-11-02..2026-11-29')
    expect(days(billingPeriodOn(every28, day('2026-10-04')))).toBe('2026-09-07..2026-10-04')
    expect(days(billingPeriodOn(every28, day('2025-12-31')))).toBe('2025-12-29..2026-01-25')
    expect(billingPeriodOn(every28, day('2025-12-31')).days).toBe(28)
  })

  it("holds a period as the instants of Melbourne's midnights, whatever daylight saving does", () => {
    // 7 September to 4 October 2026: daylight saving starts on Sunday 4 October, a 23-hour day.
    const spring = billingPeriodOn({ kind: 'every_28_days', anchorDay: '2026-10-05' }, day('2026-10-01'))
    expect(spring.start.toISOString()).toBe('2026-09-06T14:00:00.000Z')
    expect(spring.end.toISOString()).toBe('2026-10-04T13:00:00.000Z')
    expect(spring.end.getTime() - spring.start.getTime()).toBe((28 * 24 - 1) * 3_600_000)
    // 4 April to 3 May 2027: daylight saving ends on Sunday 4 April, a 25-hour day.
    const autumn = billingPeriodOn({ kind: 'monthly', dayOfMonth: 4 }, day('2027-04-20'))
    expect(autumn.start.toISOString()).toBe('2027-04-03T13:00:00.000Z')
    expect(autumn.end.toISOString()).toBe('2027-05-03T14:00:00.000Z')
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe((30 * 24 + 1) * 3_600_000)
  })

  it("finds the period of an instant by its Melbourne day, not UTC's", () => {
    const monthly: BillingCycle = { kind: 'monthly', dayOfMonth: 15 }
    // 14 November 2026 at 23:30 UTC is 15 November at 10:30 in Melbourne.
    expect(days(billingPeriodAt(monthly, '2026-11-14T23:30:00Z'))).toBe('2026-11-15..2026-12-14')
    expect(days(billingPeriodAt(monthly, '2026-11-14T12:59:59Z'))).toBe('2026-10-15..2026-11-14')
    expect(days(billingPeriodAt(monthly, melbourne('2026-11-15 00:00')))).toBe('2026-11-15..2026-12-14')
  })

  it('lists the periods covering a span, its end excluded', () => {
    const monthly: BillingCycle = { kind: 'monthly', dayOfMonth: 15 }
    const covering = (from: Date, to: Date) => billingPeriods(monthly, from, to).map(days)
    expect(covering(melbourne('2026-11-11 08:00'), melbourne('2026-11-20 15:00'))).toEqual([
      '2026-10-15..2026-11-14',
      '2026-11-15..2026-12-14',
    ])
    expect(covering(melbourne('2026-11-11 08:00'), melbourne('2026-11-15 00:00'))).toEqual([
      '2026-10-15..2026-11-14',
    ])
    expect(covering(melbourne('2026-11-15 00:00'), melbourne('2026-11-15 00:00'))).toEqual([
      '2026-11-15..2026-12-14',
    ])
    expect(covering(melbourne('2026-11-11 08:00'), melbourne('2027-02-15 00:01'))).toHaveLength(5)
    expect(() => covering(melbourne('2026-11-11 08:00'), melbourne('2026-11-11 07:00'))).toThrow(
      'The end of the billing span cannot be before its start.',
    )
    expect(() => billingPeriods(monthly, '2026-11-11T08:00:00', '2026-11-12T08:00:00Z')).toThrow(
      'The start of the billing span must be a date and time with its time zone.',
    )
  })

  it('takes a monthly day from 1 to 28 and an anchor that is a date, and nothing else', () => {
    expect(issueList(billingCycleSchema, { kind: 'monthly', dayOfMonth: 28 })).toEqual([])
    expect(issueList(billingCycleSchema, { kind: 'every_28_days', anchorDay: '2026-02-28' })).toEqual([])
    for (const dayOfMonth of [0, 29, 31, 1.5, '3']) {
      expect(issueList(billingCycleSchema, { kind: 'monthly', dayOfMonth })).toEqual([
        'dayOfMonth: The billing day must be a day of the month from 1 to 28.',
      ])
    }
    for (const anchorDay of ['2026-02-30', '5/10/2026', 20261005]) {
      expect(issueList(billingCycleSchema, { kind: 'every_28_days', anchorDay })).toEqual([
        'anchorDay: The first billing day must be a date.',
      ])
    }
    expect(() => billingPeriodOn({ kind: 'monthly', dayOfMonth: 31 }, day('2026-11-20'))).toThrow(
      'The billing day must be a day of the month from 1 to 28.',
    )
  })
})

describe('charges: the hire to the end of the invoice less what was invoiced before', () => {
  const onHire = melbourne('2026-11-11 08:00')
  const offHire = melbourne('2026-11-20 15:00')

  it('invoices a 10-day hire of one VMS board at off-hire, the week rate capping a week', () => {
    // 11 to 20 November: 10 days. 7 days × $180 = $1,260 is more than the week rate, so the week costs $950;
    // the 3 days left cost 3 × $180 = $540, less than a week. Hire $1,490; fees $120 + $120; GST $173.00.
    const draft = draftInvoice({ bookings: [booking([vmsUnit(onHire, offHire)])], to: offHire })
    expect(draft.lines.map((line) => [line.description, line.amountCents])).toEqual([
      ['Delivery, booking BK-2026-000123', 12_000],
      ['VMS-0142 VMS board: 11/11/2026 to 20/11/2026, 10 days: 1 week × $950.00 + 3 days × $180.00', 149_000],
      ['Collection, booking BK-2026-000123', 12_000],
    ])
    expect(draft.lines[1]).toMatchObject({ days: 10, firstHireDay: 1, lastHireDay: 10, quantity: 1 })
    expect(draft.lines[1]).toMatchObject({ rate: '1 week × $950.00 + 3 days × $180.00' })
    expect(draft.subtotalExGst).toBe(173_000)
    expect(draft.gst).toBe(17_300)
    expect(draft.total).toBe(190_300)
    expect(draft.credits).toEqual([])
    expect(draft.units).toEqual([{ lineId: 1, invoicedTo: offHire.toISOString(), invoicedCents: 149_000 }])
    expect(draft.bookings).toEqual([
      { reference: 'BK-2026-000123', deliveryInvoiced: true, collectionInvoiced: true },
    ])
  })

  it('invoices the same hire over two monthly periods for the same total', () => {
    const monthly: BillingCycle = { kind: 'monthly', dayOfMonth: 15 }
    const [first] = billingPeriods(monthly, onHire, offHire)
    let bookings = [booking([vmsUnit(onHire, null)])]
    // The run at the end of 14 November, before the off-hire: 11 to 14 November, 4 × $180 = $720, and delivery.
    const cycle = draftInvoice({ bookings, to: first?.end as Date })
    expect(cycle.lines.map((line) => [line.description, line.amountCents])).toEqual([
      ['Delivery, booking BK-2026-000123', 12_000],
      ['VMS-0142 VMS board: 11/11/2026 to 14/11/2026, 4 days: 4 days × $180.00', 72_000],
    ])
    expect([cycle.subtotalExGst, cycle.gst, cycle.total]).toEqual([84_000, 8_400, 92_400])
    // The off-hire on 20 November: the 10 days cost $1,490, less the $720 invoiced, and collection.
    bookings = afterInvoice(bookings, cycle).map((entry) => ({
      ...entry,
      units: entry.units.map((unit) => ({ ...unit, offHireAt: offHire })),
    }))
    const atOffHire = draftInvoice({ bookings, to: offHire, lineIds: [1] })
    expect(atOffHire.lines.map((line) => [line.description, line.amountCents])).toEqual([
      [
        'VMS-0142 VMS board: 15/11/2026 to 20/11/2026, days 5 to 10 of the hire. Hire to date, 10 days: 1 week × $950.00 + 3 days × $180.00 = $1,490.00, less $720.00 already invoiced',
        77_000,
      ],
      ['Collection, booking BK-2026-000123', 12_000],
    ])
    expect([atOffHire.subtotalExGst, atOffHire.gst, atOffHire.total]).toEqual([89_000, 8_900, 97_900])
    expect(cycle.subtotalExGst + atOffHire.subtotalExGst).toBe(173_000)
    // The run at the end of the second period finds nothing left to charge.
    const next = draftInvoice({
      bookings: afterInvoice(bookings, atOffHire),
      to: melbourne('2026-12-15 00:00'),
    })
    expect(next.lines).toEqual([])
    expect(next.total).toBe(0)
  })

  it('never loses the week cap by cutting a week in two', () => {
    // 12 to 18 November: 7 days, $950. Priced apart, 3 days ($540) and 4 days ($720) would cost $1,260.
    const unit = vmsUnit(melbourne('2026-11-12 09:00'), melbourne('2026-11-18 17:00'))
    const cut = melbourne('2026-11-15 00:00')
    expect(hireChargeBetween(unit, melbourne('2026-11-01 00:00'), cut)).toBe(54_000)
    expect(hireChargeBetween(unit, cut, melbourne('2026-12-15 00:00'))).toBe(41_000)
    const first = draftInvoice({ bookings: [booking([unit])], to: cut })
    const second = draftInvoice({
      bookings: afterInvoice([booking([unit])], first),
      to: '2026-12-14T13:00:00Z',
    })
    expect(second.lines.map((line) => line.description)).toEqual([
      'VMS-0142 VMS board: 15/11/2026 to 18/11/2026, days 4 to 7 of the hire. Hire to date, 7 days: 1 week × $950.00 = $950.00, less $540.00 already invoiced',
      'Collection, booking BK-2026-000123',
    ])
    expect(second.lines[0]?.amountCents).toBe(41_000)
  })

  it('says when part of a week is capped at the week rate', () => {
    // 1 to 13 November: a week, and 6 days at $180 = $1,080 capped at $950.
    const unit = vmsUnit(melbourne('2026-11-01 07:00'), melbourne('2026-11-13 16:00'))
    const draft = draftInvoice({
      bookings: [booking([unit], { delivery: cents(0), collection: cents(0) })],
      to: unit.offHireAt as Date,
    })
    expect(draft.lines.map((line) => [line.description, line.amountCents])).toEqual([
      [
        'VMS-0142 VMS board: 01/11/2026 to 13/11/2026, 13 days: 1 week × $950.00 + 6 days × $180.00 capped at the week rate $950.00',
        190_000,
      ],
    ])
  })

  it('charges the minimum hire in the first period and only the rest after', () => {
    // $200 a day, $1,200 a week, 5 days at least. 13 and 14 November: 2 days charged as 5, $1,000.
    const unit = { ...vmsUnit(melbourne('2026-11-13 07:00'), null), rates: rates(20_000, 120_000, 5) }
    const first = draftInvoice({ bookings: [booking([unit])], to: melbourne('2026-11-15 00:00') })
    expect(first.lines[1]?.description).toBe(
      'VMS-0142 VMS board: 13/11/2026 to 14/11/2026, 2 days, charged as the minimum hire of 5 days: 5 days × $200.00',
    )
    expect(first.lines[1]?.amountCents).toBe(100_000)
    // Off-hired on the 19th: 7 days, one week at $1,200, less the $1,000.
    const later = afterInvoice([booking([unit])], first).map((entry) => ({
      ...entry,
      units: entry.units.map((each) => ({ ...each, offHireAt: melbourne('2026-11-19 12:00') })),
    }))
    const second = draftInvoice({ bookings: later, to: melbourne('2026-11-19 12:00') })
    expect(second.lines.map((line) => [line.description, line.amountCents])).toEqual([
      [
        'VMS-0142 VMS board: 15/11/2026 to 19/11/2026, days 3 to 7 of the hire. Hire to date, 7 days: 1 week × $1,200.00 = $1,200.00, less $1,000.00 already invoiced',
        20_000,
      ],
      ['Collection, booking BK-2026-000123', 12_000],
    ])
  })

  it('writes one day of a hire as one day, and a period adding nothing as $0.00', () => {
    const unit = vmsUnit(melbourne('2026-11-01 07:00'), null)
    const one = draftInvoice({ bookings: [booking([unit])], to: melbourne('2026-11-02 00:00') })
    expect(one.lines[1]?.description).toBe('VMS-0142 VMS board: 01/11/2026, 1 day: 1 day × $180.00')
    // Day 14 of a hire whose 13 days already cost two weeks' rate: on hire, so on the invoice, at $0.00.
    const thirteen = {
      ...unit,
      invoicedTo: melbourne('2026-11-14 00:00').toISOString(),
      invoicedCents: cents(190_000),
    }
    const day14 = draftInvoice({
      bookings: [{ ...booking([thirteen]), deliveryInvoiced: true }],
      to: melbourne('2026-11-15 00:00'),
    })
    expect(day14.lines.map((line) => [line.description, line.amountCents])).toEqual([
      [
        'VMS-0142 VMS board: 14/11/2026, day 14 of the hire. Hire to date, 14 days: 2 weeks × $950.00 = $1,900.00, less $1,900.00 already invoiced',
        0,
      ],
    ])
  })

  it('charges nothing for a unit not yet on hire, nor before its on-hire, and no fee then', () => {
    const waiting = draftInvoice({ bookings: [booking([vmsUnit(null)])], to: melbourne('2026-11-15 00:00') })
    expect(waiting.lines).toEqual([])
    expect(waiting.bookings[0]).toMatchObject({ deliveryInvoiced: false, collectionInvoiced: false })
    const later = draftInvoice({
      bookings: [booking([vmsUnit(melbourne('2026-11-15 00:00'))])],
      to: melbourne('2026-11-15 00:00'),
    })
    expect(later.lines).toEqual([])
    expect(hireChargeTo(vmsUnit(onHire), onHire)).toBeNull()
  })

  it('charges the collection only with the last unit of the booking, and only the units off-hired at off-hire', () => {
    const first = { ...vmsUnit(onHire, offHire), lineId: 1 }
    const second = { ...vmsUnit(onHire, null), lineId: 2, fleetNumber: 'VMS-0150' }
    const bookings = [booking([first, second])]
    const atOffHire = draftInvoice({ bookings, to: offHire, lineIds: [1] })
    expect(amounts(atOffHire)).toEqual([
      ['delivery', 12_000],
      ['hire', 149_000],
    ])
    const secondOff = melbourne('2026-11-25 10:00')
    const later = afterInvoice(bookings, atOffHire).map((entry) => ({
      ...entry,
      units: entry.units.map((unit) => (unit.lineId === 2 ? { ...unit, offHireAt: secondOff } : unit)),
    }))
    // 11 to 25 November: 15 days, 2 weeks and a day, $2,080.
    const last = draftInvoice({ bookings: later, to: secondOff, lineIds: [2] })
    expect(amounts(last)).toEqual([
      ['hire', 208_000],
      ['collection', 12_000],
    ])
  })

  it('credits a unit whose hire now ends before the end of an invoice that charged it', () => {
    // Invoiced to 15 November while on hire ($720), then collected without an off-hire on the 12th (2 days).
    const unit = {
      ...vmsUnit(onHire, melbourne('2026-11-12 10:00')),
      invoicedTo: melbourne('2026-11-15 00:00').toISOString(),
      invoicedCents: cents(72_000),
    }
    const draft = draftInvoice({
      bookings: [{ ...booking([unit]), deliveryInvoiced: true }],
      to: melbourne('2026-12-15 00:00'),
    })
    expect(amounts(draft)).toEqual([['collection', 12_000]])
    expect(draft.credits.map((credit) => [credit.description, credit.amountCents])).toEqual([
      [
        'VMS-0142 VMS board: hire ended 12/11/2026. Hire, 2 days: 2 days × $180.00 = $360.00, less $720.00 already invoiced',
        36_000,
      ],
    ])
    expect(draft.creditTotals).toEqual({ subtotalExGst: 36_000, gst: 3_600, total: 39_600 })
    expect(draft.units).toEqual([
      { lineId: 1, invoicedTo: '2026-12-14T13:00:00.000Z', invoicedCents: 36_000 },
    ])
  })

  it("rounds an invoice's GST once, on its subtotal", () => {
    // $123.45 a day: each 1-day line's own GST would be 1,234.5 c → 1,235 c; the subtotal's is 2,469 c.
    const odd = rates(12_345, 50_000)
    const unit = (lineId: number) => ({
      ...vmsUnit(melbourne('2026-11-11 08:00'), melbourne('2026-11-11 17:00')),
      lineId,
      rates: odd,
    })
    const draft = draftInvoice({
      bookings: [booking([unit(1), unit(2)], { delivery: cents(0), collection: cents(0) })],
      to: melbourne('2026-11-12 00:00'),
    })
    expect(draft.subtotalExGst).toBe(24_690)
    expect(draft.gst).toBe(2_469)
    expect(draft.total).toBe(27_159)
  })

  it('refuses fees and amounts invoiced that are not whole cents, 0 or more', () => {
    const bad = { ...booking([vmsUnit(onHire, offHire)]), collectionFeeCents: -1 as Cents }
    expect(() => draftInvoice({ bookings: [bad], to: offHire })).toThrow(
      'Collection, booking BK-2026-000123: a fee must be a whole number of cents, 0 or more.',
    )
    const unit = { ...vmsUnit(onHire, offHire), invoicedCents: 1.5 as Cents }
    expect(() => draftInvoice({ bookings: [booking([unit])], to: offHire })).toThrow(
      'VMS-0142: the amount invoiced must be a whole number of cents, 0 or more.',
    )
    expect(() => draftInvoice({ bookings: [], to: '2026-11-20 15:00' })).toThrow(
      'The end of the invoice must be a date and time with its time zone.',
    )
  })
})

describe('daylight saving and the clock of the machine', () => {
  it('splits a hire across the start of daylight saving (Sunday 4 October 2026) by calendar days', () => {
    // Every 28 days from 5 October: the boundary is Melbourne's midnight starting 5 October, 13:00 UTC on the 4th.
    const every28: BillingCycle = { kind: 'every_28_days', anchorDay: '2026-10-05' }
    const unit = vmsUnit('2026-10-01T09:00:00+10:00', '2026-10-08T17:00:00+11:00')
    const [september, october] = billingPeriods(every28, unit.onHireAt as string, unit.offHireAt as string)
    expect([september, october].map((period) => period && formatBillingPeriod(period))).toEqual([
      '07/09/2026 to 04/10/2026',
      '05/10/2026 to 01/11/2026',
    ])
    // 1 to 4 October: 4 × $180 = $720. 1 to 8 October: a week and a day, $950 + $180 = $1,130; so $410 after.
    expect(periodCharge(unit, september as BillingPeriod)).toBe(72_000)
    expect(periodCharge(unit, october as BillingPeriod)).toBe(41_000)
    const first = draftInvoice({ bookings: [booking([unit])], to: '2026-10-04T13:00:00Z' })
    expect(first.lines[1]?.description).toBe(
      'VMS-0142 VMS board: 01/10/2026 to 04/10/2026, 4 days: 4 days × $180.00',
    )
    const second = draftInvoice({
      bookings: afterInvoice([booking([unit])], first),
      to: unit.offHireAt as string,
    })
    expect(second.lines[0]?.description).toBe(
      'VMS-0142 VMS board: 05/10/2026 to 08/10/2026, days 5 to 8 of the hire. Hire to date, 8 days: 1 week × $950.00 + 1 day × $180.00 = $1,130.00, less $720.00 already invoiced',
    )
    expect(second.lines[0]?.amountCents).toBe(41_000)
  })

  it('splits a hire across the end of daylight saving (Sunday 4 April 2027) by calendar days', () => {
    // Monthly on the 4th: 4 March to 3 April, then 4 April to 3 May. 2 to 5 April: 4 days.
    const monthly: BillingCycle = { kind: 'monthly', dayOfMonth: 4 }
    const unit = vmsUnit('2027-04-02T22:00:00+11:00', '2027-04-05T06:00:00+10:00')
    const periods = billingPeriods(monthly, unit.onHireAt as string, unit.offHireAt as string)
    expect(periods.map((period) => period.end.toISOString())).toEqual([
      '2027-04-03T13:00:00.000Z',
      '2027-05-03T14:00:00.000Z',
    ])
    // 2 and 3 April: $360; 4 and 5 April: 4 days $720 to date, less $360.
    expect(periods.map((period) => periodCharge(unit, period))).toEqual([36_000, 36_000])
  })

  it('gives the same invoice whatever the zone and clock of the machine', () => {
    const invoice = (onHireAt: Date | string, offHireAt: Date | string) =>
      draftInvoice({ bookings: [booking([vmsUnit(onHireAt, offHireAt)])], to: offHireAt })
    const inMelbourne = invoice(melbourne('2026-11-11 08:00'), melbourne('2026-11-20 15:00'))
    vi.stubEnv('TZ', 'America/Los_Angeles')
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'))
    // The machine now reads the local zone as California's: 8 hours behind UTC in November.
    expect(new Date('2026-11-11T00:00:00Z').getTimezoneOffset()).toBe(480)
    for (const [onHireAt, offHireAt] of [
      ['2026-11-10T21:00:00Z', '2026-11-20T04:00:00Z'],
      ['2026-11-11T08:00:00+11:00', '2026-11-20T15:00:00+11:00'],
      [new Date('2026-11-10T21:00:00Z'), new Date('2026-11-20T04:00:00Z')],
    ] as const) {
      const elsewhere = invoice(onHireAt, offHireAt)
      expect(elsewhere.lines).toEqual(inMelbourne.lines)
      expect(elsewhere.total).toBe(190_300)
    }
    expect(() => invoice('2026-11-11T08:00:00+11:00', '2026-11-20T15:00:00')).toThrow(
      'The end of the invoice must be a date and time with its time zone.',
    )
    expect(() =>
      draftInvoice({
        bookings: [booking([vmsUnit('2026-11-11T08:00:00', null)])],
        to: '2026-11-20T04:00:00Z',
      }),
    ).toThrow('The on-hire time must be a date and time with its time zone.')
  })
})

describe('properties', () => {
  const START = Date.parse('2025-01-01T00:00:00Z')
  const END = Date.parse('2028-12-31T00:00:00Z')
  const DAY = 86_400_000
  const ratesArbitrary = fc.integer({ min: 0, max: 5_000_000 }).chain((dayRate) =>
    fc.record({
      dayRate: fc.constant(cents(dayRate)),
      weekRate: fc.integer({ min: 0, max: dayRate * 7 }).map(cents),
      minimumDays: fc.integer({ min: 1, max: 28 }),
    }),
  )
  const cycleArbitrary: fc.Arbitrary<BillingCycle> = fc.oneof(
    fc.integer({ min: 1, max: 28 }).map((dayOfMonth) => ({ kind: 'monthly' as const, dayOfMonth })),
    fc.integer({ min: 0, max: 4 * 365 }).map((offset) => ({
      kind: 'every_28_days' as const,
      anchorDay: new Date(START + offset * DAY).toISOString().slice(0, 10),
    })),
  )
  const hireArbitrary = fc.record({
    rates: ratesArbitrary,
    onHire: fc.integer({ min: START, max: END }),
    length: fc.integer({ min: 0, max: 150 * DAY }),
    offHired: fc.boolean(),
  })
  type Hire = { rates: EquipmentRates; onHire: number; length: number; offHired: boolean }

  const unitOf = (hire: Hire, lineId: number): BillableUnit => ({
    lineId,
    fleetNumber: `VMS-${lineId}`,
    typeName: 'VMS board',
    rates: hire.rates,
    onHireAt: new Date(hire.onHire),
    offHireAt: hire.offHired ? new Date(hire.onHire + hire.length) : null,
    invoicedTo: null,
    invoicedCents: cents(0),
  })
  /** GST as the ATO rounds it: 10% to the nearest cent, a half cent up, by exact integer arithmetic. */
  const expectedGst = (subtotal: number) => Math.floor((subtotal + 5) / 10)
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

  it('charges every period of a hire 0 or more, adding up to the rate engine’s price of the whole hire', () => {
    fc.assert(
      fc.property(cycleArbitrary, hireArbitrary, (cycle, hire) => {
        const onHire = new Date(hire.onHire)
        const offHire = new Date(hire.onHire + hire.length)
        const unit = { ...unitOf(hire, 1), offHireAt: offHire }
        const periods = billingPeriods(cycle, onHire, offHire)
        const charges = periods.map((period) => periodCharge(unit, period))
        for (const charge of charges) expect(charge).toBeGreaterThanOrEqual(0)
        expect(sum(charges)).toBe(priceHire(hire.rates, { onHire, offHire }).subtotalExGst)
        // The periods just before and after the hire add nothing.
        const before = billingPeriodAt(cycle, new Date((periods[0] as BillingPeriod).start.getTime() - 1))
        const after = billingPeriodAt(cycle, (periods.at(-1) as BillingPeriod).end)
        expect(periodCharge(unit, before)).toBe(0)
        expect(periodCharge(unit, after)).toBe(0)
        // Consecutive periods, each starting where the last ended.
        periods.slice(1).forEach((period, index) => {
          expect(period.start).toEqual(periods[index]?.end)
        })
      }),
      { numRuns: 300 },
    )
  })

  it('never charges less for a longer hire, over its billing periods or from any instant', () => {
    fc.assert(
      fc.property(
        cycleArbitrary,
        hireArbitrary,
        fc.integer({ min: 0, max: 60 * DAY }),
        (cycle, hire, more) => {
          const billed = (length: number) => {
            const unit = { ...unitOf(hire, 1), offHireAt: new Date(hire.onHire + length) }
            const periods = billingPeriods(cycle, unit.onHireAt as Date, unit.offHireAt)
            return sum(periods.map((period) => periodCharge(unit, period)))
          }
          expect(billed(hire.length + more)).toBeGreaterThanOrEqual(billed(hire.length))
          const unit = unitOf({ ...hire, offHired: false }, 1)
          const at = hire.onHire + hire.length
          expect(hireChargeBetween(unit, new Date(at), new Date(at + more))).toBeGreaterThanOrEqual(0)
        },
      ),
      { numRuns: 300 },
    )
  })

  /**
   * A booking's invoices from its first on-hire: billing runs at some of the period ends (`runs` picks which), an
   * invoice at each chosen unit's off-hire, and a last run at the end of the last period. Returns every draft.
   */
  function invoiceAll(
    cycle: BillingCycle,
    hires: readonly Hire[],
    runs: readonly boolean[],
    atOffHire: readonly boolean[],
  ) {
    const units = hires.map((hire, index) => unitOf(hire, index + 1))
    const first = Math.min(...hires.map((hire) => hire.onHire))
    const last = Math.max(...hires.map((hire) => hire.onHire + hire.length))
    const periods = billingPeriods(cycle, new Date(first), new Date(last))
    const events = [
      ...periods.flatMap((period, index) =>
        runs[index % runs.length] || index === periods.length - 1
          ? [{ to: period.end, lineIds: undefined }]
          : [],
      ),
      ...units.flatMap((unit, index) =>
        unit.offHireAt !== null && atOffHire[index]
          ? [{ to: unit.offHireAt as Date, lineIds: [unit.lineId] }]
          : [],
      ),
    ].sort((a, b) => a.to.getTime() - b.to.getTime())
    let bookings = [booking(units, { delivery: cents(12_345), collection: cents(9_999) })]
    const drafts: InvoiceDraft[] = []
    for (const event of events) {
      const draft = draftInvoice({ bookings, to: event.to, lineIds: event.lineIds })
      drafts.push(draft)
      bookings = afterInvoice(bookings, draft)
    }
    const end = (periods.at(-1) as BillingPeriod).end
    return { drafts, units, end, periods }
  }

  const splitArbitrary = fc.record({
    cycle: cycleArbitrary,
    hires: fc.array(hireArbitrary, { minLength: 1, maxLength: 3 }),
    runs: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
    atOffHire: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  })

  it('costs the same split at any billing boundaries and off-hires as on one invoice for the whole hire', () => {
    fc.assert(
      fc.property(splitArbitrary, ({ cycle, hires, runs, atOffHire }) => {
        const { drafts, units, end } = invoiceAll(cycle, hires, runs, atOffHire)
        const whole = draftInvoice({
          bookings: [booking(units, { delivery: cents(12_345), collection: cents(9_999) })],
          to: end,
        })
        expect(sum(drafts.map((draft) => draft.subtotalExGst))).toBe(whole.subtotalExGst)
        // …which is the rate engine's price of each unit's whole hire, and the fees once each.
        const engine = units.map(
          (unit) =>
            priceHire(unit.rates, { onHire: unit.onHireAt as Date, offHire: unit.offHireAt ?? end })
              .subtotalExGst,
        )
        const allOff = units.every((unit) => unit.offHireAt !== null)
        expect(whole.subtotalExGst).toBe(sum(engine) + 12_345 + (allOff ? 9_999 : 0))
        const fees = drafts.flatMap((draft) => draft.lines.filter((line) => line.kind !== 'hire'))
        expect(fees.map((fee) => fee.kind)).toEqual(allOff ? ['delivery', 'collection'] : ['delivery'])
        for (const draft of drafts) {
          expect(draft.credits).toEqual([])
          for (const line of draft.lines) expect(line.amountCents).toBeGreaterThanOrEqual(0)
        }
        // Each day of each unit's hire is on exactly one line.
        for (const unit of units) {
          const lines = drafts.flatMap((draft) =>
            draft.lines.filter((line) => line.kind === 'hire' && line.lineId === unit.lineId),
          )
          const hire = hireDays({
            onHire: unit.onHireAt as Date,
            offHire: unit.offHireAt ?? new Date(end.getTime() - 1),
          })
          expect(sum(lines.map((line) => (line.kind === 'hire' ? line.days : 0)))).toBe(hire.days)
        }
      }),
      { numRuns: 200 },
    )
  })

  it("adds an invoice's GST once: 10% of its subtotal rounded to the nearest cent", () => {
    fc.assert(
      fc.property(splitArbitrary, ({ cycle, hires, runs, atOffHire }) => {
        const { drafts } = invoiceAll(cycle, hires, runs, atOffHire)
        for (const draft of drafts) {
          expect(draft.subtotalExGst).toBe(sum(draft.lines.map((line) => line.amountCents)))
          expect(draft.gst).toBe(expectedGst(draft.subtotalExGst))
          expect(draft.total).toBe(draft.subtotalExGst + draft.gst)
        }
      }),
      { numRuns: 150 },
    )
  })

  it("keeps each hire line's days within its billing period when the run comes at every period end", () => {
    fc.assert(
      fc.property(splitArbitrary, ({ cycle, hires }) => {
        const { drafts, periods } = invoiceAll(cycle, hires, [true], [false, false, false])
        expect(drafts).toHaveLength(periods.length)
        drafts.forEach((draft, index) => {
          const period = periods[index] as BillingPeriod
          for (const line of draft.lines) {
            if (line.kind !== 'hire' || line.days === 0) continue
            expect(formatIsoDay(line.firstDay) >= formatIsoDay(period.firstDay)).toBe(true)
            expect(formatIsoDay(line.lastDay) <= formatIsoDay(period.lastDay)).toBe(true)
          }
        })
      }),
      { numRuns: 150 },
    )
  })
})
