import {
  type EquipmentType,
  equipmentTypeSchema,
  FLEET_NUMBER_PATTERN,
  type PublicUnit,
  publicUnitSchema,
} from '@signalway/shared/fleet'
import { getInternalJson, type InternalApi } from '../../lib/internal-api.server.ts'

/** A type's slug as the API accepts one: lower-case words joined by hyphens, at most 80 characters. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u
const SLUG_MAX = 80

function isEquipmentType(value: unknown): value is EquipmentType {
  return equipmentTypeSchema.safeParse(value).success
}

/**
 * The equipment types from `GET /api/equipment-types` (the API in the same process), one service's or all, in
 * the API's order (by service, then name). A failure is thrown as a 502/503 route error, like the news.
 */
export async function getEquipmentTypes(
  api: InternalApi | null,
  serviceSlug?: string,
): Promise<EquipmentType[]> {
  const query = serviceSlug ? `?service=${encodeURIComponent(serviceSlug)}` : ''
  const body = await getInternalJson(api, `/equipment-types${query}`, { service: 'equipment' })
  return Array.isArray(body) ? body.filter(isEquipmentType) : []
}

/**
 * The equipment type with this slug from `GET /api/equipment-types/:slug`, or null when there is none. A slug no
 * type can have is none without asking. Any other failure is thrown as a 502/503 route error.
 */
export async function getEquipmentType(api: InternalApi | null, slug: string): Promise<EquipmentType | null> {
  if (slug.length > SLUG_MAX || !SLUG.test(slug)) return null
  const body = await getInternalJson(api, `/equipment-types/${slug}`, {
    service: 'equipment',
    notFound: 'null',
  })
  return isEquipmentType(body) ? body : null
}

/** A fleet number as its label prints it: upper case ('vms-0142' is VMS-0142). */
export function canonicalFleetNumber(value: string): string {
  return value.trim().toUpperCase()
}

/**
 * The unit with this fleet number from `GET /api/equipment/:fleetNumber`, or null when there is none or it is
 * retired (the API answers 404 for both). A value that is not a fleet number is none without asking.
 */
export async function getPublicUnit(
  api: InternalApi | null,
  fleetNumber: string,
): Promise<PublicUnit | null> {
  const number = canonicalFleetNumber(fleetNumber)
  if (!FLEET_NUMBER_PATTERN.test(number)) return null
  const body = await getInternalJson(api, `/equipment/${number}`, { service: 'equipment', notFound: 'null' })
  const unit = publicUnitSchema.safeParse(body)
  return unit.success ? unit.data : null
}
