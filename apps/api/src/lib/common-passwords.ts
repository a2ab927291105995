import { readFileSync } from 'node:fs'

const LIST_FILE = new URL('./common-passwords.txt', import.meta.url)

let list: ReadonlySet<string> | undefined

function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
  return list
}

/** True for a password on the shipped list of the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase())
}
