import { describe, expect, it } from 'vitest'
import { applyMask, caretAfterDigits, MASKS, maskEdit } from './mask.ts'

describe('mask', () => {
  it("formats a mobile as '0000 000 000' and an ABN as '00 000 000 000'", () => {
    expect(applyMask('0412345678', MASKS.mobile)).toBe('0412 345 678')
    expect(applyMask('51824753556', MASKS.abn)).toBe('51 824 753 556')
  })

  it('writes a literal only when a digit follows it, and ignores non-digits and extra digits', () => {
    expect(applyMask('0412', MASKS.mobile)).toBe('0412')
    expect(applyMask('04125', MASKS.mobile)).toBe('0412 5')
    expect(applyMask('04a1-2 3', MASKS.mobile)).toBe('0412 3')
    expect(applyMask('041234567899', MASKS.mobile)).toBe('0412 345 678')
    expect(applyMask('', MASKS.mobile)).toBe('')
  })

  it('places the caret after the n-th digit', () => {
    expect(caretAfterDigits('0412 345 678', 0)).toBe(0)
    expect(caretAfterDigits('0412 345 678', 4)).toBe(4)
    expect(caretAfterDigits('0412 345 678', 5)).toBe(6)
    expect(caretAfterDigits('0412 345 678', 10)).toBe(12)
  })

  it('keeps the caret after the digit typed in the middle', () => {
    // '0412 345 678' with '9' typed after '0412 3' -> raw '0412 39345 678', caret 7
    expect(maskEdit('0412 345 678', '0412 39345 678', 7, MASKS.mobile, 'insertText')).toEqual({
      value: '0412 393 456',
      caret: 7,
    })
  })

  it('steps over the space when typing at the end', () => {
    expect(maskEdit('0412', '04125', 5, MASKS.mobile, 'insertText')).toEqual({ value: '0412 5', caret: 6 })
  })

  it('Backspace just after a space deletes the digit before it', () => {
    // caret after the space of '0412 345': the browser removes the space -> '0412345', caret 4
    expect(maskEdit('0412 345', '0412345', 4, MASKS.mobile, 'deleteContentBackward')).toEqual({
      value: '0413 45',
      caret: 3,
    })
  })

  it('Delete just before a space deletes the digit after it', () => {
    expect(maskEdit('0412 345', '0412345', 4, MASKS.mobile, 'deleteContentForward')).toEqual({
      value: '0412 45',
      caret: 4,
    })
  })

  it('formats a pasted value', () => {
    expect(maskEdit('', '51 824 753 556', 14, MASKS.abn, 'insertFromPaste')).toEqual({
      value: '51 824 753 556',
      caret: 14,
    })
  })
})

describe('the mobile mask takes only 04 followed by 8 digits', () => {
  it('refuses a first digit other than 0 and a second other than 4', () => {
    expect(applyMask('3', MASKS.mobile)).toBe('')
    expect(applyMask('03', MASKS.mobile)).toBe('0')
    expect(applyMask('0412345678', MASKS.mobile)).toBe('0412 345 678')
    expect(applyMask('041234567899', MASKS.mobile)).toBe('0412 345 678')
  })

  it('stops a pasted landline at its first wrong digit', () => {
    expect(maskEdit('', '0398765432', 10, MASKS.mobile, 'insertFromPaste').value).toBe('0')
  })

  it('takes an international +61 number as the national one', () => {
    expect(applyMask('+61 412 345 678', MASKS.mobile)).toBe('0412 345 678')
    expect(applyMask('61412345678', MASKS.mobile)).toBe('0412 345 678')
  })

  it('leaves the other masks as they were', () => {
    expect(applyMask('3000', MASKS.postcode)).toBe('3000')
    expect(applyMask('12 345 678 901', MASKS.abn)).toBe('12 345 678 901')
  })
})
