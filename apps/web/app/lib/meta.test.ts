import { describe, expect, it } from 'vitest'
import { buildMeta, configFromMatches, pageTitle, routeMeta } from './meta.ts'

describe('pageTitle', () => {
  it("is '<Page> | Signalway Traffic Hire', or the product name alone", () => {
    expect(pageTitle('About')).toBe('About | Signalway Traffic Hire')
    expect(pageTitle()).toBe('Signalway Traffic Hire')
  })
})

describe('buildMeta', () => {
  const meta = buildMeta({
    title: 'About',
    description: 'Who we are.',
    path: '/about/',
    siteUrl: 'https://signalway.example',
  })

  it('sets the title and description', () => {
    expect(meta).toContainEqual({ title: 'About | Signalway Traffic Hire' })
    expect(meta).toContainEqual({ name: 'description', content: 'Who we are.' })
  })

  it('sets the canonical URL from the site URL and path', () => {
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://signalway.example/about/',
    })
  })

  it('sets Open Graph and Twitter tags', () => {
    expect(meta).toEqual(
      expect.arrayContaining([
        { property: 'og:title', content: 'About | Signalway Traffic Hire' },
        { property: 'og:description', content: 'Who we are.' },
        { property: 'og:url', content: 'https://signalway.example/about/' },
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: 'Signalway Traffic Hire' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:title', content: 'About | Signalway Traffic Hire' },
        { name: 'twitter:description', content: 'Who we are.' },
      ]),
    )
    expect(meta.some((tag) => 'name' in tag && tag.name === 'robots')).toBe(false)
  })

  it('uses the 1200x630 PNG site card unless a page has its own image', () => {
    expect(meta).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: 'https://signalway.example/images/og-default.png' },
        { name: 'twitter:image', content: 'https://signalway.example/images/og-default.png' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
        { property: 'og:image:alt', content: expect.stringContaining('Signalway Traffic Hire') },
      ]),
    )
  })

  it('marks news items as articles', () => {
    const article = buildMeta({
      title: 'News item',
      description: 'Something happened.',
      path: '/news/item/',
      siteUrl: 'https://signalway.example',
      type: 'article',
    })
    expect(article).toContainEqual({ property: 'og:type', content: 'article' })
  })

  it('adds absolute image URLs and noindex when asked', () => {
    const withImage = buildMeta({
      title: 'Login',
      description: 'Log in.',
      path: '/login/',
      siteUrl: 'https://signalway.example/',
      image: '/images/og.png',
      noIndex: true,
    })
    expect(withImage).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: 'https://signalway.example/images/og.png' },
        { name: 'twitter:image', content: 'https://signalway.example/images/og.png' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'robots', content: 'noindex' },
      ]),
    )
  })
})

describe('routeMeta', () => {
  const rootMatch = {
    id: 'root',
    loaderData: {
      config: {
        siteUrl: 'https://www.signalway.example',
        apiBaseUrl: '/api',
        authClientId: 'web',
        siteName: 'Signalway Traffic Hire',
      },
    },
  }

  it('reads the site URL from the root loader data and defaults the path to the location', () => {
    const meta = routeMeta(
      { matches: [rootMatch, { id: 'routes/faqs', loaderData: undefined }], location: { pathname: '/faqs' } },
      { title: 'FAQs', description: 'Answers.' },
    )
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://www.signalway.example/faqs',
    })
  })

  it('falls back to the default config without root data', () => {
    expect(configFromMatches([]).siteUrl).toBe('http://localhost:3000')
  })
})
