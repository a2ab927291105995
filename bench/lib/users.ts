/** Users for the benchmarks that sign in: registered through the API, as a person would. */
import type { CannonRequest } from './autocannon.ts'

export const BENCH_PASSWORD = 'Bench-Cones-2026!'
export const CLIENT_ID = 'web'

export interface BenchUser {
  email: string
  id: string
  accessToken: string
}

function claimsOf(token: string): { id: string } {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { id: string }
}

/**
 * Registers `count` users, `<emailPrefix>-<n>@example.com` with BENCH_PASSWORD, one after the other,
 * and keeps the access token each registration returns.
 */
export async function registerUsers(
  baseUrl: string,
  { count, emailPrefix, firstName }: { count: number; emailPrefix: string; firstName: string },
): Promise<BenchUser[]> {
  const users: BenchUser[] = []
  for (let n = 0; n < count; n++) {
    const email = `${emailPrefix}-${n}@example.com`
    const response = await fetch(`${baseUrl}/api/v1/core/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName,
        lastName: `User ${n}`,
        email,
        mobile: '0412345678',
        password: BENCH_PASSWORD,
        confirmPassword: BENCH_PASSWORD,
        acceptedTheTerms: true,
        memberType: '1',
      }),
    })
    if (!response.ok) throw new Error(`Registering ${email}: ${response.status} ${await response.text()}`)
    const tokens = (await response.json()) as { access_token: string }
    users.push({ email, id: claimsOf(tokens.access_token).id, accessToken: tokens.access_token })
  }
  return users
}

/** POST /api/v1/core/auth/token: the password grant's body, as the web app's sign-in sends it. */
export const SIGN_IN_PATH = '/api/v1/core/auth/token'
export function signInBody(user: BenchUser): string {
  return JSON.stringify({
    UserName: user.email,
    Password: BENCH_PASSWORD,
    ClientId: CLIENT_ID,
    GrantType: 'password',
  })
}

/** GET .../profile/settings of a user: with its bearer token, the token and the session are checked. */
export function profileRequest(user: BenchUser): { path: string; headers: Record<string, string> } {
  return {
    path: `/api/v1/core/accounts/${encodeURIComponent(user.id)}/profile/settings`,
    headers: { authorization: `Bearer ${user.accessToken}` },
  }
}

/** Round-robin over items: each call returns the next one. */
export function rotating<T>(items: readonly T[]): () => T {
  let next = 0
  return () => {
    const item = items[next % items.length] as T
    next++
    return item
  }
}

/** For autocannon: a sign-in on every request, each by the next user (round-robin). */
export function signInCannonRequest(users: readonly BenchUser[]): CannonRequest {
  const nextUser = rotating(users)
  return {
    method: 'POST',
    path: SIGN_IN_PATH,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: signInBody(nextUser()) }),
  }
}

/** For autocannon: a profile read on every request, each by the next user (round-robin). */
export function profileCannonRequest(users: readonly BenchUser[]): CannonRequest {
  const nextUser = rotating(users)
  return {
    method: 'GET',
    setupRequest: (request) => ({ ...request, ...profileRequest(nextUser()) }),
  }
}
