/**
 * Money as integer cents, from the database to the screen: no price is ever a floating-point number of dollars.
 * Amounts are Australian dollars; GST is 10% and shown beside every price.
 *
 * `Cents` is a number branded at the type level only (zod's `.brand()`, erased at run time): a plain number, such
 * as dollars typed by hand, does not pass where cents are expected until `cents()` or a schema has checked it is a
 * safe integer. Every sum and product goes through `cents()` again, so an amount beyond the safe integers (about
 * $90 trillion) throws instead of silently losing cents.
 */
import { z } from 'zod'
import { type Cents, formatMoney } from './money-format.ts'

export { type Cents, formatMoney, isCents } from './money-format.ts'

/** GST in Australia: 10% of the price before GST. */
export const GST_RATE_PERCENT = 10

/** The amount as cents; a RangeError for anything but a safe integer (a fraction of a cent, NaN, Infinity). */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`An amount of money must be a whole number of cents, not ${String(value)}.`)
  }
  // -0 would format as "-$0.00".
  return (value === 0 ? 0 : value) as Cents
}

export function addCents(...amounts: readonly Cents[]): Cents {
  return cents(amounts.reduce<number>((sum, amount) => sum + amount, 0))
}

/** `amount` × a whole number (days, units); a RangeError when the product is beyond the safe integers. */
export function multiplyCents(amount: Cents, times: number): Cents {
  if (!Number.isSafeInteger(times)) throw new RangeError(`Cannot multiply an amount by ${String(times)}.`)
  return cents(amount * times)
}

/**
 * The GST on a price before GST: 10%, rounded to the nearest cent, a half cent away from zero (0.5 cent up, as the
 * ATO allows when the GST of an invoice is rounded to the nearest cent). Integer arithmetic only: the remainder
 * modulo 10 decides the rounding, so no binary fraction is ever rounded.
 */
export function gstOf(exGst: Cents): Cents {
  const remainder = exGst % 10
  const tenth = (exGst - remainder) / 10
  if (remainder >= 5) return cents(tenth + 1)
  if (remainder <= -5) return cents(tenth - 1)
  return cents(tenth)
}

/** The price with GST: the price before GST plus `gstOf` it. */
export function withGst(exGst: Cents): Cents {
  return addCents(exGst, gstOf(exGst))
}

/** "$450.00 ex GST": a price before GST, as every price list and quote line shows it. */
export function formatPriceExGst(exGst: Cents): string {
  return `${formatMoney(exGst)} ex GST`
}

/** "$495.00 inc GST": the same price with its GST. */
export function formatPriceWithGst(exGst: Cents): string {
  return `${formatMoney(withGst(exGst))} inc GST`
}

/** The messages of a typed amount; `label` starts each sentence ("Day rate", "The amount"). */
export const MONEY_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  invalid: (label: string) => `${label} must be an amount in dollars, such as 450 or 1,234.50.`,
  negative: (label: string) => `${label} cannot be negative.`,
  tooManyDecimals: (label: string) => `${label} can have at most 2 decimal places (cents).`,
  tooLarge: (label: string) => `${label} is too large.`,
} as const

export type MoneyProblem = 'required' | 'invalid' | 'negative' | 'tooManyDecimals' | 'tooLarge'

// "$1,234.50", "1234.5", "450", "450.", ".50", "$ 450": the dollars either grouped by commas in threes or not grouped at all.
const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/u

/** Reads staff-typed dollars into cents, or names what is wrong with the text. */
export function readMoney(text: string): { cents: Cents } | { problem: MoneyProblem } {
  const trimmed = text.trim()
  if (trimmed === '') return { problem: 'required' }
  if (/^[-\u2212]|^\$\s*[-\u2212]|^\(.*\)$/u.test(trimmed)) return { problem: 'negative' }
  const match = AMOUNT.exec(trimmed)
  const whole = match?.[1]?.replaceAll(',', '') ?? ''
  const fraction = match?.[2]
  if (!match || (whole === '' && !fraction)) return { problem: 'invalid' }
  if (fraction !== undefined && fraction.length > 2) return { problem: 'tooManyDecimals' }
  // Digits, not a float: "0.29" is 29 cents exactly.
  const digits = `${whole}${(fraction ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/u, '')
  const value = Number(digits)
  if (!Number.isSafeInteger(value)) return { problem: 'tooLarge' }
  return { cents: cents(value) }
}

/** Staff-typed dollars ("450", "450.5", "$1,234.50") as cents; undefined when the text is not such an amount. */
export function parseMoney(text: string): Cents | undefined {
  const read = readMoney(text)
  return 'cents' in read ? read.cents : undefined
}

/**
 * A typed amount of dollars, checked and turned into cents: an empty value gets only `required`, anything else the
 * first thing wrong with it ("Day rate can have at most 2 decimal places (cents).").
 */
export function moneyInput(label: string) {
  return z.string({ error: MONEY_MESSAGES.required(label) }).transform((text, context) => {
    const read = readMoney(text)
    if ('cents' in read) return read.cents
    context.issues.push({ code: 'custom', message: MONEY_MESSAGES[read.problem](label), input: text })
    return z.NEVER
  })
}

/** A typed amount of dollars in a form without a more specific label. */
export const moneyInputSchema = moneyInput('The amount')

/** Cents as the API carries them: a safe integer, 0 or more. */
export function centsField(label: string) {
  const message = `${label} must be a whole number of cents, 0 or more.`
  return z.int({ error: message }).min(0, { error: message }).brand<'Cents'>()
}
