import { MEMBER_TYPE } from '@signalway/shared/constants'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../config.ts'
import type { DB } from '../db/schema.ts'
import { hashPassword } from '../lib/password.ts'
import { generatePassword } from '../lib/random.ts'
import { countContent } from '../modules/content/repository.ts'
import { hasActiveUserOfType, insertUser } from '../modules/users/repository.ts'
import { DEMO_NEWS, DEMO_PAGES } from './demo-content.ts'
import { seedDemoFleet } from './demo-fleet.ts'
import { buildUser, createNewsItem, createPage } from './factories.ts'

export interface SeedOptions {
  db: Kysely<DB>
  config: Pick<Config, 'seedDemo' | 'demo' | 'adminEmail' | 'adminPassword'>
  log: FastifyBaseLogger
  /** Where the one-time line with a generated admin password goes; stdout by default. */
  print?: ((line: string) => void) | undefined
}

export interface SeedResult {
  pages: number
  news: number
  /** The demo fleet's equipment types and units added by this run (DEMO=1 only). */
  fleet: { types: number; units: number }
  /** The email of the admin created by this run, if any. */
  adminCreated: string | undefined
}

/**
 * First-run data, safe to run on every start: demo content when enabled and the tables are empty, the demo
 * fleet when DEMO=1 and the catalogue is empty, and an administrator when none exists.
 */
export async function runSeed(options: SeedOptions): Promise<SeedResult> {
  const { pages, news } = options.config.seedDemo ? await seedDemoContent(options.db) : { pages: 0, news: 0 }
  if (pages + news > 0) options.log.info({ pages, news }, 'demo content seeded')
  // The demo fleet only for a demonstration (npm start): the tests' and a developer's catalogue start empty.
  const fleet =
    options.config.demo && options.config.seedDemo
      ? await seedDemoFleet(options.db, new Date())
      : { types: 0, units: 0 }
  if (fleet.types > 0) options.log.info(fleet, 'demo fleet seeded')
  const adminCreated = await ensureAdmin(options)
  return { pages, news, fleet, adminCreated }
}

async function seedDemoContent(db: Kysely<DB>): Promise<{ pages: number; news: number }> {
  return db.transaction().execute(async (trx) => {
    const existing = await countContent(trx)
    const pages = existing.pages === 0 ? DEMO_PAGES : []
    const news = existing.news === 0 ? DEMO_NEWS : []
    for (const page of pages) await createPage(trx, page)
    for (const item of news) await createNewsItem(trx, item)
    return { pages: pages.length, news: news.length }
  })
}

async function ensureAdmin({ db, config, log, print }: SeedOptions): Promise<string | undefined> {
  if (await hasActiveUserOfType(db, MEMBER_TYPE.Admin)) return undefined

  const password = config.adminPassword ?? generatePassword()
  const admin = buildUser({
    firstName: 'Site',
    lastName: 'Administrator',
    email: config.adminEmail,
    mobile: '0400000000',
    password,
    memberType: MEMBER_TYPE.Admin,
  })
  const now = new Date().toISOString()
  const id = await insertUser(db, {
    first_name: admin.firstName,
    last_name: admin.lastName,
    email: admin.email,
    mobile: admin.mobile,
    password_hash: await hashPassword(admin.password),
    member_type: admin.memberType,
    registration_date: now,
    is_active: 1,
    created_at: now,
    updated_at: now,
  })
  if (id === undefined) {
    // Another instance won the race, or ADMIN_EMAIL belongs to an existing (non-admin) account.
    log.warn({ email: admin.email }, 'no administrator created: the ADMIN_EMAIL account already exists')
    return undefined
  }

  log.info({ email: admin.email, userId: id }, 'administrator created')
  if (config.adminPassword === undefined) {
    const write = print ?? ((line: string) => process.stdout.write(`${line}\n`))
    write(`Administrator created: ${admin.email} / ${password} (shown once; change it after signing in)`)
  }
  return admin.email
}
