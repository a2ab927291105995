import type { Config } from '../../config.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { type JwtClaims, jwtKey, signJwt, verifyJwt } from '../../lib/jwt.ts'
import type { Clock } from '../../lib/time.ts'

/** How long the "Download the PDF again" link of a just-submitted application works. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 30 * 60

/** The audience of these tokens: never an access token's (the client id), so neither passes for the other. */
const AUDIENCE = 'credit-application-pdf'

export interface DownloadTokens {
  /** A token for the PDF of application `id`, valid for DOWNLOAD_TOKEN_TTL_SECONDS. */
  issue(id: number): Promise<{ token: string; expiresAt: Date }>
  /** The application id of a valid token; UnauthorizedError otherwise. */
  verify(token: string): Promise<number>
}

/**
 * The short-lived, unguessable link to a just-submitted application's PDF: an HS256 JWT (the same key
 * and policy as the access tokens, another audience) naming the application. Stateless, so any
 * instance answers it; the page keeps it in the tab's session storage only.
 */
export function createDownloadTokens(
  config: Pick<Config, 'jwtSecret' | 'siteUrl'>,
  clock: Clock,
): DownloadTokens {
  const key = jwtKey(config.jwtSecret)
  return {
    async issue(id) {
      const iat = Math.floor(clock().getTime() / 1000)
      const claims: JwtClaims = {
        sub: String(id),
        iat,
        exp: iat + DOWNLOAD_TOKEN_TTL_SECONDS,
        iss: config.siteUrl,
        aud: AUDIENCE,
      }
      return {
        token: await signJwt(claims, key),
        expiresAt: new Date((iat + DOWNLOAD_TOKEN_TTL_SECONDS) * 1000),
      }
    },
    async verify(token) {
      let claims: JwtClaims
      try {
        claims = await verifyJwt(token, {
          key,
          issuer: config.siteUrl,
          audience: AUDIENCE,
          now: clock(),
          leewaySeconds: 0,
        })
      } catch (error) {
        throw new UnauthorizedError(undefined, { cause: error })
      }
      const id =
        typeof claims.sub === 'string' && /^[1-9]\d{0,15}$/u.test(claims.sub) ? Number(claims.sub) : undefined
      if (id === undefined) throw new UnauthorizedError()
      return id
    },
  }
}
