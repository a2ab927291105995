import { describe, expect, it } from 'vitest'
import { matchesHydrate, STATIC_PAGE } from './hydration.ts'

describe('which documents hydrate (ADR 008)', () => {
  it('every page does unless a route of it opts out', () => {
    expect(matchesHydrate([{ handle: undefined }, { handle: { other: 1 } }])).toBe(true)
    expect(matchesHydrate([{ handle: undefined }, { handle: { hydrate: true } }])).toBe(true)
    expect(matchesHydrate([{ handle: undefined }, { handle: STATIC_PAGE }])).toBe(false)
    expect(matchesHydrate([{ handle: STATIC_PAGE }, { handle: undefined }])).toBe(false)
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
    'auth/login.tsx',
    'auth/register.tsx',
    'auth/logout.tsx',
    'credit/application-for-credit.tsx',
    'update-profile.tsx',
    'playground.tsx',
    'pages/error-403.tsx',
  ])('the interactive page %s hydrates', async (file) => {
    expect(matchesHydrate([{ handle: await handleOf(file) }])).toBe(true)
  })
})
