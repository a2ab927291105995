// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authState, jwt, regularProfile } from '../../test/utils.tsx'
import { SiteHeader } from '../components/layout/site-header.tsx'
import { NotificationsProvider } from '../components/ui/notifications/index.ts'
import { UpdateProfile } from '../features/auth/components/update-profile.tsx'
import type { ApiClient } from '../lib/api-client.ts'
import { AuthContext } from '../lib/auth-context.ts'
import {
  AUTH_STORAGE_KEY,
  type AuthStorage,
  createAuthStorage,
  createMemoryStorage,
  type UserProfile,
} from '../lib/auth-storage.ts'
import {
  announceBeforeHydrate,
  announceHydrated,
  DEFERRED_MODULE_TYPE,
  HYDRATED_ATTRIBUTE,
  handedOverProfile,
  PRIVATE_SHELL_ATTRIBUTE,
} from '../lib/hydration-handover.ts'
import { snapshotTypedValues } from '../lib/typed-values.ts'
import { hydrateOnInteraction } from './on-interaction.ts'

const CONFIG = { apiBaseUrl: '/api', authClientId: 'web' }
const member: UserProfile = { ...regularProfile, firstName: 'Shelley', mobile: '0412345678' }

/** The server's document of the profile page (a private shell, ADR 028): signed in is not known yet. */
function loadServerPage() {
  const page = renderToStaticMarkup(
    <MemoryRouter>
      <AuthContext value={authState({ status: 'loading', profile: null })}>
        <NotificationsProvider>
          <SiteHeader />
          <div className="private-area" {...{ [PRIVATE_SHELL_ATTRIBUTE]: '' }}>
            <UpdateProfile />
          </div>
        </NotificationsProvider>
      </AuthContext>
    </MemoryRouter>,
  )
  document.head.innerHTML = ''
  document.body.innerHTML = `<div class="auth-scope">${page}</div>
    <script type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/root-1.js">import("/assets/entry.client-1.js")</script>`
}

function signedInStorage(): AuthStorage {
  const store = createMemoryStorage()
  store.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: jwt({ id: member.id, sub: member.email }),
      refresh_token: 'r',
      expires_in: 60,
    }),
  )
  return createAuthStorage(store)
}

/** An API client whose profile read answers when the test says. */
function pendingClient() {
  let answer: (profile: UserProfile) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const get = vi.fn(
    () =>
      new Promise<UserProfile>((resolve, reject) => {
        answer = resolve
        fail = reject
      }),
  )
  return {
    client: { get } as unknown as ApiClient,
    get,
    answer: (p: UserProfile) => answer(p),
    fail: (e: Error) => fail(e),
  }
}

const started = () => document.head.querySelector('script[type="module"]')
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)
const overlay = () => document.querySelector('.blocking-overlay')
const scope = () => document.querySelector<HTMLElement>('.auth-scope')
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.body.dispatchEvent(new Event('focusin', { bubbles: true }))
  announceBeforeHydrate(document)
  announceHydrated(document)
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE)
})

describe('the profile page before its app (a private shell, ADR 028)', () => {
  it('fetches the profile behind the overlay, then shows it signed in and waits for an interaction', async () => {
    loadServerPage()
    const api = pendingClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    expect(overlay()?.textContent).toContain('Loading your profile…')
    expect(scope()?.inert).toBe(true)
    expect(api.get).toHaveBeenCalledWith(`/v1/core/accounts/${member.id}/profile/settings`)

    api.answer(member)
    await settle()
    expect(overlay()).toBeNull()
    expect(scope()?.inert).toBe(false)
    expect(input('firstName')?.value).toBe('Shelley')
    expect(input('email')?.value).toBe(member.email)
    expect(input('mobile')?.value).toBe('0412 345 678')
    expect(document.querySelector('.auth-slot--signed-in')?.textContent).toContain('Shelley')
    expect(handedOverProfile(document)).toEqual(member)
    // Filled in as if the server had rendered them: the app does not take them for typing.
    expect(snapshotTypedValues(document)).toEqual([])
    expect(started()).toBeNull()

    input('firstName')?.dispatchEvent(new Event('focusin', { bubbles: true }))
    expect(started()).not.toBeNull()
    // The header stays as shown: the app renders it the same, signed in.
    announceBeforeHydrate(document)
    expect(document.querySelector('.auth-slot--signed-in')).not.toBeNull()
    announceHydrated(document)
    expect(handedOverProfile(document)).toBeNull()
  })

  it('starts the app as soon as the page is shown when the visitor interacted while the profile loaded', async () => {
    loadServerPage()
    const api = pendingClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(started()).toBeNull()
    api.answer(member)
    await settle()
    expect(started()).not.toBeNull()
  })

  it('leaves a company member’s page to the app at once, behind the overlay until it hydrates', async () => {
    loadServerPage()
    const api = pendingClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    api.answer({ ...member, memberType: 2, companyName: 'Carla Cones Pty Ltd' })
    await settle()
    expect(started()).not.toBeNull()
    expect(input('firstName')?.value).toBe('')
    expect(handedOverProfile(document)).toBeNull()
    expect(overlay()).not.toBeNull()
    announceBeforeHydrate(document)
    expect(overlay()).toBeNull()
    expect(scope()?.inert).toBe(false)
  })

  it('leaves the page to the app when the profile could not be fetched (the app says so and tries again)', async () => {
    loadServerPage()
    const api = pendingClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    api.fail(new Error('down'))
    await settle()
    expect(started()).not.toBeNull()
    expect(handedOverProfile(document)).toBeNull()
  })
})
