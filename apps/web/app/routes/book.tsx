import { PageHeader } from '../components/ui/page-header.tsx'
import { BookingPage } from '../features/bookings/components/booking-page.tsx'
import { getEquipmentTypes } from '../features/fleet/get-fleet.server.ts'
import { HYDRATE_ON_INTERACTION } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/book'

/** The catalogue the lines choose from, read in-process on the server (a failure is a 502/503 route error). */
export async function loader({ context }: Route.LoaderArgs) {
  return { types: await getEquipmentTypes(context.get(internalApiContext)) }
}

/**
 * Hydrates on the first interaction (ADR 011): the server renders what a visitor signed out is offered (sign in, or
 * the quote form), complete without the app; a browser that keeps a sign-in starts the app at once for the form.
 */
export const handle = HYDRATE_ON_INTERACTION

/**
 * Not indexed and not in the sitemap: booking needs a customer account's sign-in (as My Account), though the page
 * renders for everyone, since service and equipment pages link here.
 */
export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Book Equipment',
    description:
      'Book traffic equipment online on your Signalway Traffic Hire customer account, with the price and availability as you choose.',
    path: paths.book,
    noIndex: true,
  })

/** Hiring online (ADR 048): the booking form for the account members who order, the quote form for anyone else. */
export default function BookPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Book Equipment"
        lead="Choose the equipment, the dates and the site: the price and availability show as you go."
      />
      <section className="section">
        <div className="container booking-page">
          <BookingPage types={loaderData.types} />
        </div>
      </section>
    </>
  )
}
