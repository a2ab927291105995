import { stringify } from 'csv-stringify/sync'

/**
 * CSV for spreadsheets, written by csv-stringify: RFC 4180 (every field quoted, quotes doubled, CRLF
 * between records), a UTF-8 byte order mark so that Excel reads the text as UTF-8, and no formulas:
 * a cell that a spreadsheet would evaluate (starting with = + - @, a tab or a carriage return) is
 * prefixed with a single quote, as OWASP recommends against CSV injection.
 */

const FORMULA_START = /^[=+\-@\t\r]/

/** A decimal number written by the code itself ('-12.50'): a spreadsheet reads it as a number, never a formula. */
export class NumberCell {
  readonly text: string
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/u.test(text)) throw new TypeError(`Not a decimal number: ${text}`)
    this.text = text
  }
}

export type Cell = string | number | NumberCell | null | undefined

/** A cell's text, neutralised if it could start a formula; numbers (and number cells) are left as they are. */
function safeText(value: Cell): string {
  if (value instanceof NumberCell) return value.text
  if (typeof value === 'number') return String(value)
  const text = value === null || value === undefined ? '' : value
  return FORMULA_START.test(text) ? `'${text}` : text
}

const OPTIONS = {
  quoted: true,
  quoted_empty: true,
  record_delimiter: 'windows',
  cast: { number: (value: number) => String(value) },
} as const

/** One cell, as it stands in a record: neutralised, then quoted. */
export function csvCell(value: Cell): string {
  return stringify([[safeText(value)]], { ...OPTIONS, record_delimiter: '' })
}

/** A whole document: a header record, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly Cell[]>): string {
  const records = [header.map(safeText)]
  for (const row of rows) records.push(row.map(safeText))
  return stringify(records, { ...OPTIONS, bom: true })
}

/**
 * A cell as it was before `safeText`: the single quote put before a would-be formula is taken off again, so
 * that a file exported here imports back unchanged. A quote before anything else stays.
 */
export function unneutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text
}

export type ParsedCsv =
  | { ok: true; records: string[][] }
  /** A quoted cell runs to the end of the text: `record` (1 first) is where it starts. */
  | { ok: false; record: number }

/**
 * Records of RFC 4180 text, as spreadsheets save it: commas between cells, CRLF or LF between records,
 * cells in double quotes may hold commas, line breaks and doubled quotes. A byte order mark is skipped,
 * and so is the line break that ends the last record; a quote inside an unquoted cell is kept as it is.
 */
export function parseCsv(text: string): ParsedCsv {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  let index = text.startsWith('\uFEFF') ? 1 : 0
  const endRecord = () => {
    record.push(cell)
    records.push(record)
    record = []
    cell = ''
  }
  while (index < text.length) {
    const char = text[index] as string
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && cell === '') quoted = true
    else if (char === ',') {
      record.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1
      endRecord()
    } else cell += char
    index += 1
  }
  if (quoted) return { ok: false, record: records.length + 1 }
  if (cell !== '' || record.length > 0) endRecord()
  return { ok: true, records }
}
