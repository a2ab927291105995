import type { Depot } from '@signalway/shared/fleet'
import { listDepotPostcodes, listDepots, listZoneFees } from './repository.ts'
import type { FleetDeps } from './types.ts'

/** The business's yards (ADR 042), each with the postcodes it serves and what delivering to each zone costs. */
export async function listDepotsWithZones({ db }: FleetDeps): Promise<Depot[]> {
  const [depots, postcodes, fees] = await Promise.all([
    listDepots(db),
    listDepotPostcodes(db),
    listZoneFees(db),
  ])
  return depots.map((depot) => ({
    id: depot.id,
    code: depot.code,
    name: depot.name,
    state: depot.state === 'QLD' ? 'QLD' : 'VIC',
    timeZone: depot.time_zone,
    address: {
      unitNumber: depot.unit_number,
      streetNumber: depot.street_number,
      streetName: depot.street_name,
      city: depot.city,
      postcode: depot.postcode,
    },
    postcodes: postcodes
      .filter((row) => row.depot_id === depot.id)
      .map((row) => ({ postcode: row.postcode, zone: row.zone })),
    zones: fees
      .filter((row) => row.depot_id === depot.id)
      .map((row) => ({
        zone: row.zone,
        deliveryFeeCents: row.delivery_fee_cents,
        collectionFeeCents: row.collection_fee_cents,
      })),
  }))
}
