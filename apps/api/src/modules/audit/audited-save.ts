import type { Executor } from '../../db/database.ts'
import { ConflictError } from '../../lib/errors.ts'
import {
  type AuditAction,
  type AuditActor,
  type AuditContext,
  type AuditTargetType,
  writeAudit,
} from './audit.ts'

/*
 * A staff or customer save of a versioned record (ADR 020): the write and its audit entry in one transaction, so
 * the log never tells of a change that was not made, nor misses one that was.
 */

/** Who saves, from where, and when: what every entry of one save shares. */
export interface Saver {
  actor: AuditActor
  context: AuditContext
  at: Date
}

/** What the entry says of the record: an object, or one read in the save's transaction once it is written. */
type Snapshot = object | ((trx: Executor) => Promise<object>)

const read = (snapshot: Snapshot, trx: Executor) =>
  typeof snapshot === 'function' ? snapshot(trx) : Promise.resolve(snapshot)

/**
 * A new record: `insert` writes it and answers its id; the entry (`before` none) says what it was made with,
 * `after` being read by id when it is a function. Runs in the caller's transaction when given one.
 */
export async function createAudited(
  db: Executor,
  saver: Saver,
  target: {
    action: AuditAction
    targetType: AuditTargetType
    after: object | ((trx: Executor, id: number) => Promise<object>)
  },
  insert: (trx: Executor) => Promise<number>,
): Promise<number> {
  const create = async (trx: Executor) => {
    const id = await insert(trx)
    const after = typeof target.after === 'function' ? await target.after(trx, id) : target.after
    await writeAudit(trx, {
      actor: saver.actor,
      ...saver.context,
      at: saver.at,
      action: target.action,
      targetType: target.targetType,
      targetId: String(id),
      before: null,
      after,
    })
    return id
  }
  return db.isTransaction ? create(db) : db.transaction().execute(create)
}

/**
 * A change made from the version the person saw: `update` writes only at that version and answers whether it did.
 * When it did not, someone saved since: nothing is written and ConflictError says `conflict`. Runs in the caller's
 * transaction when given one.
 */
export async function updateAudited(
  db: Executor,
  saver: Saver,
  target: {
    action: AuditAction
    targetType: AuditTargetType
    targetId: string | number
    before: object | null
    after: Snapshot
    conflict: string
  },
  update: (trx: Executor) => Promise<boolean>,
): Promise<void> {
  const change = async (trx: Executor) => {
    if (!(await update(trx))) throw new ConflictError(target.conflict)
    await writeAudit(trx, {
      actor: saver.actor,
      ...saver.context,
      at: saver.at,
      action: target.action,
      targetType: target.targetType,
      targetId: String(target.targetId),
      before: target.before,
      after: await read(target.after, trx),
    })
  }
  await (db.isTransaction ? change(db) : db.transaction().execute(change))
}
