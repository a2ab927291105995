import { describe, expect, it } from 'vitest'
import { VMS_TYPE } from '../../test/equipment.ts'
import { fakeInternalApi, forbidFetch, routerContext } from '../../test/internal-api.ts'
import { loader as faqsLoader } from './faqs.tsx'
import { loader as newsLoader } from './news.tsx'
import { loader as privacyLoader } from './privacy-policy.tsx'
import { loader as sitemapLoader } from './seo/sitemap.ts'
import { loader as termsLoader } from './terms-and-conditions.tsx'

/*
 * Every public page whose loader reads the API reads it through the router context the server fills
 * (apps/api/src/plugins/web.ts), in-process: forbidFetch fails a test that reads over HTTP.
 */
forbidFetch()

const NEWS = {
  id: 7,
  slug: 'solar-boards',
  date: '2026-03-01T00:00:00.000Z',
  title: 'Solar boards',
  image: '/images/news/solar-vms-fleet-upgrade.svg',
  text: 'Now solar.',
  html: '',
  imageAlt: '',
  imageWidth: null,
  imageHeight: null,
}
const FAQ = {
  id: 1,
  slug: 'how-long',
  category: 'Hiring and bookings',
  question: 'How long?',
  text: 'Weeks.',
  html: '<p>Weeks.</p>',
}
const SAVED = {
  name: 'privacy-policy',
  title: 'Privacy',
  description: 'How we keep it.',
  content: 'Kept.',
  html: '<p>Kept.</p>',
  updatedAt: '2026-03-01T00:00:00.000Z',
}

function args(path: string) {
  const { api, requested } = fakeInternalApi({
    '/news': { status: 200, body: [NEWS] },
    '/faqs': { status: 200, body: [FAQ] },
    '/pages': { status: 200, body: [{ name: 'about/team', updatedAt: '2026-03-01T00:00:00.000Z' }] },
    '/pages/privacy-policy': { status: 200, body: SAVED },
    '/equipment-types': { status: 200, body: [VMS_TYPE] },
  })
  const loaderArgs = {
    request: new Request(`http://localhost${path}`),
    params: {},
    context: routerContext(api),
  }
  return { loaderArgs: loaderArgs as never, requested }
}

describe('the public pages read the API in-process', () => {
  it('/news/ lists the published items', async () => {
    const { loaderArgs, requested } = args('/news/')
    expect(await newsLoader(loaderArgs)).toEqual({ items: [NEWS] })
    expect(requested).toEqual(['/news'])
  })

  it('/faqs/ lists the questions', async () => {
    const { loaderArgs, requested } = args('/faqs/')
    const { faqs } = await faqsLoader(loaderArgs)
    expect(faqs.map((faq) => faq.question)).toEqual(['How long?'])
    expect(requested).toEqual(['/faqs'])
  })

  it('the privacy policy and the terms show the text staff saved, or the shipped one', async () => {
    const privacy = args('/privacy-policy/')
    expect((await privacyLoader(privacy.loaderArgs)).edited).toMatchObject({ title: 'Privacy' })
    expect(privacy.requested).toEqual(['/pages/privacy-policy'])
    const terms = args('/terms-and-conditions/')
    expect(await termsLoader(terms.loaderArgs)).toEqual({ edited: null })
    expect(terms.requested).toEqual(['/pages/terms-and-conditions'])
  })

  it('/sitemap.xml lists the news items, the content pages and the equipment types', async () => {
    const { loaderArgs, requested } = args('/sitemap.xml')
    const xml = await (await sitemapLoader(loaderArgs)).text()
    expect(xml).toContain('/news/solar-boards/')
    expect(xml).toContain('/about/team/')
    expect(xml).toContain('/equipment-types/vms-board-full-matrix/</loc><lastmod>2026-11-20</lastmod>')
    expect(requested.toSorted()).toEqual(['/equipment-types', '/news', '/pages'])
  })
})
