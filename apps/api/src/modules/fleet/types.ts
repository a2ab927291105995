import {
  type EquipmentType,
  type EquipmentTypeAdmin,
  type EquipmentTypeInput,
  FLEET_MESSAGES as MESSAGES,
  type Specification,
} from '@signalway/shared/fleet'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { EquipmentTypeRow } from '../../db/schema.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import type { AuditContext } from '../audit/audit.ts'
import { createAudited, updateAudited } from '../audit/audited-save.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { MEDIA_LARGEST, mediaPath, mediaStored } from '../content/media.ts'
import {
  countNotRetiredUnitsOfType,
  type EquipmentTypeWithCount,
  findEquipmentType,
  findEquipmentTypeBySlug,
  insertEquipmentType,
  listEquipmentTypes,
  updateEquipmentTypeAtVersion,
} from './repository.ts'

/*
 * The catalogue (ADR 042): equipment types with their rates in integer cents ex GST. A save names the version it
 * was made from and is refused (409) when someone saved since (ADR 020); every change is audited in its own
 * transaction. A type whose prices are not public never sends its rates to the public site. Its image is an
 * upload of the publishing image pipeline (ADR 047), named by its random name and checked to exist on every save.
 */

export interface FleetDeps {
  db: Executor
  clock: Clock
}

function specificationsOf(row: EquipmentTypeRow): Specification[] {
  try {
    const parsed: unknown = JSON.parse(row.specifications)
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is Specification => typeof item?.label === 'string' && typeof item?.value === 'string',
        )
      : []
  } catch {
    return []
  }
}

function imageOf(row: EquipmentTypeRow): string | null {
  return row.image_media_id ? mediaPath(row.image_media_id, MEDIA_LARGEST.width) : null
}

export function toTypeAdmin(row: EquipmentTypeRow, unitCount: number): EquipmentTypeAdmin {
  return {
    id: row.id,
    slug: row.slug,
    serviceSlug: row.service_slug,
    name: row.name,
    description: row.description,
    specifications: specificationsOf(row),
    imageMediaId: row.image_media_id,
    image: imageOf(row),
    imageAlt: row.image_alt,
    dayRateCents: row.day_rate_cents,
    weekRateCents: row.week_rate_cents,
    minimumDays: row.minimum_days,
    pricePublic: row.price_public === 1,
    unitCount,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The public shape: "Price on application" sends no rate at all. */
export function toPublicType(row: EquipmentTypeRow): EquipmentType {
  const pricePublic = row.price_public === 1
  return {
    id: row.id,
    slug: row.slug,
    serviceSlug: row.service_slug,
    name: row.name,
    description: row.description,
    specifications: specificationsOf(row),
    image: imageOf(row),
    imageAlt: row.image_alt || row.name,
    priceOnApplication: !pricePublic,
    dayRateCents: pricePublic ? row.day_rate_cents : null,
    weekRateCents: pricePublic ? row.week_rate_cents : null,
    minimumDays: row.minimum_days,
    updatedAt: row.updated_at,
  }
}

/** What the audit log keeps of a type: its fields, the description by its length. */
function snapshot(input: Omit<EquipmentTypeInput, 'version'>) {
  return {
    slug: input.slug,
    serviceSlug: input.serviceSlug,
    name: input.name,
    descriptionLength: input.description.length,
    specifications: input.specifications.length,
    imageMediaId: input.imageMediaId,
    imageAlt: input.imageMediaId ? input.imageAlt : '',
    dayRateCents: input.dayRateCents,
    weekRateCents: input.weekRateCents,
    minimumDays: input.minimumDays,
    pricePublic: input.pricePublic,
  }
}

function inputOf(row: EquipmentTypeRow): Omit<EquipmentTypeInput, 'version'> {
  return {
    slug: row.slug,
    serviceSlug: row.service_slug,
    name: row.name,
    description: row.description,
    specifications: specificationsOf(row),
    imageMediaId: row.image_media_id,
    imageAlt: row.image_alt,
    dayRateCents: row.day_rate_cents,
    weekRateCents: row.week_rate_cents,
    minimumDays: row.minimum_days,
    pricePublic: row.price_public === 1,
  }
}

function columnsOf(input: EquipmentTypeInput) {
  return {
    slug: input.slug,
    service_slug: input.serviceSlug,
    name: input.name,
    description: input.description,
    specifications: JSON.stringify(input.specifications),
    image_media_id: input.imageMediaId,
    // Without an image there is nothing to describe.
    image_alt: input.imageMediaId ? input.imageAlt : '',
    day_rate_cents: input.dayRateCents,
    week_rate_cents: input.weekRateCents,
    minimum_days: input.minimumDays,
    price_public: input.pricePublic ? 1 : 0,
  }
}

const slugTaken = () => new ValidationError({ slug: [MESSAGES.slugTaken] }, MESSAGES.slugTaken)

/** A unique-slug race lost to another save: the same answer as the check before it. */
async function uniqueSlug<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken()
    throw error
  }
}

/** An image named by a save must be an upload that exists: a made-up or forgotten name is refused. */
async function checkImage(db: Executor, input: EquipmentTypeInput): Promise<void> {
  if (input.imageMediaId && !(await mediaStored(db, input.imageMediaId))) {
    throw new ValidationError({ imageMediaId: [MESSAGES.imageInvalid] }, MESSAGES.imageInvalid)
  }
}

async function typeRow(db: Executor, id: number): Promise<EquipmentTypeRow> {
  const row = await findEquipmentType(db, id)
  if (!row) throw new NotFoundError(MESSAGES.typeNotFound)
  return row
}

export async function listTypesForAdmin({ db }: FleetDeps): Promise<EquipmentTypeAdmin[]> {
  return (await listEquipmentTypes(db)).map((row: EquipmentTypeWithCount) => toTypeAdmin(row, row.unit_count))
}

export async function getTypeForAdmin({ db }: FleetDeps, id: number): Promise<EquipmentTypeAdmin> {
  const row = await typeRow(db, id)
  return toTypeAdmin(row, await countNotRetiredUnitsOfType(db, id))
}

export async function listPublicTypes({ db }: FleetDeps, serviceSlug?: string): Promise<EquipmentType[]> {
  return (await listEquipmentTypes(db, { serviceSlug })).map(toPublicType)
}

export async function getPublicType({ db }: FleetDeps, slug: string): Promise<EquipmentType> {
  const row = await findEquipmentTypeBySlug(db, slug)
  if (!row) throw new NotFoundError(MESSAGES.typeNotFound)
  return toPublicType(row)
}

export async function createType(
  deps: FleetDeps,
  input: EquipmentTypeInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<EquipmentTypeAdmin> {
  const { db, clock } = deps
  if (await findEquipmentTypeBySlug(db, input.slug)) throw slugTaken()
  await checkImage(db, input)
  const now = clock()
  const id = await uniqueSlug(
    createAudited(
      db,
      { actor, context, at: now },
      { action: 'equipment-type.create', targetType: 'equipment-type', after: snapshot(input) },
      (trx) =>
        insertEquipmentType(trx, {
          ...columnsOf(input),
          version: 1,
          created_at: toTimestamp(now),
          updated_at: toTimestamp(now),
        }),
    ),
  )
  return getTypeForAdmin(deps, id)
}

export async function updateType(
  deps: FleetDeps,
  id: number,
  input: EquipmentTypeInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<EquipmentTypeAdmin> {
  const { db, clock } = deps
  const row = await typeRow(db, id)
  if (input.version !== row.version) throw new ConflictError(MESSAGES.typeConflict)
  const other = input.slug === row.slug ? undefined : await findEquipmentTypeBySlug(db, input.slug)
  if (other) throw slugTaken()
  await checkImage(db, input)
  const now = clock()
  await uniqueSlug(
    updateAudited(
      db,
      { actor, context, at: now },
      {
        action: 'equipment-type.update',
        targetType: 'equipment-type',
        targetId: id,
        before: snapshot(inputOf(row)),
        after: snapshot(input),
        conflict: MESSAGES.typeConflict,
      },
      (trx) =>
        updateEquipmentTypeAtVersion(trx, id, row.version, {
          ...columnsOf(input),
          version: row.version + 1,
          updated_at: toTimestamp(now),
        }),
    ),
  )
  return getTypeForAdmin(deps, id)
}
