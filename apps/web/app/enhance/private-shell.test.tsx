// @vitest-environment happy-dom
import type { MyAccount } from '@signalway/shared/my-account'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, authState, jwt, regularProfile } from '../../test/utils.tsx'
import { SiteHeader } from '../components/layout/site-header.tsx'
import { NotificationsProvider } from '../components/ui/notifications/index.ts'
import { SECOND_FACTOR_PATH } from '../features/auth/api/second-factor.ts'
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
  handedOverMyAccount,
  handedOverProfile,
  PRIVATE_SHELL_ATTRIBUTE,
} from '../lib/hydration-handover.ts'
import type { ProfileShape } from '../lib/profile-shape.ts'
import { snapshotTypedValues } from '../lib/typed-values.ts'
import MyAccountPage from '../routes/my-account.tsx'
import { hydrateOnInteraction } from './on-interaction.ts'

const CONFIG = { apiBaseUrl: '/api', authClientId: 'web' }
const member: UserProfile = { ...regularProfile, firstName: 'Shelley', mobile: '0412345678' }
const companyMember: UserProfile = {
  ...member,
  memberType: 2,
  companyName: 'Carla Cones Pty Ltd',
  abn: '51824753556',
  employmentServiceProvider: true,
  fullAddress: '3/12 Smith St, Laverton VIC 3028',
  unitNumber: '3',
  streetNumber: '12',
  streetName: 'Smith St',
  city: 'Laverton',
  state: 'VIC',
  postcode: '3028',
}
const administrator: UserProfile = { ...adminProfile, id: member.id, mobile: '0412345678' }

/** The server's document of the profile page (a private shell, ADR 028): signed in is not known yet. */
function loadServerPage(shape: ProfileShape = 'person') {
  const page = renderToStaticMarkup(
    <MemoryRouter>
      <AuthContext value={authState({ status: 'loading', profile: null })}>
        <NotificationsProvider>
          <SiteHeader />
          <div className="private-area" {...{ [PRIVATE_SHELL_ATTRIBUTE]: 'profile' }}>
            <UpdateProfile shape={shape} />
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

/**
 * An API client whose profile read answers when the test says; the second factor's status (asked for an
 * administrator) answers `secondFactor` at once.
 */
function pendingClient(
  secondFactor: () => Promise<unknown> = () => Promise.resolve({ setupRequired: false }),
) {
  let answer: (profile: UserProfile) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const get = vi.fn((path: string) =>
    path === SECOND_FACTOR_PATH
      ? secondFactor()
      : new Promise<UserProfile>((resolve, reject) => {
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
const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)
const overlay = () => document.querySelector('.blocking-overlay')
const scope = () => document.querySelector<HTMLElement>('.auth-scope')
/** Until the enhancement script has decided: the page shown (the overlay gone) or left to the app (started). */
const settle = () => vi.waitFor(() => expect(overlay() === null || started() !== null).toBe(true))

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

  it('shows a company member’s page when the server rendered the company’s form (the browser’s hint, ADR 029)', async () => {
    loadServerPage('company')
    const api = pendingClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    api.answer(companyMember)
    await settle()
    expect(overlay()).toBeNull()
    expect(started()).toBeNull()
    expect(input('companyName')?.value).toBe('Carla Cones Pty Ltd')
    expect(input('abn')?.value).toBe('51 824 753 556')
    expect(input('employmentServiceProvider')?.checked).toBe(true)
    // The address block filled in for manual entry, as the app hydrates it.
    expect(input('unitNumber')?.value).toBe('3')
    expect(input('streetNumber')?.value).toBe('12')
    expect(input('streetName')?.value).toBe('Smith St')
    expect(input('city')?.value).toBe('Laverton')
    expect(select('state')?.value).toBe('VIC')
    expect(input('postcode')?.value).toBe('3028')
    expect(snapshotTypedValues(document)).toEqual([])
    expect(handedOverProfile(document)).toEqual(companyMember)
  })

  it.each([
    [
      'a company member’s page when the server rendered a person’s form (no hint yet)',
      'person',
      companyMember,
    ],
    ['a regular member’s page when the server rendered a company’s form (an old hint)', 'company', member],
  ] as const)(
    'leaves %s to the app at once, behind the overlay until it hydrates',
    async (_case, shape, profile) => {
      loadServerPage(shape)
      const api = pendingClient()
      hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
      api.answer(profile)
      await settle()
      expect(started()).not.toBeNull()
      expect(input('firstName')?.value).toBe('')
      expect(handedOverProfile(document)).toBeNull()
      expect(overlay()).not.toBeNull()
      announceBeforeHydrate(document)
      expect(overlay()).toBeNull()
      expect(scope()?.inert).toBe(false)
    },
  )

  it('shows an administrator’s page, the Admin link in the header, once their second factor is set up', async () => {
    loadServerPage()
    const api = pendingClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    api.answer(administrator)
    await settle()
    expect(api.get).toHaveBeenCalledWith(SECOND_FACTOR_PATH, { redirect: false })
    expect(started()).toBeNull()
    expect(overlay()).toBeNull()
    expect(input('firstName')?.value).toBe('Ada')
    expect(document.querySelector('.auth-slot--signed-in')?.textContent).toContain('Admin')
    expect(handedOverProfile(document)).toEqual(administrator)
  })

  it.each([
    ['must set one up', () => Promise.resolve({ setupRequired: true })],
    ['could not be asked', () => Promise.reject(new Error('down'))],
  ])('leaves an administrator’s page to the app when their second factor %s', async (_case, secondFactor) => {
    loadServerPage()
    const api = pendingClient(secondFactor)
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    api.answer(administrator)
    await settle()
    await settle()
    expect(started()).not.toBeNull()
    expect(input('firstName')?.value).toBe('')
    expect(handedOverProfile(document)).toBeNull()
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

/** The server's document of the account page (a private shell, ADR 030): signed in is not known yet. */
function loadAccountPage() {
  const page = renderToStaticMarkup(
    <MemoryRouter>
      <AuthContext value={authState({ status: 'loading', profile: null })}>
        <NotificationsProvider>
          <SiteHeader />
          <div className="private-area" {...{ [PRIVATE_SHELL_ATTRIBUTE]: 'my-account' }}>
            <MyAccountPage />
          </div>
        </NotificationsProvider>
      </AuthContext>
    </MemoryRouter>,
  )
  document.head.innerHTML = ''
  document.body.innerHTML = `<div class="auth-scope">${page}</div>
    <script type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/root-1.js">import("/assets/entry.client-1.js")</script>`
}

const ACCOUNT: MyAccount = {
  email: member.email,
  emailConfirmed: false,
  enquiries: [],
  customerAccounts: [],
  creditApplications: [
    {
      reference: 'CA-2026-ABCDEFGH',
      businessName: 'Casey Civil',
      status: 'approved',
      submittedAt: '2026-11-20T01:00:00.000Z',
    },
  ],
}

/** An API client whose profile and account reads answer when the test says. */
function accountClient() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const get = vi.fn(
    (path: string) =>
      new Promise((resolve, reject) => {
        pending.set(path.startsWith('/my-account') ? 'account' : 'profile', { resolve, reject })
      }),
  )
  return {
    client: { get } as unknown as ApiClient,
    get,
    answer: (which: 'profile' | 'account', value: unknown) => pending.get(which)?.resolve(value),
    fail: (which: 'profile' | 'account') => pending.get(which)?.reject(new Error('down')),
  }
}

describe('the account page before its app (a private shell, ADR 030)', () => {
  it('asks for the profile and the account at once, then shows both signed in and waits for an interaction', async () => {
    loadAccountPage()
    expect(document.querySelector('.my-account__loading')?.textContent).toBe('Loading your account…')
    const api = accountClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    expect(api.get.mock.calls.map(([path]) => path).sort()).toEqual([
      '/my-account',
      `/v1/core/accounts/${member.id}/profile/settings`,
    ])
    expect(overlay()).not.toBeNull()

    api.answer('account', ACCOUNT)
    api.answer('profile', member)
    await settle()
    expect(overlay()).toBeNull()
    expect(document.querySelector('.my-account__loading')).toBeNull()
    expect(document.querySelector('.my-account')?.textContent).toContain('Casey Civil')
    expect(document.querySelector('.my-account__confirm')).not.toBeNull()
    expect(document.querySelector('.auth-slot--signed-in')?.textContent).toContain('Shelley')
    expect(handedOverProfile(document)).toEqual(member)
    expect(handedOverMyAccount(document)).toEqual(ACCOUNT)
    expect(started()).toBeNull()

    // The first pointer on the page starts the app (a click on a button only the app works is held for it).
    document
      .querySelector('.my-account__confirm button')
      ?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(started()).not.toBeNull()
    announceBeforeHydrate(document)
    announceHydrated(document)
    expect(handedOverMyAccount(document)).toBeNull()
  })

  it('leaves the page to the app when the account could not be fetched (the app says so and tries again)', async () => {
    loadAccountPage()
    const api = accountClient()
    hydrateOnInteraction(document, CONFIG, signedInStorage(), api.client)
    api.fail('account')
    api.answer('profile', member)
    await settle()
    expect(started()).not.toBeNull()
    expect(document.querySelector('.my-account__loading')).not.toBeNull()
    expect(handedOverMyAccount(document)).toBeNull()
    expect(handedOverProfile(document)).toBeNull()
  })
})
