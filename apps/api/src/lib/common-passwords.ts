import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isCommonPasswordIn, parseCommonPasswords } from '@signalway/shared/common-passwords'

/** The list the browser checks too (packages/shared: one list, one rule). */
const LIST_FILE = createRequire(import.meta.url).resolve('@signalway/shared/common-passwords.txt')

let list: ReadonlySet<string> | undefined

/** True for a password on the shipped list of the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  list ??= parseCommonPasswords(readFileSync(LIST_FILE, 'utf8'))
  return isCommonPasswordIn(list, password)
}
