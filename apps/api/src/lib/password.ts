import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). Argon2id is the library's
 * default algorithm; its const enum cannot be referenced under isolatedModules.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/** False for a wrong password and for a malformed hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
