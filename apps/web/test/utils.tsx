import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import { NotificationsProvider } from '../app/components/ui/notifications/index.ts'
import { AuthContext, type AuthState } from '../app/lib/auth-context.ts'
import type { UserProfile } from '../app/lib/auth-storage.ts'

export const adminProfile: UserProfile = {
  id: '1',
  memberType: 3,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@signalway.example',
  mobile: '0400 000 001',
}

export const regularProfile: UserProfile = { ...adminProfile, id: '2', memberType: 1, firstName: 'Reg' }

/** An unsigned JWT with these claims, as the API's tokens look to the browser (which never checks signatures). */
export function jwt(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}

export function authState(overrides: Partial<AuthState> = {}): AuthState {
  return {
    status: 'signedOut',
    profile: null,
    secondFactorSetupRequired: false,
    secondFactorSetUp: () => {},
    signIn: async () => {
      throw new Error('signIn not expected in this test')
    },
    signOut: async () => {},
    ...overrides,
  }
}

/** Shows the current location so tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

interface Options {
  route?: string
  /** Route path the element under test is mounted at; '*' (everywhere) by default. */
  path?: string
  auth?: Partial<AuthState>
  /** Extra routes besides the element under test, e.g. a '/login/' target. */
  routes?: Record<string, ReactElement>
}

/** Renders `ui` at `route` inside a memory router, a fixed auth state and the notifications provider. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', auth, routes = {} }: Options = {},
) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AuthContext value={authState(auth)}>
        <NotificationsProvider>
          <Routes>
            <Route path={path} element={ui} />
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
          <LocationProbe />
        </NotificationsProvider>
      </AuthContext>
    </MemoryRouter>,
  )
}

/**
 * What happy-dom lacks for the carousels: `Element.scrollTo` (a mock, returned) and `matchMedia`
 * (nothing matches, so no reduced motion).
 */
export function stubCarouselBrowser(): ReturnType<typeof vi.fn> {
  const scrollTo = vi.fn()
  Element.prototype.scrollTo = scrollTo as never
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as never
  return scrollTo
}
