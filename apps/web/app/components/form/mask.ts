import { LIMITS } from '@signalway/shared/constants'

/**
 * Pattern masks for <MaskedInput>. In a pattern, '0' is a digit slot and every other character
 * is a literal that is written for the user: '0000 000 000' (mobile), '00 000 000 000' (ABN).
 * Pure functions, so the caret arithmetic is unit-tested without a DOM.
 * The requirements write their masks with '9' for a digit and fixed digits as they are (LIMITS.mobileMask
 * '0499 999 999', LIMITS.abnMask '99 999 999 999'); here every digit of those is a slot, and the fixed
 * ones are enforced by DIGIT_RULES.
 */

/** A mask of the requirements in this notation: each digit, fixed or free, a slot. */
function slotsOf(specMask: string): string {
  return specMask.replace(/\d/gu, SLOT)
}

const SLOT = '0'

export const MASKS = {
  /** Australian mobile, '04' followed by 8 digits: '0412 345 678'. */
  mobile: slotsOf(LIMITS.mobileMask),
  /** Australian business number: '51 824 753 556'. */
  abn: slotsOf(LIMITS.abnMask),
  /** Australian company number: '123 456 789'. */
  acn: '000 000 000',
  /** Post code: '3000'. */
  postcode: '0000',
} as const
const isDigit = (char: string) => char >= '0' && char <= '9'

/** Number of digit slots of a pattern. */
export function slotCount(pattern: string): number {
  let count = 0
  for (const char of pattern) if (char === SLOT) count++
  return count
}

/**
 * Digits a pattern takes only in a given order: an Australian mobile is 04 followed by 8 digits, so
 * its mask refuses a first digit other than 0 and a second other than 4 (a landline typed or pasted
 * into it stops at its first wrong digit, and the field's message says what is expected).
 */
const DIGIT_RULES: Partial<Record<string, (digits: string) => boolean>> = {
  [MASKS.mobile]: (digits) => LIMITS.mobilePrefix.startsWith(digits.slice(0, LIMITS.mobilePrefix.length)),
}

/** '+61 412 345 678' or '61412345678' as the national number '0412345678'. */
function nationalMobile(text: string): string {
  return text.replace(/^\s*\+?\s*61[\s-]*(?=4)/u, '0')
}

/** The digits of a text, at most as many as the pattern has slots, in the order the pattern takes. */
export function maskDigits(text: string, pattern: string): string {
  let digits = ''
  const max = slotCount(pattern)
  const rule = DIGIT_RULES[pattern]
  for (const char of rule ? nationalMobile(text) : text) {
    if (digits.length >= max) break
    if (!isDigit(char)) continue
    if (rule && !rule(digits + char)) break
    digits += char
  }
  return digits
}

/**
 * Lays digits into the pattern. A literal is written only when a digit follows it,
 * so '0412' gives '0412', not '0412 '.
 */
export function formatMasked(digits: string, pattern: string): string {
  let out = ''
  let next = 0
  for (const char of pattern) {
    if (next >= digits.length) break
    if (char === SLOT) out += digits[next++]
    else out += char
  }
  return out
}

/** Formats any text (typed, pasted, stored) with the pattern. */
export function applyMask(text: string, pattern: string): string {
  return formatMasked(maskDigits(text, pattern), pattern)
}

/** Caret position in a formatted value just after its n-th digit (0 = before the first slot). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0
  let seen = 0
  for (let i = 0; i < formatted.length; i++) {
    if (isDigit(formatted.charAt(i))) {
      seen++
      if (seen === count) return i + 1
    }
  }
  return formatted.length
}

function digitsBefore(text: string, caret: number): number {
  let count = 0
  for (let i = 0; i < Math.min(caret, text.length); i++) if (isDigit(text.charAt(i))) count++
  return count
}

export interface MaskEdit {
  value: string
  caret: number
}

/**
 * The masked value and caret after an edit. `previous` is the formatted value before the edit,
 * `raw` and `caret` what the browser has after it. Deleting only a literal (a space) with
 * Backspace or Delete removes the digit beside it instead, so the caret never gets stuck.
 */
export function maskEdit(
  previous: string,
  raw: string,
  caret: number,
  pattern: string,
  inputType?: string,
): MaskEdit {
  let text = raw
  let at = caret
  const literalOnly =
    raw.length < previous.length && maskDigits(raw, pattern) === maskDigits(previous, pattern)
  if (literalOnly && inputType === 'deleteContentBackward') {
    let i = at - 1
    while (i >= 0 && !isDigit(text.charAt(i))) i--
    if (i >= 0) {
      text = text.slice(0, i) + text.slice(i + 1)
      at = i
    }
  } else if (literalOnly && inputType === 'deleteContentForward') {
    let i = at
    while (i < text.length && !isDigit(text.charAt(i))) i++
    if (i < text.length) text = text.slice(0, i) + text.slice(i + 1)
  }
  const value = applyMask(text, pattern)
  const count = Math.min(digitsBefore(text, at), slotCount(pattern))
  return { value, caret: caretAfterDigits(value, count) }
}
