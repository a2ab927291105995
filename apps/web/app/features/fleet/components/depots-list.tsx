import type { Depot } from '@signalway/shared/fleet'
import { cents, formatPriceExGst } from '@signalway/shared/money'
import { useId } from 'react'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listDepots } from '../api/depots.ts'
import { zonePostcodesText } from '../depot-form.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'

const COLUMNS = [
  { label: 'Zone' },
  { label: 'Delivery fee' },
  { label: 'Collection fee' },
  { label: 'Postcodes' },
] as const

export function depotAddress(depot: Depot): string {
  const { unitNumber, streetNumber, streetName, city, postcode } = depot.address
  const street = `${unitNumber ? `${unitNumber}/` : ''}${streetNumber} ${streetName}`
  return `${street}, ${city} ${depot.state} ${postcode}`
}

/** The business's yards, each with its delivery zones: what delivering and collecting costs, and where. */
export function DepotsList({ load = listDepots }: { load?: () => Promise<Depot[]> }) {
  const { loaded, reload } = useLoaded(load, FLEET_SCREEN_MESSAGES.depotsLoadFailed)
  if (loaded.state === 'loading') {
    return (
      <p className="inbox__count" role="status">
        Loading the depots…
      </p>
    )
  }
  if (loaded.state === 'failed') {
    return (
      <LoadFailed
        message={FLEET_SCREEN_MESSAGES.depotsLoadFailed}
        onRetry={reload}
        className="inbox__empty"
      />
    )
  }
  return (
    <div className="fleet-depots">
      {loaded.value.map((depot) => (
        <DepotPanel key={depot.id} depot={depot} />
      ))}
    </div>
  )
}

function DepotPanel({ depot }: { depot: Depot }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {depot.name} ({depot.code})
      </h2>
      <p>
        {depotAddress(depot)}. Days and times in {depot.timeZone.replace('Australia/', '')} time.
      </p>
      {depot.zones.length === 0 ? (
        <p className="inbox__empty">{FLEET_SCREEN_MESSAGES.noZones}</p>
      ) : (
        <AdminTable
          label={`Delivery zones of ${depot.name}`}
          caption={`Delivery zones of ${depot.name} (fees ex GST)`}
          className="fleet-zones-table"
          columns={COLUMNS}
        >
          {depot.zones.map((zone) => (
            <tr key={zone.zone}>
              <td data-label="Zone">{zone.zone}</td>
              <td data-label="Delivery fee">{formatPriceExGst(cents(zone.deliveryFeeCents))}</td>
              <td data-label="Collection fee">{formatPriceExGst(cents(zone.collectionFeeCents))}</td>
              <td data-label="Postcodes" className="fleet-zones-table__postcodes">
                {zonePostcodesText(depot, zone.zone)}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <p>
        <Link to={paths.admin.fleet.depot(depot.id)} className="button button--outline button--sm">
          Edit the zones of {depot.name}
        </Link>
      </p>
    </section>
  )
}
