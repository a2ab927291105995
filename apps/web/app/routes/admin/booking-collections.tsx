import { PageHeader } from '../../components/ui/page-header.tsx'
import { CollectionsList } from '../../features/bookings-admin/components/collections-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/booking-collections'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Collections',
    description: 'The off-hired units to collect, by pick-up time.',
    path: paths.admin.bookingCollections,
    noIndex: true,
  })

/** The collections to schedule, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminBookingCollectionsPage() {
  return (
    <>
      <PageHeader
        title="Collections"
        lead="Off-hired units still to collect, by pick-up time in the depot's zone."
      />
      <section className="section">
        <div className="container">
          <CollectionsList />
        </div>
      </section>
    </>
  )
}
