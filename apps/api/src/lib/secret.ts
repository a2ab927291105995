import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const MIN_SECRET_LENGTH = 32

/**
 * The signing secret of the local demo and development profiles: generated once and kept in
 * DATA_DIR/secret, so that tokens survive a restart and every instance sharing DATA_DIR agrees.
 * Production supplies JWT_SECRET instead.
 */
export function readOrCreateLocalSecret(dataDir: string): string {
  const file = join(dataDir, 'secret')
  const existing = readSecretFile(file)
  if (existing !== undefined) return existing

  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  try {
    // 'wx' fails if another process created the file first; we then read the winner's.
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 })
    return secret
  } catch (error) {
    const winner = readSecretFile(file)
    if (winner !== undefined) return winner
    throw error
  }
}

function readSecretFile(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim()
    return secret.length >= MIN_SECRET_LENGTH ? secret : undefined
  } catch {
    return undefined
  }
}
