import {
  PAGE_MESSAGES as MESSAGES,
  type PageAdminItem,
  type PageAdminSummary,
  type PageCreate,
  type PageInput,
} from '@signalway/shared/publishing'
import { BUILT_IN_PAGES, isBuiltInPage } from '@signalway/shared/site-pages'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { PageRow } from '../../db/schema.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { createPage, findPage, listPages, updatePageAtVersion } from './pages-repository.ts'
import type { ContentChanged } from './plugin.ts'
import { normalizePageName } from './service.ts'

/*
 * Staff editing the content pages (ADR 022): requirements §2's generic pages, and the privacy policy and website
 * terms, whose text ships with the site (shared/site-pages.ts) until a save here replaces it. A save names
 * the version it was made from (0 for a built-in page never saved) and is refused when someone saved since;
 * every save is audited and, once committed, raises the content-changed event (ADR 038).
 */

export interface PagesService {
  list(): Promise<PageAdminSummary[]>
  get(name: string): Promise<PageAdminItem>
  create(input: PageCreate, actor: AuthUser, context: AuditContext): Promise<PageAdminItem>
  save(name: string, input: PageInput, actor: AuthUser, context: AuditContext): Promise<PageAdminItem>
}

function toItem(name: string, row: PageRow | undefined): PageAdminItem | undefined {
  const builtIn = isBuiltInPage(name) ? BUILT_IN_PAGES[name] : undefined
  // A built-in page's row from a first install holds an older text: until saved here, the shipped text is it.
  if (row && !(builtIn && row.updated_at === null)) {
    return {
      name,
      title: row.title,
      description: row.description,
      content: row.content,
      version: row.version,
      updatedAt: row.updated_at,
      builtIn: Boolean(builtIn),
    }
  }
  if (!builtIn) return undefined
  return { name, ...builtIn, version: row?.version ?? 0, updatedAt: null, builtIn: true }
}

const snapshot = (page: { title: string; description: string; content: string }) => ({
  title: page.title,
  description: page.description,
  contentLength: page.content.length,
})

export function createPagesService({
  db,
  clock,
  contentChanged,
}: {
  db: Executor
  clock: Clock
  contentChanged: ContentChanged
}): PagesService {
  const findRow = (name: string) => findPage(db, name)

  const get = async (name: string) => {
    const key = normalizePageName(name)
    const item = toItem(key, await findRow(key))
    if (!item) throw new NotFoundError(MESSAGES.notFound)
    return item
  }

  return {
    async list() {
      const rows = await listPages(db)
      const names = new Set([...rows.map((row) => row.name), ...Object.keys(BUILT_IN_PAGES)])
      return [...names]
        .sort()
        .map((name) =>
          toItem(
            name,
            rows.find((row) => row.name === name),
          ),
        )
        .filter((item): item is PageAdminItem => item !== undefined)
        .map(({ name, title, updatedAt, builtIn }) => ({ name, title, updatedAt, builtIn }))
    },

    get,

    async create(input, actor, context) {
      if (isBuiltInPage(input.name) || (await findRow(input.name))) {
        throw new ValidationError({ name: [MESSAGES.nameTaken] }, MESSAGES.nameTaken)
      }
      const now = clock()
      await db
        .transaction()
        .execute(async (trx) => {
          await createPage(trx, {
            name: input.name,
            title: input.title,
            description: input.description,
            content: input.content,
            version: 1,
            updated_at: toTimestamp(now),
          })
          await writeAudit(trx, {
            actor,
            action: 'page.create',
            targetType: 'page',
            targetId: input.name,
            before: null,
            after: snapshot(input),
            ...context,
            at: now,
          })
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw new ValidationError({ name: [MESSAGES.nameTaken] }, MESSAGES.nameTaken)
          }
          throw error
        })
      await contentChanged()
      return get(input.name)
    },

    async save(name, input, actor, context) {
      const current = await get(name)
      if (input.version !== current.version) throw new ConflictError(MESSAGES.conflict)
      const now = clock()
      await db
        .transaction()
        .execute(async (trx) => {
          const values = {
            title: input.title,
            description: input.description,
            content: input.content,
            version: current.version + 1,
            updated_at: toTimestamp(now),
          }
          if (current.version === 0) {
            // A built-in page saved for the first time: the row is made now (two first saves: one wins).
            await createPage(trx, { name: current.name, ...values })
          } else if (!(await updatePageAtVersion(trx, current.name, current.version, values))) {
            throw new ConflictError(MESSAGES.conflict)
          }
          await writeAudit(trx, {
            actor,
            action: 'page.update',
            targetType: 'page',
            targetId: current.name,
            before: snapshot(current),
            after: snapshot(input),
            ...context,
            at: now,
          })
        })
        .catch((error: unknown) => {
          if (error instanceof ConflictError) throw error
          if (isUniqueViolation(error)) {
            throw new ConflictError(MESSAGES.conflict)
          }
          throw error
        })
      await contentChanged()
      return get(current.name)
    },
  }
}
