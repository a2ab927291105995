/**
 * CSV for spreadsheets: RFC 4180 (every field quoted, quotes doubled, CRLF between records), a
 * UTF-8 byte order mark so that Excel reads the text as UTF-8, and no formulas: a cell that a
 * spreadsheet would evaluate (starting with = + - @, a tab or a carriage return) is prefixed
 * with a single quote, as OWASP recommends against CSV injection.
 */

const BOM = '\uFEFF'
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: neutralised if it could start a formula, then quoted. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return `"${safe.replace(/"/g, '""')}"`
}

/** A whole document: a header record, then one record per row, each ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: Iterable<readonly (string | number | null)[]>,
): string {
  const records = [header.map(csvCell).join(',')]
  for (const row of rows) records.push(row.map(csvCell).join(','))
  return `${BOM}${records.join('\r\n')}\r\n`
}
