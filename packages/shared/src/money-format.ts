import type { z } from 'zod'

/*
 * Money's type and its formatting, without zod at run time: the enhancement script that shows My Account before
 * the app (ADR 030) writes a customer account's limit with it. `money.ts` re-exports these with the rest.
 */

/** An amount of money in whole cents (AUD): a safe integer, negative for a credit. */
export type Cents = number & z.$brand<'Cents'>

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

/**
 * "$1,234.50": dollars with thousands separated by commas and always two cents digits (en-AU). Built from integer
 * division and remainder, not from `Intl.NumberFormat`, which would take the number as a float of dollars. A
 * negative amount is written "-$12.00" with the ASCII hyphen-minus, as `Intl.NumberFormat('en-AU')` writes it and
 * spreadsheets read it back; U+2212 (−) would be neither typed by staff nor read as a number when copied.
 */
export function formatMoney(amount: Cents): string {
  if (!isCents(amount)) throw new RangeError(`Cannot format ${String(amount)} as money.`)
  const magnitude = Math.abs(amount)
  const cent = magnitude % 100
  const dollars = String((magnitude - cent) / 100).replace(/\B(?=(\d{3})+$)/gu, ',')
  return `${amount < 0 ? '-' : ''}$${dollars}.${String(cent).padStart(2, '0')}`
}
