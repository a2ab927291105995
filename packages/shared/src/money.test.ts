import { describe, expect, it } from 'vitest'
import {
  addCents,
  type Cents,
  cents,
  centsField,
  formatMoney,
  formatPriceExGst,
  formatPriceWithGst,
  gstOf,
  moneyInput,
  moneyInputSchema,
  multiplyCents,
  parseMoney,
  readMoney,
  withGst,
} from './money.ts'

const MAX = Number.MAX_SAFE_INTEGER

describe('cents', () => {
  it('takes whole numbers of cents, negative ones included', () => {
    expect(cents(0)).toBe(0)
    expect(cents(45_000)).toBe(45_000)
    expect(cents(-1200)).toBe(-1200)
    expect(cents(MAX)).toBe(MAX)
    expect(Object.is(cents(-0), 0)).toBe(true)
  })

  it.each([[0.5], [450.1], [Number.NaN], [Number.POSITIVE_INFINITY], [MAX + 1], [-(MAX + 1)]])(
    'refuses %s',
    (value) => {
      expect(() => cents(value)).toThrow(RangeError)
    },
  )

  it('refuses a sum or product beyond the safe integers instead of losing cents', () => {
    expect(addCents(cents(1), cents(2), cents(3))).toBe(6)
    expect(addCents()).toBe(0)
    expect(() => addCents(cents(MAX), cents(1))).toThrow(RangeError)
    expect(multiplyCents(cents(25_000), 13)).toBe(325_000)
    expect(() => multiplyCents(cents(MAX), 2)).toThrow(RangeError)
    expect(() => multiplyCents(cents(100), 1.5)).toThrow(RangeError)
  })
})

describe('GST: 10%, a half cent rounded away from zero', () => {
  it.each([
    [0, 0],
    [1, 0], // 0.1 c
    [4, 0], // 0.4 c
    [5, 1], // 0.5 c: up
    [6, 1],
    [14, 1],
    [15, 2], // 1.5 c: up
    [25, 3], // 2.5 c: up (not to even)
    [45_000, 4500],
    [45_005, 4501], // 4,500.5 c: up
    [45_004, 4500],
    [123_456_789, 12_345_679],
  ])('gstOf(%i) is %i', (exGst, gst) => {
    expect(gstOf(cents(exGst))).toBe(gst)
  })

  it('rounds a negative half cent away from zero too (a credit mirrors its charge)', () => {
    expect(gstOf(cents(-5))).toBe(-1)
    expect(gstOf(cents(-4))).toBe(0)
    expect(gstOf(cents(-45_005))).toBe(-4501)
    expect(Object.is(gstOf(cents(-4)), 0)).toBe(true)
  })

  it('is exact for the largest amounts (no division in floating point rounds them)', () => {
    // 9,007,199,254,740,991 c: the GST is 900,719,925,474,099.1 c.
    expect(gstOf(cents(MAX))).toBe(900_719_925_474_099)
    expect(gstOf(cents(MAX - 6))).toBe(900_719_925_474_099) // …098.5 c rounds up
    expect(gstOf(cents(-MAX))).toBe(-900_719_925_474_099)
  })

  it('adds the GST to a price', () => {
    expect(withGst(cents(45_000))).toBe(49_500)
    expect(withGst(cents(5))).toBe(6)
    expect(withGst(cents(0))).toBe(0)
    expect(() => withGst(cents(MAX))).toThrow(RangeError)
  })
})

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [100, '$1.00'],
    [123_456, '$1,234.56'],
    [123_450, '$1,234.50'],
    [100_000, '$1,000.00'],
    [99_999, '$999.99'],
    [123_456_789, '$1,234,567.89'],
    [MAX, '$90,071,992,547,409.91'],
    [-1200, '-$12.00'],
    [-5, '-$0.05'],
    [-123_456_789, '-$1,234,567.89'],
  ])('%i cents is %s', (amount, text) => {
    expect(formatMoney(cents(amount))).toBe(text)
  })

  it('writes what Intl writes for en-AU dollars', () => {
    const intl = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' })
    for (const amount of [0, 5, 100, 123_456_789, -1200, 99_999_999]) {
      expect(formatMoney(cents(amount))).toBe(intl.format(amount / 100))
    }
  })

  it('refuses what is not cents', () => {
    expect(() => formatMoney(12.5 as Cents)).toThrow(RangeError)
    expect(() => formatMoney(Number.NaN as Cents)).toThrow(RangeError)
  })

  it('labels prices before and with GST', () => {
    expect(formatPriceExGst(cents(45_000))).toBe('$450.00 ex GST')
    expect(formatPriceWithGst(cents(45_000))).toBe('$495.00 inc GST')
    expect(formatPriceWithGst(cents(123_455))).toBe('$1,358.01 inc GST') // 1,234.55 + 123.455 → 123.46
  })
})

describe('parseMoney (staff-typed rates)', () => {
  it.each([
    ['450', 45_000],
    ['450.5', 45_050],
    ['450.50', 45_050],
    ['450.', 45_000],
    ['.5', 50],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['1.15', 115],
    ['$1,234.50', 123_450],
    ['1,234', 123_400],
    ['12,345,678.90', 1_234_567_890],
    ['1234567.89', 123_456_789],
    ['  $ 450  ', 45_000],
    ['0', 0],
    ['$0.00', 0],
    ['007', 700],
    ['90071992547409.91', MAX],
  ])('reads %j as %i cents', (text, amount) => {
    expect(parseMoney(text)).toBe(amount)
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['450.505', 'tooManyDecimals'],
    ['1.001', 'tooManyDecimals'],
    ['-5', 'negative'],
    ['-$5.00', 'negative'],
    ['$-5', 'negative'],
    ['\u22125', 'negative'],
    ['(5.00)', 'negative'],
    ['abc', 'invalid'],
    ['$', 'invalid'],
    ['.', 'invalid'],
    ['4 50', 'invalid'],
    ['1,23', 'invalid'],
    ['1,2345', 'invalid'],
    [',123', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1e3', 'invalid'],
    ['0x10', 'invalid'],
    ['450 AUD', 'invalid'],
    ['$$450', 'invalid'],
    ['１２', 'invalid'], // full-width digits
    ['90071992547409.92', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(readMoney(text)).toEqual({ problem })
    expect(parseMoney(text)).toBeUndefined()
  })
})

describe('moneyInput schema', () => {
  const dayRate = moneyInput('Day rate')
  const messages = (value: unknown) => {
    const result = dayRate.safeParse(value)
    return result.success ? [] : result.error.issues.map((issue) => issue.message)
  }

  it('turns typed dollars into cents', () => {
    expect(dayRate.parse('$1,234.50')).toBe(123_450)
    expect(moneyInputSchema.parse('450')).toBe(45_000)
  })

  it.each([
    ['', 'Day rate is required.'],
    [undefined, 'Day rate is required.'],
    [450, 'Day rate is required.'],
    ['12.345', 'Day rate can have at most 2 decimal places (cents).'],
    ['-12', 'Day rate cannot be negative.'],
    ['twelve', 'Day rate must be an amount in dollars, such as 450 or 1,234.50.'],
    ['99999999999999999999', 'Day rate is too large.'],
  ])('%j gives only %j', (value, message) => {
    expect(messages(value)).toEqual([message])
  })

  it('names the amount in the general schema', () => {
    expect(moneyInputSchema.safeParse('1.001').error?.issues[0]?.message).toBe(
      'The amount can have at most 2 decimal places (cents).',
    )
  })
})

describe('centsField (cents as the API carries them)', () => {
  const field = centsField('The day rate')
  it('takes a safe integer of 0 or more', () => {
    expect(field.parse(0)).toBe(0)
    expect(field.parse(45_000)).toBe(45_000)
  })

  it.each([[-1], [1.5], ['450'], [MAX + 1], [Number.NaN], [null]])(
    'refuses %j with one sentence',
    (value) => {
      expect(field.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
        'The day rate must be a whole number of cents, 0 or more.',
      ])
    },
  )
})
