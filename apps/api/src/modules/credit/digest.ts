import { createHash, randomInt } from 'node:crypto'

/**
 * Canonical JSON (RFC 8785, JCS): object keys sorted by UTF-16 code units, no insignificant
 * whitespace, strings and numbers as ECMAScript's JSON.stringify writes them. The same data
 * always gives the same text, whatever order or spacing the client used.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // undefined, functions and symbols cannot come out of JSON.parse; treat them as null.
    return JSON.stringify(value) ?? 'null'
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/** SHA-256 (hex) of the canonical JSON of the submitted payload: the digest on the signing record. */
export function payloadDigest(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload), 'utf8').digest('hex')
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Crockford's base32 alphabet: no I, L, O or U, so a reference read over the phone is unambiguous. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** 'CA-2026-7KQ4M2XZ': the year and 8 random characters (40 bits). */
export function newReference(year: number): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `CA-${year}-${code}`
}
