import { describe, expect, it } from 'vitest'
import { csvCell, NumberCell, toCsv } from '../../../src/lib/csv.ts'

describe('csvCell', () => {
  it('quotes every cell and doubles inner quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('a "quoted", word')).toBe('"a ""quoted"", word"')
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"')
    expect(csvCell(null)).toBe('""')
    expect(csvCell('')).toBe('""')
  })

  it.each(['=1+2', '+61 3 5550 1234', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'prefixes %j with a single quote so that no spreadsheet runs it',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`)
    },
  )

  it('leaves a formula character after the first alone', () => {
    expect(csvCell('a=b')).toBe('"a=b"')
    expect(csvCell(' =1')).toBe('" =1"')
  })

  it('writes numbers, and decimal numbers the code made, as they are: a minus sign there is no formula', () => {
    expect(csvCell(-2)).toBe('"-2"')
    expect(csvCell(new NumberCell('-123.45'))).toBe('"-123.45"')
    expect(() => new NumberCell('-1+cmd')).toThrow(TypeError)
    expect(() => new NumberCell('=1')).toThrow(TypeError)
  })
})

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and ends every record with CRLF', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['1', 'é'],
          ['x', null],
        ],
      ),
    ).toBe('\uFEFF"A","B"\r\n"1","é"\r\n"x",""\r\n')
  })
})
