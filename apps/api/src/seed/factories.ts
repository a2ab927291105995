import { randomUUID } from 'node:crypto'
import { MEMBER_TYPE } from '@signalway/shared/constants'
import type { Insertable } from 'kysely'
import type { Executor } from '../db/database.ts'
import type { EquipmentTypesTable, NewsTable, PagesTable, UnitsTable, UserRow } from '../db/schema.ts'
import { hashPassword } from '../lib/password.ts'
import { insertNewsItem } from '../modules/content/news-repository.ts'
import { insertPage } from '../modules/content/pages-repository.ts'
import { insertEquipmentType, insertUnit } from '../modules/fleet/repository.ts'
import { findUserById, insertUser } from '../modules/users/repository.ts'

/*
 * Factories for rows, used by the seed and by the tests alike.
 */

export interface UserFields {
  firstName: string
  lastName: string
  email: string
  mobile: string
  password: string
  memberType: number
  registrationDate: Date
  isActive: boolean
}

export function buildUser(overrides: Partial<UserFields> = {}): UserFields {
  const tag = randomUUID().slice(0, 8)
  return {
    firstName: 'Jordan',
    lastName: 'Mitchell',
    email: `jordan.mitchell.${tag}@example.com`,
    mobile: '0412345678',
    password: 'Password123',
    memberType: MEMBER_TYPE.Regular,
    registrationDate: new Date(),
    isActive: true,
    ...overrides,
  }
}

/** Inserts a user with a hashed password. Throws if the email is taken. */
export async function createUser(db: Executor, overrides: Partial<UserFields> = {}): Promise<UserRow> {
  const user = buildUser(overrides)
  const now = new Date().toISOString()
  const id = await insertUser(db, {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    mobile: user.mobile,
    password_hash: await hashPassword(user.password),
    member_type: user.memberType,
    registration_date: user.registrationDate.toISOString(),
    is_active: user.isActive ? 1 : 0,
    created_at: now,
    updated_at: now,
  })
  if (id === undefined) throw new Error(`A user with the email ${user.email} already exists`)
  const row = await findUserById(db, id)
  if (!row) throw new Error(`User ${id} vanished`)
  return row
}

export function buildPage(overrides: Partial<Insertable<PagesTable>> = {}): Insertable<PagesTable> {
  const name = overrides.name ?? `page-${randomUUID().slice(0, 8)}`
  return {
    name,
    title: 'Test Page',
    description: 'A page made by a test.',
    content: 'Test content.',
    ...overrides,
  }
}

export async function createPage(
  db: Executor,
  overrides: Partial<Insertable<PagesTable>> = {},
): Promise<Insertable<PagesTable>> {
  const page = buildPage(overrides)
  await insertPage(db, page)
  return page
}

export function buildNewsItem(overrides: Partial<Insertable<NewsTable>> = {}): Insertable<NewsTable> {
  const slug = overrides.slug ?? `news-${randomUUID().slice(0, 8)}`
  return {
    slug,
    published_at: '2026-01-15T00:00:00.000Z',
    title: 'Test news',
    image: `/images/news/${slug}.svg`,
    summary: 'Something happened.',
    ...overrides,
  }
}

export async function createNewsItem(
  db: Executor,
  overrides: Partial<Insertable<NewsTable>> = {},
): Promise<Insertable<NewsTable>> {
  const item = buildNewsItem(overrides)
  await insertNewsItem(db, item)
  return item
}

export function buildEquipmentType(
  overrides: Partial<Insertable<EquipmentTypesTable>> = {},
): Insertable<EquipmentTypesTable> {
  const now = new Date().toISOString()
  return {
    slug: overrides.slug ?? `type-${randomUUID().slice(0, 8)}`,
    service_slug: 'vms-boards',
    name: 'VMS board, full matrix, trailer mounted',
    description: 'A solar full-matrix variable message sign on a trailer.',
    specifications: '[]',
    image_media_id: null,
    day_rate_cents: 25_000,
    week_rate_cents: 120_000,
    minimum_days: 1,
    price_public: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  }
}

/** Inserts an equipment type; answers its id. */
export async function createEquipmentType(
  db: Executor,
  overrides: Partial<Insertable<EquipmentTypesTable>> = {},
): Promise<number> {
  return insertEquipmentType(db, buildEquipmentType(overrides))
}

/** Inserts a unit of a type at a depot (available, no service due unless told); answers its id. */
export async function createFleetUnit(
  db: Executor,
  unit: Pick<Insertable<UnitsTable>, 'type_id' | 'depot_id'> & Partial<Insertable<UnitsTable>>,
): Promise<number> {
  const now = new Date().toISOString()
  const fleetNumber =
    unit.fleet_number ?? `TST-${String(randomUUID().replace(/\D/g, '')).padEnd(5, '0').slice(0, 5)}`
  return insertUnit(db, {
    fleet_number: fleetNumber,
    registration_or_serial: `SN-${fleetNumber}`,
    status: 'available',
    next_service_due: null,
    created_at: now,
    updated_at: now,
    ...unit,
  })
}
