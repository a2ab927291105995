import { createHash } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers'
import type { Executor } from '../../db/database.ts'
import type { PasskeysTable, UserRow } from '../../db/schema.ts'
import { ConflictError, ValidationError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import {
  deleteDeadWebauthnChallenges,
  deletePasskey,
  findPasskey,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeys,
  renamePasskey,
  takeWebauthnChallenge,
  usePasskey,
} from './passkey-repository.ts'
import { InvalidGrantError } from './tokens.ts'

/*
 * Passkeys (ADR 019, WebAuthn Level 3) with SimpleWebAuthn: registered from the Security section (several,
 * named), used as the second step after a password, or alone (a discoverable credential with user
 * verification: something the person has and is or knows). No attestation is asked for: any authenticator the
 * person chooses is accepted. Each ceremony's challenge is stored by its hash for one purpose, five minutes,
 * and answers once; the browser's answer names it in clientDataJSON.
 */

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000

export const PASSKEY_MESSAGES = {
  failed: 'The passkey could not be checked. Please try again.',
  duplicate: 'This passkey is registered already.',
  notFound: 'Passkey not found.',
} as const

type Purpose = 'register' | 'sign-in' | 'second-step'

type PasskeyRow = Pick<PasskeysTable, 'id' | 'name'> & {
  created_at: string
  last_used_at: string | null
}

export interface Passkeys {
  registrationOptions(user: UserRow): Promise<PublicKeyCredentialCreationOptionsJSON>
  /** Verifies the browser's answer to registrationOptions; stores the passkey under the person's name for it. */
  register(user: UserRow, name: string, response: RegistrationResponseJSON): Promise<PasskeyRow>
  list(userId: number): Promise<PasskeyRow[]>
  rename(userId: number, id: string, name: string): Promise<boolean>
  remove(userId: number, id: string): Promise<boolean>
  /**
   * Options for signing in: with a user (the second step after their password) for their passkeys only;
   * without, for any discoverable passkey of this site, with user verification.
   */
  signInOptions(userId: number | null): Promise<PublicKeyCredentialRequestOptionsJSON>
  /** Verifies a sign-in answer; the user it signs in. InvalidGrantError otherwise. */
  authenticate(response: AuthenticationResponseJSON, expectedUserId: number | null): Promise<number>
}

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge, 'utf8').digest('hex')

/** The challenge the browser answered, read from its clientDataJSON; undefined when unreadable. */
function answeredChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }
    return typeof data.challenge === 'string' ? data.challenge : undefined
  } catch {
    return undefined
  }
}

const toTransports = (value: string) =>
  (value === '' ? [] : value.split(',')) as NonNullable<RegistrationResponseJSON['response']['transports']>

export function createPasskeys({
  db,
  clock,
  siteUrl,
  rpName,
}: {
  db: Executor
  clock: Clock
  /** The site's address: its host is the relying party id, its origin the one expected. */
  siteUrl: string
  rpName: string
}): Passkeys {
  const { hostname: rpID, origin } = new URL(siteUrl)
  let nextSweep = 0

  const remember = async (challenge: string, purpose: Purpose, userId: number | null) => {
    const now = clock()
    if (now.getTime() >= nextSweep) {
      nextSweep = now.getTime() + 60 * 60 * 1000
      await deleteDeadWebauthnChallenges(db, now)
    }
    await insertWebauthnChallenge(db, {
      hash: hashChallenge(challenge),
      purpose,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    })
  }

  /** The live challenge of this purpose the answer names (used up by this call), else undefined. */
  const takeAnswered = async (clientDataJSON: string, purpose: Purpose) => {
    const challenge = answeredChallenge(clientDataJSON)
    if (!challenge) return undefined
    const row = await takeWebauthnChallenge(db, hashChallenge(challenge), purpose, clock())
    return row ? { challenge, userId: row.user_id } : undefined
  }

  return {
    async registrationOptions(user) {
      const existing = await listPasskeys(db, user.id)
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: user.email,
        userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
        userID: isoUint8Array.fromUTF8String(`user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: toTransports(row.transports) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      await remember(options.challenge, 'register', user.id)
      return options
    },

    async register(user, name, response) {
      const taken = await takeAnswered(response.response.clientDataJSON, 'register')
      if (!taken || taken.userId !== user.id)
        throw new ValidationError({ response: [PASSKEY_MESSAGES.failed] })
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: taken.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        })
      } catch {
        throw new ValidationError({ response: [PASSKEY_MESSAGES.failed] })
      }
      if (!verified.verified) throw new ValidationError({ response: [PASSKEY_MESSAGES.failed] })
      const { credential } = verified.registrationInfo
      if (await findPasskey(db, credential.id)) throw new ConflictError(PASSKEY_MESSAGES.duplicate)
      const now = clock()
      await insertPasskey(db, {
        id: credential.id,
        userId: user.id,
        name,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        createdAt: now,
      })
      return { id: credential.id, name, created_at: now.toISOString(), last_used_at: null }
    },

    list: (userId) => listPasskeys(db, userId),
    rename: (userId, id, name) => renamePasskey(db, userId, id, name),
    remove: (userId, id) => deletePasskey(db, userId, id),

    async signInOptions(userId) {
      const own = userId === null ? [] : await listPasskeys(db, userId)
      const options = await generateAuthenticationOptions({
        rpID,
        ...(userId === null
          ? { userVerification: 'required' as const }
          : {
              userVerification: 'preferred' as const,
              allowCredentials: own.map((row) => ({ id: row.id, transports: toTransports(row.transports) })),
            }),
      })
      await remember(options.challenge, userId === null ? 'sign-in' : 'second-step', userId)
      return options
    },

    async authenticate(response, expectedUserId) {
      const failed = () => new InvalidGrantError(PASSKEY_MESSAGES.failed)
      const taken = await takeAnswered(
        response.response.clientDataJSON,
        expectedUserId === null ? 'sign-in' : 'second-step',
      )
      if (!taken || taken.userId !== expectedUserId) throw failed()
      const passkey = await findPasskey(db, response.id)
      if (!passkey || (expectedUserId !== null && passkey.user_id !== expectedUserId)) throw failed()
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: taken.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: isoBase64URL.toBuffer(passkey.public_key),
            counter: passkey.counter,
            transports: toTransports(passkey.transports),
          },
          // Alone, a passkey must also have checked the person (a PIN, a fingerprint): two factors in one.
          requireUserVerification: expectedUserId === null,
        })
      } catch {
        throw failed()
      }
      if (!verified.verified) throw failed()
      await usePasskey(db, passkey.id, verified.authenticationInfo.newCounter, clock())
      return passkey.user_id
    },
  }
}
