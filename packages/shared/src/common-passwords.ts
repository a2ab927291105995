/*
 * The rule that refuses the most common passwords (ADR 004), one for the server and the browser. The list itself
 * is `common-passwords.txt` beside this file (`@signalway/shared/common-passwords.txt`): the API reads it at
 * start, the browser loads it on its own when someone types a new password (about 27 KB gzip, kept out of the
 * page's scripts). Plain code, no zod: the register page's enhancement script may import it.
 */

/** How a password is compared with the list: without surrounding spaces, in lower case. */
export function commonPasswordKey(password: string): string {
  return password.trim().toLowerCase()
}

/** The list's text (one password a line, lines starting with # are comments) as the set of keys. */
export function parseCommonPasswords(text: string): ReadonlySet<string> {
  return new Set(
    text
      .split('\n')
      .map(commonPasswordKey)
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
}

/** True when the password is on the list (case-insensitive, surrounding spaces ignored). */
export function isCommonPasswordIn(list: ReadonlySet<string>, password: string): boolean {
  return list.has(commonPasswordKey(password))
}
