import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { backupFileName, backupSqlite } from '../../scripts/backup.ts'
import { API_ROOT } from '../../src/lib/paths.ts'
import { buildTestApp } from '../helpers/build.ts'

/*
 * npm run backup (apps/api/scripts/backup.ts): a consistent copy of the SQLite database while the
 * app keeps writing to it, checked, named by time, older copies pruned on request.
 */

const run = promisify(execFile)

function rows(path: string, table: 'enquiries' | 'outbox'): number {
  const db = new SQLite(path, { readonly: true })
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

describe('npm run backup', () => {
  it('copies the live database consistently while submissions keep coming in', async () => {
    const { app, config } = await buildTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } })
    let sender = 0
    // A sender each: one address is acknowledged at most three times an hour (ADR 032).
    const submit = () =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Jane Citizen', email: `jane${++sender}@example.com`, message: 'Hello there.' },
      })
    for (let n = 0; n < 20; n++) expect((await submit()).statusCode).toBe(201)

    // Writes go on during the copy.
    let writing = true
    // Requests arrive over the network: each one lets the event loop turn (the copy's steps run there).
    const writer = (async () => {
      while (writing) {
        await submit()
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const backupDir = join(config.dataDir, 'backups')
    const result = await backupSqlite({ sqlitePath: config.sqlitePath, backupDir })
    writing = false
    await writer

    expect(result.path.startsWith(backupDir)).toBe(true)
    expect(result.bytes).toBeGreaterThan(0)
    // As of one transaction: at least what was there before, and every enquiry with its two emails.
    const enquiries = rows(result.path, 'enquiries')
    expect(enquiries).toBeGreaterThanOrEqual(20)
    expect(rows(result.path, 'outbox')).toBe(enquiries * 2)
    const copy = new SQLite(result.path, { readonly: true })
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    copy.close()
  })

  it('names copies by UTC time and keeps the newest N with --keep', async () => {
    const { config } = await buildTestApp()
    const backupDir = join(config.dataDir, 'backups')
    const times = ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']
    for (const time of times)
      await backupSqlite({ sqlitePath: config.sqlitePath, backupDir, now: new Date(time), keep: 2 })
    expect(backupFileName(new Date(times[0] ?? ''))).toBe('app-20260301T000000000Z.db')
    expect(readdirSync(backupDir).sort()).toEqual([
      'app-20260302T000000000Z.db',
      'app-20260303T000000000Z.db',
    ])
  })

  it('runs as a script: a copy for SQLite, a pointer to pg_dump for PostgreSQL', {
    timeout: 30_000,
  }, async () => {
    const { config } = await buildTestApp()
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: config.dataDir }
    const script = join(API_ROOT, 'scripts', 'backup.ts')
    const done = await run(process.execPath, [script], { env })
    expect(done.stdout).toMatch(/^Backed up .*app\.db to .*app-\d{8}T\d{9}Z\.db \(\d+ bytes\)\n$/)
    expect(readdirSync(join(config.dataDir, 'backups'))).toHaveLength(1)

    const postgres = await run(process.execPath, [script], {
      env: { ...env, DATABASE_URL: 'postgres://app@db.internal:5432/signalway' },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(postgres).toMatchObject({ code: 1, stderr: expect.stringContaining('pg_dump') })

    const missing = await run(process.execPath, [script], {
      env: { ...env, DATA_DIR: join(config.dataDir, 'nothing-here') },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('Backup of') })
    expect(existsSync(join(config.dataDir, 'nothing-here', 'app.db'))).toBe(false)
  })
})
