/**
 * npm run backup: a consistent copy of the embedded SQLite database, taken while the server runs.
 *
 *   npm run backup [-- --out DIR] [-- --keep N]
 *
 * Uses SQLite's online backup API (better-sqlite3 `db.backup()`): the copy restarts if a writer changes
 * a page already copied, so the result is the database as of one committed transaction, never a torn
 * file, and the server keeps answering meanwhile. Every page is copied in one step (a read transaction
 * in WAL mode, which never blocks the server's writes): copied in small steps, a busy server's writes
 * would restart the copy for ever. The copy
 * is checked (PRAGMA quick_check) and written to DATA_DIR/backups/app-<UTC time>.db (or --out).
 * --keep N then deletes all but the newest N copies in that folder.
 *
 * PostgreSQL (DATABASE_URL=postgres://...) is not copied here: use pg_dump, as docs/operations.md
 * describes; the script says so and exits 1.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { DEFAULT_DATA_DIR } from '../src/lib/paths.ts'

export interface BackupOptions {
  /** The live database file. */
  sqlitePath: string
  /** Where the copy goes (created if missing). */
  backupDir: string
  /** Names the copy; the current time by default. */
  now?: Date
  /** Keep only the newest N copies in backupDir. */
  keep?: number | undefined
}

export interface BackupResult {
  path: string
  bytes: number
  /** Copies deleted by --keep. */
  removed: string[]
}

const BACKUP_NAME = /^app-\d{8}T\d{6}(?:\d{3})?Z\.db$/

/** app-20260302T090000123Z.db: sorts by time, safe in every file system. */
export function backupFileName(now: Date): string {
  return `app-${now.toISOString().replace(/[-:.]/g, '')}.db`
}

export async function backupSqlite(options: BackupOptions): Promise<BackupResult> {
  const source = new SQLite(options.sqlitePath, { readonly: true, fileMustExist: true })
  mkdirSync(options.backupDir, { recursive: true })
  const path = join(options.backupDir, backupFileName(options.now ?? new Date()))
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(path, { progress: ({ totalPages }) => Math.max(totalPages, 100) })
  } finally {
    source.close()
  }

  // One self-contained file: the copy inherits WAL mode, which would give it -wal and -shm files.
  const copy = new SQLite(path, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    const check = copy.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`)
  } finally {
    copy.close()
  }

  const removed: string[] = []
  if (options.keep !== undefined) {
    const copies = readdirSync(options.backupDir)
      .filter((name) => BACKUP_NAME.test(name))
      .sort()
    for (const name of copies.slice(0, Math.max(0, copies.length - options.keep))) {
      rmSync(join(options.backupDir, name), { force: true })
      removed.push(name)
    }
  }
  return { path, bytes: statSync(path).size, removed }
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index >= 0 ? process.argv[index + 1] : undefined
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl && /^postgres(ql)?:/.test(databaseUrl)) {
    process.stderr.write(
      'DATABASE_URL points to PostgreSQL: back it up with pg_dump, for example\n' +
        '  pg_dump --format=custom --file=signalway-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"\n' +
        '(see docs/operations.md). npm run backup copies the embedded SQLite database only.\n',
    )
    return 1
  }
  const dataDir = resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR)
  const sqlitePath = join(dataDir, 'app.db')
  const keepArg = argument('--keep')
  const keep = keepArg === undefined ? undefined : Number(keepArg)
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
    process.stderr.write('--keep must be a whole number of copies, at least 1\n')
    return 1
  }
  try {
    const result = await backupSqlite({
      sqlitePath,
      backupDir: resolve(argument('--out') ?? join(dataDir, 'backups')),
      keep,
    })
    process.stdout.write(`Backed up ${sqlitePath} to ${result.path} (${result.bytes} bytes)\n`)
    for (const name of result.removed) process.stdout.write(`Removed the older copy ${name}\n`)
    return 0
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    process.stderr.write(`Backup of ${sqlitePath} failed: ${reason}\n`)
    return 1
  }
}

if (import.meta.main) process.exitCode = await main()
