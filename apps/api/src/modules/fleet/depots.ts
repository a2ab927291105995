import { DEPOT_MESSAGES, type Depot, type DepotZonesInput, FLEET_MESSAGES } from '@signalway/shared/fleet'
import { isUniqueViolation } from '../../db/errors.ts'
import type { DepotRow } from '../../db/schema.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import type { AuditContext } from '../audit/audit.ts'
import { updateAudited } from '../audit/audited-save.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { bumpDepotVersion, postcodesOfOtherDepots, replaceDepotZones } from './depots-repository.ts'
import { listDepotPostcodes, listDepots, listZoneFees } from './repository.ts'
import type { FleetDeps } from './types.ts'

type PostcodeRow = Awaited<ReturnType<typeof listDepotPostcodes>>[number]
type ZoneFeeRow = Awaited<ReturnType<typeof listZoneFees>>[number]

function toDepot(depot: DepotRow, postcodes: PostcodeRow[], fees: ZoneFeeRow[]): Depot {
  return {
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
    version: depot.version,
  }
}

/** The business's yards (ADR 042), each with the postcodes it serves and what delivering to each zone costs. */
export async function listDepotsWithZones({ db }: FleetDeps): Promise<Depot[]> {
  const [depots, postcodes, fees] = await Promise.all([
    listDepots(db),
    listDepotPostcodes(db),
    listZoneFees(db),
  ])
  return depots.map((depot) => toDepot(depot, postcodes, fees))
}

export async function getDepotWithZones(deps: FleetDeps, id: number): Promise<Depot> {
  const depot = (await listDepotsWithZones(deps)).find((each) => each.id === id)
  if (!depot) throw new NotFoundError(FLEET_MESSAGES.depotNotFound)
  return depot
}

/** What the audit keeps of a depot's zones: each zone with its fees and postcodes. */
function zonesSnapshot(depot: Pick<Depot, 'zones' | 'postcodes'>) {
  return depot.zones.map((zone) => ({
    ...zone,
    postcodes: depot.postcodes.filter((row) => row.zone === zone.zone).map((row) => row.postcode),
  }))
}

/** A postcode served by another depot is named with that depot, on the zone that lists it. */
async function checkPostcodesFree(deps: FleetDeps, id: number, input: DepotZonesInput): Promise<void> {
  const taken = await postcodesOfOtherDepots(
    deps.db,
    id,
    input.zones.flatMap((zone) => zone.postcodes),
  )
  if (taken.length === 0) return
  const modelState: Record<string, string[]> = {}
  input.zones.forEach((zone, index) => {
    const clash = taken.find((row) => zone.postcodes.includes(row.postcode))
    if (clash) {
      modelState[`zones.${index}.postcodes`] = [
        DEPOT_MESSAGES.postcodeServedElsewhere(clash.postcode, clash.depot_name),
      ]
    }
  })
  const first = Object.values(modelState)[0]?.[0]
  throw new ValidationError(modelState, first)
}

/**
 * A depot's delivery zones become the ones sent: each zone's delivery and collection fees (integer cents ex GST)
 * and its postcodes, replacing the old ones in one transaction, from the version the person saw (409 when someone
 * saved since), audited with what they were before. A postcode another depot serves is refused, so that a delivery
 * address names one depot.
 */
export async function updateDepotZones(
  deps: FleetDeps,
  id: number,
  input: DepotZonesInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<Depot> {
  const before = await getDepotWithZones(deps, id)
  if (input.version !== before.version) throw new ConflictError(DEPOT_MESSAGES.depotConflict)
  await checkPostcodesFree(deps, id, input)
  try {
    await updateAudited(
      deps.db,
      { actor, context, at: deps.clock() },
      {
        action: 'depot.zones',
        targetType: 'depot',
        targetId: id,
        before: { zones: zonesSnapshot(before) },
        after: { zones: input.zones.map((zone) => ({ ...zone, postcodes: [...new Set(zone.postcodes)] })) },
        conflict: DEPOT_MESSAGES.depotConflict,
      },
      async (trx) => {
        if (!(await bumpDepotVersion(trx, id, input.version))) return false
        await replaceDepotZones(
          trx,
          id,
          input.zones.map((zone) => ({
            depot_id: id,
            zone: zone.zone,
            delivery_fee_cents: zone.deliveryFeeCents,
            collection_fee_cents: zone.collectionFeeCents,
          })),
          input.zones.flatMap((zone) =>
            [...new Set(zone.postcodes)].map((postcode) => ({ depot_id: id, postcode, zone: zone.zone })),
          ),
        )
        return true
      },
    )
  } catch (error) {
    // Another depot took one of the postcodes between the check and the write.
    if (isUniqueViolation(error)) await checkPostcodesFree(deps, id, input)
    throw error
  }
  return getDepotWithZones(deps, id)
}
