import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub, MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { expectConsoleError } from '../../../../test/console-errors.ts'
import { TMA_TYPE, VMS_TYPE, VMS_UNIT } from '../../test/equipment.ts'
import { fakeInternalApi, forbidFetch, routerContext } from '../../test/internal-api.ts'
import EquipmentTypePage, { loader as typeLoader, meta as typeMeta } from './equipment-type.tsx'
import EquipmentUnitPage, { loader as unitLoader, meta as unitMeta } from './equipment-unit.tsx'
import ServicePage, { loader as serviceLoader } from './services/service.tsx'

/*
 * The catalogue's public pages read the API in-process (forbidFetch fails a read over HTTP): a service's types,
 * a type's page and a unit's page (what its label's QR code opens).
 */
forbidFetch()

const MEDIA_ID = 'c'.repeat(32)
const WITH_IMAGE = { image: `/api/media/${MEDIA_ID}-800.webp`, imageAlt: 'A VMS board on its trailer' }

const { api, requested } = fakeInternalApi({
  '/equipment-types?service=vms-boards': { status: 200, body: [VMS_TYPE] },
  '/equipment-types/vms-board-full-matrix': { status: 200, body: VMS_TYPE },
  '/equipment-types/truck-mounted-attenuator-8t': { status: 200, body: TMA_TYPE },
  '/equipment/VMS-0142': { status: 200, body: VMS_UNIT },
})

function loaderArgs(path: string, params: Record<string, string>, withApi = api) {
  return {
    request: new Request(`http://localhost${path}`),
    params,
    context: routerContext(withApi),
  } as never
}

type Answer = { data: unknown; init: ResponseInit }

function render(url: string, page: React.ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>)
}

/** The unit page holds the fault form, which posts to its route: it needs a data router. */
function renderRoute(url: string, page: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: url, Component: () => page }])
  return renderToStaticMarkup(<Stub initialEntries={[url]} />)
}

/** A route component's props with this loader data (the rest of them the pages do not read). */
function props(loaderData: unknown) {
  return { loaderData } as unknown as { loaderData: never; params: never; matches: never }
}

function metaArgs(path: string, loaderData: unknown) {
  return {
    loaderData,
    location: { pathname: path },
    matches: [{ id: 'root', loaderData: { config: { siteUrl: 'https://signalway.example' } } }],
  } as never
}

describe('a service page', () => {
  it("lists the service's equipment types: link, description, specifications, price with GST and a quote link", async () => {
    requested.length = 0
    const data = await serviceLoader(loaderArgs('/services/vms-boards/', {}))
    expect(requested).toEqual(['/equipment-types?service=vms-boards'])
    const html = render('/services/vms-boards/', <ServicePage {...props(data)} />)
    expect(html).toContain('Equipment for hire')
    expect(html).toContain('href="/equipment-types/vms-board-full-matrix/"')
    expect(html).toContain('From $250.00 a day ex GST ($275.00 inc GST)')
    expect(html).toContain('Solar with a 400 Ah battery bank')
    // Three key specifications on the card; the type's page has them all.
    expect(html).not.toContain('AS 4852.2')
    expect(html).toContain('href="/get-a-quote/?service=vms-boards"')
    expect(html).toContain('href="/book/?service=vms-boards"')
  })

  it('shows a small image on the card of a type that has one, and no image box on one that has none', () => {
    const html = render(
      '/services/vms-boards/',
      <ServicePage {...props({ types: [{ ...VMS_TYPE, ...WITH_IMAGE }, TMA_TYPE] })} />,
    )
    const images = html.match(/<img class="card__image equipment-type__image"[^>]*>/gu) ?? []
    expect(images).toHaveLength(1)
    expect(images[0]).toContain(`src="/api/media/${MEDIA_ID}-400.webp"`)
    expect(images[0]).toContain(`/api/media/${MEDIA_ID}-800.webp 800w`)
    expect(images[0]).toContain('width="400"')
    expect(images[0]).toContain('height="225"')
    expect(images[0]).toContain('loading="lazy"')
  })

  it('shows "Price on application" for a type whose prices are not public', () => {
    const html = render(
      '/services/truck-mounted-attenuators/',
      <ServicePage {...props({ types: [TMA_TYPE] })} />,
    )
    expect(html).toContain('Price on application')
    expect(html).not.toContain('ex GST')
  })

  it('still shows the service when the catalogue cannot be read, without the list', async () => {
    expectConsoleError(/could not be reached/)
    const down = fakeInternalApi({
      '/equipment-types?service=vms-boards': () => Promise.reject(new Error('down')),
    })
    const data = await serviceLoader(loaderArgs('/services/vms-boards/', {}, down.api))
    expect(data).toEqual({ types: [] })
    const html = render('/services/vms-boards/', <ServicePage {...props(data)} />)
    expect(html).not.toContain('Equipment for hire')
  })
})

describe("an equipment type's page", () => {
  it('reads the one type by its slug and shows its rates with GST, minimum hire and a quote link', async () => {
    requested.length = 0
    const data = await typeLoader(
      loaderArgs('/equipment-types/vms-board-full-matrix/', { slug: VMS_TYPE.slug }),
    )
    expect(requested).toEqual(['/equipment-types/vms-board-full-matrix'])
    const html = render('/equipment-types/vms-board-full-matrix/', <EquipmentTypePage {...props(data)} />)
    expect(html).toContain('<h1 class="page-header__title">VMS board, full matrix, trailer mounted</h1>')
    expect(html).toContain('$250.00 ex GST ($275.00 inc GST)')
    expect(html).toContain('$1,200.00 ex GST ($1,320.00 inc GST)')
    expect(html).toContain('1 day')
    expect(html).toContain('AS 4852.2')
    expect(html).toContain('href="/get-a-quote/?service=vms-boards"')
    expect(html).toContain('href="/book/?type=vms-board-full-matrix"')
  })

  it("shows the type's own image at its size with both sizes to choose from, as the largest paint", () => {
    const html = render(
      '/equipment-types/vms-board-full-matrix/',
      <EquipmentTypePage {...props({ type: { ...VMS_TYPE, ...WITH_IMAGE } })} />,
    )
    const image = html.match(/<img class="service-detail__image"[^>]*>/u)?.[0] ?? ''
    expect(image).toContain(`src="/api/media/${MEDIA_ID}-800.webp"`)
    expect(image).toContain(
      `srcSet="/api/media/${MEDIA_ID}-400.webp 400w, /api/media/${MEDIA_ID}-800.webp 800w"`,
    )
    expect(image).toContain('width="800"')
    expect(image).toContain('height="450"')
    expect(image).toContain('alt="A VMS board on its trailer"')
    expect(image).toContain('fetchPriority="high"')
    // Without one, the service's illustration stands in.
    const without = render(
      '/equipment-types/vms-board-full-matrix/',
      <EquipmentTypePage {...props({ type: VMS_TYPE })} />,
    )
    expect(without).toContain('src="/images/services/vms-boards.svg"')
  })

  it('gives link previews and the Product data the type image, as an absolute address', () => {
    const meta = typeMeta(
      metaArgs('/equipment-types/vms-board-full-matrix/', { type: { ...VMS_TYPE, ...WITH_IMAGE } }),
    ) as Record<string, unknown>[]
    const absolute = `https://signalway.example/api/media/${MEDIA_ID}-800.webp`
    expect(meta).toContainEqual({ property: 'og:image', content: absolute })
    const product = meta
      .map((entry) => entry['script:ld+json'])
      .find((ld) => (ld as { '@type'?: string })?.['@type'] === 'Product')
    expect(product).toMatchObject({ image: [absolute] })
  })

  it('shows "Price on application" and no rates when the prices are not public', () => {
    const html = render(
      '/equipment-types/truck-mounted-attenuator-8t/',
      <EquipmentTypePage {...props({ type: TMA_TYPE })} />,
    )
    expect(html).toContain('Price on application')
    expect(html).toContain('3 days')
    expect(html).not.toContain('ex GST')
  })

  it('has a title, description, canonical, Open Graph and Product data with an Offer in AUD ex GST', () => {
    const meta = typeMeta(metaArgs('/equipment-types/vms-board-full-matrix/', { type: VMS_TYPE })) as Record<
      string,
      unknown
    >[]
    expect(meta).toContainEqual({ title: 'VMS board, full matrix, trailer mounted | Signalway Traffic Hire' })
    expect(meta).toContainEqual({ name: 'description', content: VMS_TYPE.description })
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://signalway.example/equipment-types/vms-board-full-matrix/',
    })
    expect(meta).toContainEqual({
      property: 'og:url',
      content: 'https://signalway.example/equipment-types/vms-board-full-matrix/',
    })
    const product = meta
      .map((entry) => entry['script:ld+json'])
      .find((ld) => (ld as { '@type'?: string })?.['@type'] === 'Product')
    expect(product).toMatchObject({ offers: { price: '250.00', priceCurrency: 'AUD' } })
    expect(meta).not.toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('answers an unknown slug with 404, and a slug no type can have without asking the API', async () => {
    const unknown = (await typeLoader(
      loaderArgs('/equipment-types/no-such-type/', { slug: 'no-such-type' }),
    )) as Answer
    expect(unknown.init.status).toBe(404)
    expect(unknown.data).toEqual({ type: null })
    requested.length = 0
    const odd = (await typeLoader(
      loaderArgs('/equipment-types/Not_A_Slug/', { slug: 'Not_A_Slug' }),
    )) as Answer
    expect(odd.init.status).toBe(404)
    expect(requested).toEqual([])
    const html = render('/equipment-types/no-such-type/', <EquipmentTypePage {...props({ type: null })} />)
    expect(html).toContain('Page Not Found')
    expect(typeMeta(metaArgs('/equipment-types/no-such-type/', { type: null }))).toContainEqual({
      name: 'robots',
      content: 'noindex',
    })
  })

  it('redirects the address without its trailing slash (301)', async () => {
    const thrown = await typeLoader(
      loaderArgs('/equipment-types/vms-board-full-matrix', { slug: VMS_TYPE.slug }),
    ).catch((error: unknown) => error)
    expect((thrown as Response).status).toBe(301)
    expect((thrown as Response).headers.get('Location')).toBe('/equipment-types/vms-board-full-matrix/')
  })
})

describe("a unit's page", () => {
  it('shows the fleet number, its type linked to the type page, and the 24/7 number to report a fault on', async () => {
    requested.length = 0
    const data = await unitLoader(loaderArgs('/equipment/VMS-0142/', { fleetNumber: 'VMS-0142' }))
    // The type tells which symptoms the fault form offers.
    expect(requested).toEqual(['/equipment/VMS-0142', '/equipment-types/vms-board-full-matrix'])
    const html = renderRoute('/equipment/VMS-0142/', <EquipmentUnitPage {...props(data)} />)
    expect(html).toContain('VMS-0142')
    expect(html).toContain('href="/equipment-types/vms-board-full-matrix/"')
    expect(html).toContain('href="tel:1300975707"')
    expect(html).toContain('Report a fault')
    expect(html).toContain('Display blank')
    expect(html).toMatch(/<form[^>]*encType="multipart\/form-data" method="post"/)
  })

  it("names its type's page as canonical, so that search engines show that page instead", () => {
    const meta = unitMeta(metaArgs('/equipment/VMS-0142/', { unit: VMS_UNIT }))
    expect(meta).not.toContainEqual({ name: 'robots', content: 'noindex' })
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://signalway.example/equipment-types/vms-board-full-matrix/',
    })
    expect(meta).toContainEqual({
      title: 'VMS-0142: VMS board, full matrix, trailer mounted | Signalway Traffic Hire',
    })
  })

  it("redirects a lower-case fleet number or a missing slash to the label's address (301)", async () => {
    for (const path of ['/equipment/vms-0142/', '/equipment/VMS-0142']) {
      const fleetNumber = path.split('/')[2] ?? ''
      const thrown = await unitLoader(loaderArgs(path, { fleetNumber })).catch((error: unknown) => error)
      expect((thrown as Response).status).toBe(301)
      expect((thrown as Response).headers.get('Location')).toBe('/equipment/VMS-0142/')
    }
  })

  it('answers an unknown or retired unit (the API answers 404) and a value that is no fleet number with 404', async () => {
    const unknown = (await unitLoader(
      loaderArgs('/equipment/VMS-9999/', { fleetNumber: 'VMS-9999' }),
    )) as Answer
    expect(unknown.init.status).toBe(404)
    requested.length = 0
    const odd = (await unitLoader(loaderArgs('/equipment/x/', { fleetNumber: 'x' }))) as Answer
    expect(odd.init.status).toBe(404)
    expect(requested).toEqual([])
    const html = renderRoute('/equipment/VMS-9999/', <EquipmentUnitPage {...props({ unit: null })} />)
    expect(html).toContain('Page Not Found')
  })
})
