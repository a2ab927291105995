import {
  FAQ_CATEGORIES,
  type Faq,
  type FaqAdminItem,
  type FaqCategory,
  type FaqInput,
  type FaqMove,
  FAQ_MESSAGES as MESSAGES,
} from '@signalway/shared/faqs'
import { slugify } from '@signalway/shared/publishing'
import type { Executor } from '../../db/database.ts'
import type { FaqRow } from '../../db/schema.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import {
  deleteFaqAtVersion,
  faqSlugsLike,
  findFaq,
  insertFaq,
  listFaqs,
  listFaqsInCategory,
  maxFaqPosition,
  setFaqPosition,
  updateFaqAtVersion,
} from './faqs-repository.ts'
import { markdownText, renderMarkdown } from './markdown.ts'
import type { ContentChanged } from './plugin.ts'

/*
 * Staff keeping the FAQ (ADR 022). Like news and pages, a save names the version it was made from and is
 * refused (409) when someone saved since; every change is audited and, once committed, raises the
 * content-changed event (ADR 038), so every instance's page cache follows. A question keeps its anchor (slug) for life, so links
 * to it keep working when its wording changes.
 */

export interface FaqsService {
  /** The public FAQ, in the page's order. */
  listPublic(): Promise<Faq[]>
  /** Every question as the back office edits it, in the page's order. */
  list(): Promise<FaqAdminItem[]>
  get(id: number): Promise<FaqAdminItem>
  create(input: FaqInput, actor: AuthUser, context: AuditContext): Promise<FaqAdminItem>
  update(id: number, input: FaqInput, actor: AuthUser, context: AuditContext): Promise<FaqAdminItem>
  /** One place up or down within its category; answers the whole list in its new order. */
  move(id: number, move: FaqMove, actor: AuthUser, context: AuditContext): Promise<FaqAdminItem[]>
  remove(id: number, version: number, actor: AuthUser, context: AuditContext): Promise<void>
}

function categoryOf(row: FaqRow): FaqCategory {
  return (FAQ_CATEGORIES as readonly string[]).includes(row.category)
    ? (row.category as FaqCategory)
    : FAQ_CATEGORIES[0]
}

/** The page's order: the categories' order, then each question's place. */
function pageOrder(rows: FaqRow[]): FaqRow[] {
  const rank = (row: FaqRow) => FAQ_CATEGORIES.indexOf(categoryOf(row))
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.position - b.position || a.id - b.id)
}

function toAdminItem(row: FaqRow): FaqAdminItem {
  return {
    id: row.id,
    slug: row.slug,
    category: categoryOf(row),
    question: row.question,
    answer: row.answer,
    version: row.version,
    updatedAt: row.updated_at,
  }
}

/** What the audit log keeps of a question: everything but the answer, which it summarises by length. */
const snapshot = (faq: { question: string; category: string; answer: string }) => ({
  question: faq.question,
  category: faq.category,
  answerLength: faq.answer.length,
})

/** A slug for a new question: made from it, with -2, -3… when another question has it. */
async function freeSlug(db: Executor, question: string): Promise<string> {
  const base = slugify(question) || 'question'
  const taken = new Set(await faqSlugsLike(db, base))
  let slug = base
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`
  return slug
}

/** The next place at the end of the list (a new question, or one moved to another category, goes last). */
async function lastPosition(db: Executor): Promise<number> {
  return (await maxFaqPosition(db)) + 1
}

export function createFaqsService({
  db,
  clock,
  contentChanged,
}: {
  db: Executor
  clock: Clock
  contentChanged: ContentChanged
}): FaqsService {
  const allRows = async () => pageOrder(await listFaqs(db))
  const findRow = async (executor: Executor, id: number) => {
    const row = await findFaq(executor, id)
    if (!row) throw new NotFoundError(MESSAGES.notFound)
    return row
  }
  const audit = (
    executor: Executor,
    action: 'faq.create' | 'faq.update' | 'faq.move' | 'faq.delete',
    id: number,
    before: object | null,
    after: object | null,
    actor: AuthUser,
    context: AuditContext,
    at: Date,
  ) =>
    writeAudit(executor, {
      actor,
      action,
      targetType: 'faq',
      targetId: String(id),
      before,
      after,
      ...context,
      at,
    })

  return {
    async listPublic() {
      return (await allRows()).map((row) => ({
        id: row.id,
        slug: row.slug,
        category: categoryOf(row),
        question: row.question,
        html: renderMarkdown(row.answer),
        text: markdownText(row.answer),
      }))
    },

    async list() {
      return (await allRows()).map(toAdminItem)
    },

    async get(id) {
      return toAdminItem(await findRow(db, id))
    },

    async create(input, actor, context) {
      const now = clock()
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertFaq(trx, {
          slug: await freeSlug(trx, input.question),
          category: input.category,
          question: input.question,
          answer: input.answer,
          position: await lastPosition(trx),
          version: 1,
          updated_at: toTimestamp(now),
        })
        await audit(trx, 'faq.create', created, null, snapshot(input), actor, context, now)
        return created
      })
      await contentChanged()
      return toAdminItem(await findRow(db, id))
    },

    async update(id, input, actor, context) {
      const row = await findRow(db, id)
      if (input.version !== row.version) throw new ConflictError(MESSAGES.conflict)
      const now = clock()
      await db.transaction().execute(async (trx) => {
        const saved = await updateFaqAtVersion(trx, id, row.version, {
          question: input.question,
          answer: input.answer,
          category: input.category,
          // Moved to another category: last in it.
          position: input.category === row.category ? row.position : await lastPosition(trx),
          version: row.version + 1,
          updated_at: toTimestamp(now),
        })
        if (!saved) throw new ConflictError(MESSAGES.conflict)
        await audit(trx, 'faq.update', id, snapshot(row), snapshot(input), actor, context, now)
      })
      await contentChanged()
      return toAdminItem(await findRow(db, id))
    },

    async move(id, { direction }, actor, context) {
      const now = clock()
      const moved = await db.transaction().execute(async (trx) => {
        const row = await findRow(trx, id)
        const order = pageOrder(await listFaqsInCategory(trx, row.category))
        const from = order.findIndex((candidate) => candidate.id === row.id)
        const to = direction === 'up' ? from - 1 : from + 1
        const neighbour = order[to]
        // Already first (or last) in its category: nothing to do.
        if (!neighbour) return false
        order[to] = row
        order[from] = neighbour
        // The category's places, renumbered in the new order from its first (two equal places never stay).
        const first = Math.min(...order.map((candidate) => candidate.position))
        for (const [index, candidate] of order.entries()) {
          if (candidate.position !== first + index) await setFaqPosition(trx, candidate.id, first + index)
        }
        await audit(trx, 'faq.move', id, { place: from + 1 }, { place: to + 1 }, actor, context, now)
        return true
      })
      if (moved) await contentChanged()
      return (await allRows()).map(toAdminItem)
    },

    async remove(id, version, actor, context) {
      const row = await findRow(db, id)
      if (version !== row.version) throw new ConflictError(MESSAGES.conflict)
      const now = clock()
      await db.transaction().execute(async (trx) => {
        if (!(await deleteFaqAtVersion(trx, id, row.version))) throw new ConflictError(MESSAGES.conflict)
        await audit(trx, 'faq.delete', id, { ...snapshot(row), slug: row.slug }, null, actor, context, now)
      })
      await contentChanged()
    },
  }
}
