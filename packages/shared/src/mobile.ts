/**
 * The mobile number's two forms, without zod: the pages that are not hydrated use them too (the profile's
 * enhancement script, ADR 028).
 */

/** Removes every space from a (masked) mobile number: '0412 345 678' -> '0412345678'. */
export function normaliseMobile(value: string): string {
  return value.replace(/\s+/gu, '')
}

/** '0412345678' -> '0412 345 678' (the display form of the mask); other values unchanged. */
export function formatMobile(value: string): string {
  const digits = normaliseMobile(value)
  return /^04\d{8}$/u.test(digits) ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}` : value
}
