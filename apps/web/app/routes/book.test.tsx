import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TMA_TYPE, VMS_TYPE } from '../../test/equipment.ts'
import { fakeInternalApi, forbidFetch, routerContext } from '../../test/internal-api.ts'
import { authState } from '../../test/utils.tsx'
import { NotificationsProvider } from '../components/ui/notifications/index.ts'
import { AuthContext } from '../lib/auth-context.ts'
import BookPage, { handle, loader, meta } from './book.tsx'

/*
 * /book/ on the server: the catalogue read in-process for the lines, a page that is not indexed, and while the
 * sign-in is not known yet (the server's render), the offer a visitor signed out gets, marked as pending.
 */
forbidFetch()

const { api, requested } = fakeInternalApi({
  '/equipment-types': { status: 200, body: [VMS_TYPE, TMA_TYPE] },
})

describe('the booking page', () => {
  it('reads the whole catalogue for the equipment lines', async () => {
    const data = await loader({
      request: new Request('http://localhost/book/?type=vms-board-full-matrix'),
      params: {},
      context: routerContext(api),
    } as never)
    expect(requested).toEqual(['/equipment-types'])
    expect(data.types.map((type) => type.id)).toEqual([11, 12])
  })

  it('has a title, a description and its canonical address, and is not indexed', () => {
    const tags = meta({
      location: { pathname: '/book/' },
      matches: [{ id: 'root', loaderData: { config: { siteUrl: 'https://signalway.example' } } }],
    } as never)
    expect(tags).toContainEqual({ title: 'Book Equipment | Signalway Traffic Hire' })
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://signalway.example/book/',
    })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(tags).toContainEqual(expect.objectContaining({ name: 'description' }))
  })

  it('hydrates on the first interaction', () => {
    expect(handle).toEqual({ hydrate: 'on-interaction' })
  })

  it("renders on the server with its heading and a visitor's offer, hidden for a stored sign-in while it is checked", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/book/']}>
        <AuthContext value={authState({ status: 'loading' })}>
          <NotificationsProvider>
            <BookPage
              {...({ loaderData: { types: [VMS_TYPE] } } as unknown as Parameters<typeof BookPage>[0])}
            />
          </NotificationsProvider>
        </AuthContext>
      </MemoryRouter>,
    )
    expect(html).toContain('<h1 class="page-header__title">Book Equipment</h1>')
    expect(html).toMatch(
      /<section class="record-panel booking-offer" aria-labelledby="[^"]+" data-auth-pending="">/,
    )
    expect(html).toContain('Book online with your customer account')
    expect(html).toContain('href="/login/?return-url=%2Fbook%2F"')
  })
})
