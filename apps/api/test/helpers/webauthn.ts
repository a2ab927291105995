import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

/*
 * A software authenticator for API tests (what Chromium's virtual authenticator is for the browser tests):
 * a P-256 key per credential, 'none' attestation, user presence and verification flags set, and a signature
 * counter that starts at 0 and is left there (as most passkeys do) unless `countUses` is set.
 *
 *   const authenticator = softAuthenticator('http://localhost:3000')
 *   const registration = authenticator.register(options)   // options from the registration options route
 *   const assertion = authenticator.assert(requestOptions)  // options from the sign-in options route
 */

interface Credential {
  id: Buffer
  key: KeyObject
  userHandle: string
  counter: number
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))

export function softAuthenticator(siteUrl: string, { countUses = false, userVerified = true } = {}) {
  const { hostname: rpId, origin } = new URL(siteUrl)
  const rpIdHash = createHash('sha256').update(rpId).digest()
  const credentials: Credential[] = []
  const flags = (attested: boolean) => 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)
  const counterBytes = (value: number) => {
    const bytes = Buffer.alloc(4)
    bytes.writeUInt32BE(value)
    return bytes
  }
  const clientData = (type: string, challenge: string, originOf = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: originOf, crossOrigin: false }))

  return {
    credentials,

    /** Answers registration options (as navigator.credentials.create would, through SimpleWebAuthn's browser). */
    register(options: { challenge: string; user: { id: string } }, { originOf = origin } = {}) {
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
      const id = randomBytes(16)
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x)],
          [-3, isoBase64URL.toBuffer(jwk.y)],
        ]),
      )
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([flags(true)]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        id,
        Buffer.from(cose),
      ])
      const attestation = new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ])
      const attestationObject = isoCBOR.encode(attestation as Parameters<typeof isoCBOR.encode>[0])
      credentials.push({ id, key: privateKey, userHandle: options.user.id, counter: 0 })
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, originOf)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },

    /** Answers sign-in options with the first credential allowed (or the newest one, for a discoverable sign-in). */
    assert(
      options: { challenge: string; allowCredentials?: Array<{ id: string }> },
      credential?: Credential,
    ) {
      const allowed = options.allowCredentials?.map((item) => item.id)
      const chosen =
        credential ??
        (allowed?.length
          ? credentials.find((item) => allowed.includes(b64(item.id)))
          : credentials[credentials.length - 1])
      if (!chosen) throw new Error('no credential for these options')
      if (countUses) chosen.counter += 1
      const authData = Buffer.concat([rpIdHash, Buffer.from([flags(false)]), counterBytes(chosen.counter)])
      const client = clientData('webauthn.get', options.challenge)
      const signature = sign(
        'sha256',
        Buffer.concat([authData, createHash('sha256').update(client).digest()]),
        chosen.key,
      )
      return {
        id: b64(chosen.id),
        rawId: b64(chosen.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: chosen.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },
  }
}
