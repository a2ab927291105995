import type { MemberType, ProfileSettings, TokenResponse } from '@signalway/shared'
import type { IssuedAccessTokenClaims } from '@signalway/shared/auth'
import { readJwtPayload } from '@signalway/shared/jwt'
import { profileShapeOf, rememberProfileShape } from './profile-shape.ts'

/**
 * Sign-in data kept in the browser (requirements §3 "Sign-in token data"): the token response
 * under one fixed key and the signed-in user's profile under another. Storage is injected,
 * so the same code runs against `localStorage`, an in-memory store on the server, or tests.
 */

export const AUTH_STORAGE_KEY = 'signalway.auth'
export const PROFILE_STORAGE_KEY = 'signalway.profile'

export type { TokenResponse }

export interface StoredTokens extends TokenResponse {
  /** Epoch milliseconds at which the access token expires, computed when stored. */
  expires_at: number
}

/** The signed-in user's profile as fetched from the profile settings call (requirements §3). */
export type UserProfile = ProfileSettings

/**
 * The token claims the browser reads (requirements §3), leniently: id and sub (the email) must be there,
 * names and expiry may be missing, and a role that is not a member type (1, 2, 3) is left out.
 */
export type TokenClaims = Pick<IssuedAccessTokenClaims, 'id' | 'sub'> &
  Partial<Pick<IssuedAccessTokenClaims, 'given_name' | 'family_name' | 'exp'>> & { rol?: MemberType }

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface AuthStorage {
  getTokens(): StoredTokens | null
  setTokens(tokens: TokenResponse): StoredTokens
  getProfile(): UserProfile | null
  setProfile(profile: UserProfile): void
  /** Removes tokens and profile. */
  clear(): void
  /** Called after any change made through this storage, or by another tab. */
  subscribe(listener: () => void): () => void
}

export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  }
}

function readJson(store: KeyValueStorage, key: string): unknown {
  try {
    const raw = store.getItem(key)
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}

function isStoredTokens(value: unknown): value is StoredTokens {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return typeof v.access_token === 'string' && typeof v.refresh_token === 'string'
}

/**
 * `onProfile` hears of every profile stored, and of null when the sign-in is cleared: the browser's storage leaves
 * the profile page's rendering hint with it (`lib/profile-shape.ts`, ADR 029).
 */
export function createAuthStorage(
  store: KeyValueStorage,
  now: () => number = Date.now,
  onProfile: (profile: UserProfile | null) => void = () => undefined,
): AuthStorage {
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  return {
    getTokens() {
      const value = readJson(store, AUTH_STORAGE_KEY)
      return isStoredTokens(value) ? value : null
    },
    setTokens(tokens) {
      const stored: StoredTokens = {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_in: tokens.expires_in,
        expires_at: now() + Number(tokens.expires_in) * 1000,
      }
      store.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored))
      emit()
      return stored
    },
    getProfile() {
      const value = readJson(store, PROFILE_STORAGE_KEY)
      return value && typeof value === 'object' ? (value as UserProfile) : null
    },
    setProfile(profile) {
      store.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile))
      onProfile(profile)
      emit()
    },
    clear() {
      store.removeItem(AUTH_STORAGE_KEY)
      store.removeItem(PROFILE_STORAGE_KEY)
      onProfile(null)
      emit()
    },
    subscribe(listener) {
      listeners.add(listener)
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === AUTH_STORAGE_KEY || event.key === PROFILE_STORAGE_KEY)
          listener()
      }
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
      }
    },
  }
}

/**
 * Reads the claims of a JWT access token without verifying it (the API verifies tokens;
 * the browser only needs the user id and names). Returns null for anything malformed.
 */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null
  const claims = readJwtPayload(token)
  if (!claims || typeof claims !== 'object') return null
  const c = claims as Record<string, unknown>
  if (c.id === undefined || c.id === null || typeof c.sub !== 'string') return null
  const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value))
  return {
    id: String(c.id),
    sub: c.sub,
    given_name: text(c.given_name),
    family_name: text(c.family_name),
    rol: [1, 2, 3].includes(Number(c.rol)) ? (Number(c.rol) as MemberType) : undefined,
    exp: typeof c.exp === 'number' ? c.exp : undefined,
  }
}

let browserStorage: AuthStorage | undefined

/**
 * The app's auth storage: `localStorage` in the browser (with the profile page's rendering hint, ADR 029), an
 * empty in-memory store on the server (where nobody is ever signed in).
 */
export function getAuthStorage(): AuthStorage {
  if (typeof window === 'undefined') return createAuthStorage(createMemoryStorage())
  browserStorage ??= createAuthStorage(window.localStorage, Date.now, (profile) =>
    rememberProfileShape(profile && profileShapeOf(profile)),
  )
  return browserStorage
}
