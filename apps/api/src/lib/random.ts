import { randomBytes, randomInt } from 'node:crypto'

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** A readable random password that meets the password rule of requirements §5 (8+ characters with a digit). */
export function generatePassword(length = 20): string {
  const chars = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)])
  chars[randomInt(length)] = String(randomInt(2, 10))
  return chars.join('')
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}
