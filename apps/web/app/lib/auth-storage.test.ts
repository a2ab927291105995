import { describe, expect, it, vi } from 'vitest'
import { jwt } from '../../test/utils.tsx'
import {
  AUTH_STORAGE_KEY,
  createAuthStorage,
  createMemoryStorage,
  decodeClaims,
  PROFILE_STORAGE_KEY,
} from './auth-storage.ts'

describe('decodeClaims', () => {
  it('reads id, sub, given_name, family_name and rol', () => {
    const token = jwt({
      id: 7,
      sub: 'zoë@example.com',
      given_name: 'Zoë',
      family_name: "O'Brien",
      rol: '3',
      exp: 1_900_000_000,
    })
    expect(decodeClaims(token)).toEqual({
      id: '7',
      sub: 'zoë@example.com',
      given_name: 'Zoë',
      family_name: "O'Brien",
      rol: 3,
      exp: 1_900_000_000,
    })
  })

  it('returns null for missing or malformed tokens', () => {
    expect(decodeClaims(undefined)).toBeNull()
    expect(decodeClaims('')).toBeNull()
    expect(decodeClaims('not-a-jwt')).toBeNull()
    expect(decodeClaims('a.!!!.c')).toBeNull()
    expect(decodeClaims(jwt({ sub: 'no-id@example.com' }))).toBeNull()
  })

  it('leaves an unknown role out', () => {
    expect(decodeClaims(jwt({ id: 'u1', sub: 'a@example.com', rol: 'Owner' }))?.rol).toBeUndefined()
  })
})

describe('createAuthStorage', () => {
  it("stores the tokens under 'signalway.auth' with the computed expiry", () => {
    const store = createMemoryStorage()
    const storage = createAuthStorage(store, () => 1_000)
    const stored = storage.setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300 })
    expect(stored.expires_at).toBe(301_000)
    expect(JSON.parse(store.getItem(AUTH_STORAGE_KEY) ?? '')).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 300,
      expires_at: 301_000,
    })
    expect(storage.getTokens()).toEqual(stored)
  })

  it("stores the profile under 'signalway.profile' and clears both", () => {
    const store = createMemoryStorage()
    const storage = createAuthStorage(store)
    storage.setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 60 })
    storage.setProfile({
      id: '1',
      memberType: 1,
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      mobile: '0400',
    })
    expect(store.getItem(PROFILE_STORAGE_KEY)).not.toBeNull()
    storage.clear()
    expect(storage.getTokens()).toBeNull()
    expect(storage.getProfile()).toBeNull()
  })

  it('tells `onProfile` of every profile stored, and of null when cleared (the rendering hint, ADR 029)', () => {
    const onProfile = vi.fn()
    const storage = createAuthStorage(createMemoryStorage(), Date.now, onProfile)
    const profile = {
      id: '1',
      memberType: 2 as const,
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      mobile: '0400',
    }
    storage.setProfile(profile)
    storage.clear()
    expect(onProfile.mock.calls).toEqual([[profile], [null]])
  })

  it('ignores corrupt stored values', () => {
    const store = createMemoryStorage()
    store.setItem(AUTH_STORAGE_KEY, '{oops')
    expect(createAuthStorage(store).getTokens()).toBeNull()
  })

  it('notifies subscribers of changes', () => {
    const storage = createAuthStorage(createMemoryStorage())
    const listener = vi.fn()
    const unsubscribe = storage.subscribe(listener)
    storage.setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 60 })
    storage.clear()
    unsubscribe()
    storage.clear()
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
