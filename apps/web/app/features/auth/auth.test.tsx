// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, jwt, regularProfile, renderWithProviders } from '../../../test/utils.tsx'
import type { ApiClient } from '../../lib/api-client.ts'
import { useAuth } from '../../lib/auth-context.ts'
import { createAuthStorage, createMemoryStorage, type UserProfile } from '../../lib/auth-storage.ts'
import { handOverProfile } from '../../lib/hydration-handover.ts'
import { AuthProvider } from './auth-provider.tsx'
import { GuestOnly, RequireAdmin, RequireAuth } from './guards.tsx'

function fakeClient(
  get: (path: string) => Promise<unknown>,
  revokeStoredSession: () => Promise<void> = async () => {},
): ApiClient {
  return { get, revokeStoredSession } as unknown as ApiClient
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const captured: { signOut: () => Promise<void> } = { signOut: async () => {} }
function Grab() {
  captured.signOut = useAuth().signOut
  return null
}

function Probe() {
  const auth = useAuth()
  return (
    <p data-testid="auth">
      {auth.status}:{auth.profile?.firstName ?? '-'}
    </p>
  )
}

function SetupProbe() {
  const auth = useAuth()
  return <p>{`${auth.status}:${auth.secondFactorSetupRequired}`}</p>
}

describe('AuthProvider', () => {
  it('is signed out after hydration when nothing is stored', async () => {
    const storage = createAuthStorage(createMemoryStorage())
    render(
      <AuthProvider storage={storage} client={fakeClient(vi.fn())}>
        <Probe />
      </AuthProvider>,
    )
    expect(screen.getByTestId('auth').textContent).toBe('signedOut:-')
    expect(document.querySelector('[aria-busy="true"]')).toBeNull()
  })

  it('fetches the profile behind the blocking overlay when tokens are stored', async () => {
    const storage = createAuthStorage(createMemoryStorage())
    storage.setTokens({
      access_token: jwt({ id: 7, sub: 'ada@example.com' }),
      refresh_token: 'r',
      expires_in: 60,
    })
    const pending = deferred<UserProfile>()
    const get = vi.fn(() => pending.promise)
    render(
      <AuthProvider storage={storage} client={fakeClient(get)}>
        <Probe />
      </AuthProvider>,
    )
    expect(get).toHaveBeenCalledWith('/v1/core/accounts/7/profile/settings')
    expect(screen.getByTestId('auth').textContent).toBe('loading:-')
    expect(screen.getByRole('status', { name: '' }).getAttribute('aria-busy')).toBe('true')

    await act(async () => pending.resolve(adminProfile))
    expect(screen.getByTestId('auth').textContent).toBe('signedIn:Ada')
    expect(document.querySelector('[aria-busy="true"]')).toBeNull()
    expect(storage.getProfile()).toEqual(adminProfile)
  })

  it('hydrates signed in with the profile the enhancement script of a private page handed over (ADR 028)', () => {
    const storage = createAuthStorage(createMemoryStorage())
    storage.setTokens({
      access_token: jwt({ id: 2, sub: 'reg@example.com' }),
      refresh_token: 'r',
      expires_in: 60,
    })
    handOverProfile(document, regularProfile)
    const get = vi.fn()
    try {
      render(
        <AuthProvider storage={storage} client={fakeClient(get)}>
          <Probe />
        </AuthProvider>,
      )
      expect(screen.getByTestId('auth').textContent).toBe('signedIn:Reg')
      expect(document.querySelector('[aria-busy="true"]')).toBeNull()
      expect(get).not.toHaveBeenCalled()
    } finally {
      handOverProfile(document, null)
    }
  })

  it('asks whether an administrator must set up a second factor; nobody else', async () => {
    for (const [profile, expected] of [
      [adminProfile, 'true'],
      [regularProfile, 'false'],
    ] as const) {
      const storage = createAuthStorage(createMemoryStorage())
      storage.setTokens({
        access_token: jwt({ id: 7, sub: 'ada@example.com' }),
        refresh_token: 'r',
        expires_in: 60,
      })
      const get = vi.fn(async (path: string) =>
        path === '/v1/core/auth/second-factor'
          ? { totp: false, recoveryCodesLeft: 0, setupRequired: true }
          : profile,
      )
      const { unmount } = render(
        <AuthProvider storage={storage} client={fakeClient(get)}>
          <SetupProbe />
        </AuthProvider>,
      )
      expect(await screen.findByText(`signedIn:${expected}`)).toBeTruthy()
      expect(get.mock.calls.map(([path]) => path)).toEqual(
        profile === adminProfile
          ? ['/v1/core/accounts/7/profile/settings', '/v1/core/auth/second-factor']
          : ['/v1/core/accounts/7/profile/settings'],
      )
      unmount()
    }
  })

  it('signOut ends the session on the server first, then clears the stored data and reloads home', async () => {
    const storage = createAuthStorage(createMemoryStorage())
    storage.setTokens({ access_token: jwt({ id: 7, sub: 'a@b.c' }), refresh_token: 'r', expires_in: 60 })
    const reload = vi.fn()
    const revoked = deferred<void>()
    const revoke = vi.fn(() => revoked.promise)
    render(
      <AuthProvider storage={storage} client={fakeClient(async () => regularProfile, revoke)} reload={reload}>
        <Grab />
        <Probe />
      </AuthProvider>,
    )
    await act(async () => {})
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = captured.signOut()
    })
    // While the server ends the session, the page is blocked and the tokens are still there to revoke.
    expect(revoke).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Logging out…')).toBeTruthy()
    expect(storage.getTokens()).not.toBeNull()
    expect(reload).not.toHaveBeenCalled()

    await act(async () => {
      revoked.resolve()
      await done
    })
    expect(storage.getTokens()).toBeNull()
    expect(reload).toHaveBeenCalledWith('/')
  })

  it('becomes signed out when the tokens are cleared elsewhere (failed refresh)', async () => {
    const storage = createAuthStorage(createMemoryStorage())
    storage.setTokens({ access_token: jwt({ id: 7, sub: 'a@b.c' }), refresh_token: 'r', expires_in: 60 })
    render(
      <AuthProvider storage={storage} client={fakeClient(async () => regularProfile)}>
        <Probe />
      </AuthProvider>,
    )
    await act(async () => {})
    expect(screen.getByTestId('auth').textContent).toBe('signedIn:Reg')
    act(() => storage.clear())
    expect(screen.getByTestId('auth').textContent).toBe('signedOut:-')
  })
})

describe('RequireAuth', () => {
  const page = (
    <RequireAuth>
      <h1>Update Profile</h1>
    </RequireAuth>
  )

  it('shows nothing private while the auth state is loading', () => {
    renderWithProviders(page, {
      route: '/update-profile/',
      path: '/update-profile/',
      auth: { status: 'loading' },
    })
    expect(screen.queryByRole('heading', { name: 'Update Profile' })).toBeNull()
    expect(screen.getByText('Checking your sign-in…').getAttribute('role')).toBe('status')
  })

  it('renders a private shell page while the auth state is loading, and only then (ADR 028)', () => {
    const shell = (status: 'loading' | 'signedOut') =>
      renderWithProviders(
        <RequireAuth shell>
          <h1>Update Profile</h1>
        </RequireAuth>,
        { route: '/update-profile/', path: '/update-profile/', auth: { status } },
      )
    const { unmount } = shell('loading')
    expect(screen.getByRole('heading', { name: 'Update Profile' })).toBeTruthy()
    unmount()
    shell('signedOut')
    expect(screen.queryByRole('heading', { name: 'Update Profile' })).toBeNull()
  })

  it('sends signed-out visitors to /login with the origin as return-url', () => {
    renderWithProviders(page, {
      route: '/update-profile/?x=1',
      path: '/update-profile/',
      auth: { status: 'signedOut' },
    })
    expect(screen.getByTestId('location').textContent).toBe('/login/?return-url=%2Fupdate-profile%2F%3Fx%3D1')
  })

  it('renders the page when signed in', () => {
    renderWithProviders(page, {
      route: '/update-profile/',
      path: '/update-profile/',
      auth: { status: 'signedIn', profile: regularProfile },
    })
    expect(screen.getByRole('heading', { name: 'Update Profile' })).toBeTruthy()
  })

  it('takes an administrator without a second factor to set one up first, and back afterwards', () => {
    renderWithProviders(page, {
      route: '/admin/manage-users/?q=a',
      path: '/admin/manage-users/',
      auth: { status: 'signedIn', profile: adminProfile, secondFactorSetupRequired: true },
    })
    expect(screen.queryByRole('heading', { name: 'Update Profile' })).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe(
      '/set-up-two-step-sign-in/?return-url=%2Fadmin%2Fmanage-users%2F%3Fq%3Da',
    )
  })

  it('lets them see the set-up page itself', () => {
    renderWithProviders(page, {
      route: '/set-up-two-step-sign-in/',
      path: '/set-up-two-step-sign-in/',
      auth: { status: 'signedIn', profile: adminProfile, secondFactorSetupRequired: true },
    })
    expect(screen.getByRole('heading', { name: 'Update Profile' })).toBeTruthy()
  })
})

describe('RequireAdmin', () => {
  const page = (
    <RequireAdmin>
      <h1>Manage Users</h1>
    </RequireAdmin>
  )

  it('waits for the profile', () => {
    renderWithProviders(page, {
      route: '/admin/manage-users/',
      path: '/admin/manage-users/',
      auth: { status: 'loading' },
    })
    expect(screen.queryByRole('heading', { name: 'Manage Users' })).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe('/admin/manage-users/')
  })

  it('sends non-admins home', () => {
    renderWithProviders(page, {
      route: '/admin/manage-users/',
      path: '/admin/manage-users/',
      auth: { status: 'signedIn', profile: regularProfile },
    })
    expect(screen.getByTestId('location').textContent).toBe('/')
  })

  it('lets member type 3 in', () => {
    renderWithProviders(page, {
      route: '/admin/manage-users/',
      path: '/admin/manage-users/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    expect(screen.getByRole('heading', { name: 'Manage Users' })).toBeTruthy()
  })
})

describe('GuestOnly', () => {
  const page = (
    <GuestOnly>
      <h1>Login</h1>
    </GuestOnly>
  )

  it('renders for signed-out visitors', () => {
    renderWithProviders(page, { route: '/login/', path: '/login/', auth: { status: 'signedOut' } })
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy()
  })

  it('sends signed-in users to the return-url', () => {
    renderWithProviders(page, {
      path: '/login/',
      route: '/login/?return-url=%2Fupdate-profile%2F',
      auth: { status: 'signedIn', profile: regularProfile },
    })
    expect(screen.getByTestId('location').textContent).toBe('/update-profile/')
  })

  it('after the password step, takes an administrator without a second factor to set one up', () => {
    renderWithProviders(page, {
      path: '/login/',
      route: '/login/?return-url=%2Fadmin%2F',
      auth: { status: 'signedIn', profile: adminProfile, secondFactorSetupRequired: true },
    })
    expect(screen.getByTestId('location').textContent).toBe(
      '/set-up-two-step-sign-in/?return-url=%2Fadmin%2F',
    )
  })

  it('ignores an off-site return-url', () => {
    renderWithProviders(page, {
      path: '/login/',
      route: '/login/?return-url=https%3A%2F%2Fevil.example',
      auth: { status: 'signedIn', profile: regularProfile },
    })
    expect(screen.getByTestId('location').textContent).toBe('/')
  })
})
