import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

/*
 * Small secrets kept at rest encrypted (a TOTP seed): AES-256-GCM with a key derived from the configured
 * secret and a purpose, so that a copy of the database alone does not give away anyone's second factor.
 * Sealed text: 'v1.' + base64url(iv | tag | ciphertext).
 */

export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
}

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = createHmac('sha256', secret).update(`secret-box:${purpose}`).digest()
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('Unknown sealed format')
      const raw = Buffer.from(sealed.slice(3), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}
