import { describe, expect, it } from 'vitest'
import { documentScripts, HYDRATE_ON_INTERACTION, privateShellPage, STATIC_PAGE } from './hydration.ts'

describe('which scripts a document loads (ADR 008, ADR 011)', () => {
  it('React Router scripts unless a route of it opts out; a static route wins over on-interaction', () => {
    expect(documentScripts([{ handle: undefined }, { handle: { other: 1 } }])).toBe('app')
    expect(documentScripts([{ handle: undefined }, { handle: { hydrate: true } }])).toBe('app')
    expect(documentScripts([{ handle: undefined }, { handle: STATIC_PAGE }])).toBe('enhance')
    expect(documentScripts([{ handle: STATIC_PAGE }, { handle: undefined }])).toBe('enhance')
    expect(documentScripts([{ handle: undefined }, { handle: HYDRATE_ON_INTERACTION }])).toBe(
      'app-on-interaction',
    )
    expect(documentScripts([{ handle: HYDRATE_ON_INTERACTION }, { handle: STATIC_PAGE }])).toBe('enhance')
  })

  const modules = import.meta.glob<{ handle?: unknown }>('../routes/**/*.tsx')
  const handleOf = async (file: string) => {
    const load = modules[`../routes/${file}`]
    if (!load) throw new Error(`no route module ${file}`)
    return (await load()).handle
  }

  it.each([
    'home.tsx',
    'about.tsx',
    'services/index.tsx',
    'services/service.tsx',
    'news.tsx',
    'news-item.tsx',
    'equipment-type.tsx',
    'content-page.tsx',
    'terms-and-conditions.tsx',
    'credit/terms-of-hire.tsx',
    'faqs.tsx',
  ])('the static content page %s does not hydrate', async (file) => {
    expect(await handleOf(file)).toBe(STATIC_PAGE)
  })

  it.each([
    'contact-us.tsx',
    'get-a-quote.tsx',
    // ADR 026: the account forms a visitor reads before using.
    'auth/login.tsx',
    'auth/register.tsx',
    'auth/forgot-password.tsx',
    'credit/application-for-credit.tsx',
    // ADR 027: checked on the server, its token out of the address bar by the enhancement script.
    'auth/reset-password.tsx',
    // ADR 049: a unit's label page with its fault form, posted without the app; the app adds the location.
    'equipment-unit.tsx',
    // ADR 048: the booking page, rendered with a visitor's offer; a stored sign-in starts the app at once.
    'book.tsx',
  ])('the public form page %s hydrates on the first interaction', async (file) => {
    expect(await handleOf(file)).toBe(HYDRATE_ON_INTERACTION)
  })

  it.each([
    ['update-profile.tsx', 'profile'],
    ['my-account.tsx', 'my-account'],
  ] as const)(
    '%s is a private shell: shown by its enhancement script, hydrated on the first interaction (ADR 028, ADR 030)',
    async (file, shell) => {
      const handle = await handleOf(file)
      expect(handle).toEqual(privateShellPage(shell))
      expect(documentScripts([{ handle }])).toBe('app-on-interaction')
    },
  )

  it.each([
    'auth/logout.tsx',
    // Their content comes with the app: the link's token, or the visitor's session.
    'credit/resume.tsx',
    'credit/sign.tsx',
    'credit/signing-status.tsx',
    'playground.tsx',
    'pages/error-403.tsx',
  ])('the interactive page %s hydrates at once', async (file) => {
    expect(documentScripts([{ handle: await handleOf(file) }])).toBe('app')
  })
})
