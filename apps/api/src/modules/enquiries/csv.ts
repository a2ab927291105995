import { stringify } from 'csv-stringify/sync'

/**
 * CSV for spreadsheets, written by csv-stringify: RFC 4180 (every field quoted, quotes doubled, CRLF
 * between records), a UTF-8 byte order mark so that Excel reads the text as UTF-8, and no formulas:
 * a cell that a spreadsheet would evaluate (starting with = + - @, a tab or a carriage return) is
 * prefixed with a single quote, as OWASP recommends against CSV injection.
 */

const FORMULA_START = /^[=+\-@\t\r]/

export type Cell = string | number | null | undefined

/** A cell's text, neutralised if it could start a formula. */
function safeText(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value)
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
