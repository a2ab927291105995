import { request } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createDatabase } from '../../src/db/database.ts'
import { DIALECTS, type Dialect, useTestDatabase } from '../helpers/build.ts'
import { creditApplicationFixture } from '../helpers/credit.ts'
import { freePort } from '../helpers/smtp.ts'
import { startServerProcess, waitUntilReady } from './server-process.ts'

/*
 * The server process killed (kill -9) while credit applications are being submitted, and stopped
 * (SIGTERM) while one is still uploading. After a crash and a restart every stored application is
 * complete (its PDF, its files, its two emails) and every one answered 200 is stored; a graceful
 * stop finishes the request in flight, then exits 0.
 */

interface Outcome {
  status: number
  reference: string | null
}

async function serverEnv(dialect: Dialect) {
  const database = await useTestDatabase(dialect)
  return {
    database,
    env: {
      ...database.env,
      DATA_DIR: database.dataDir,
      PORT: String(await freePort()),
      RATE_LIMIT_FACTOR: '1000',
      // Crash consistency is the subject here, not shedding: a busy CI machine must not turn 200s into 503s.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  }
}

/** Everything the credit submissions left in the database, read directly. */
async function storedApplications(env: { DATA_DIR: string; DATABASE_URL?: string | undefined }) {
  const database = createDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: join(env.DATA_DIR, 'app.db') })
  try {
    const { db } = database
    const applications = await db
      .selectFrom('credit_applications')
      .select(['reference', 'pdf_file_id', 'trust_deed_file_id', 'payload'])
      .execute()
    const files = await db
      .selectFrom('files')
      .select([
        'id',
        'content_type',
        (eb) => eb.fn('substr', [eb.ref('data'), eb.lit(1), eb.lit(5)]).as('head'),
      ])
      .execute()
    const outbox = await db.selectFrom('outbox').select(['id', 'subject', 'attachments']).execute()
    return { applications, files, outbox }
  } finally {
    await database.close()
  }
}

function fileIdsOf(application: { pdf_file_id: string; trust_deed_file_id: string | null; payload: string }) {
  const payload = JSON.parse(application.payload) as {
    section4: { signatures: { fileId: string }[]; guarantors: { fileId: string }[] }
  }
  return [
    application.pdf_file_id,
    ...(application.trust_deed_file_id ? [application.trust_deed_file_id] : []),
    ...payload.section4.signatures.map((entry) => entry.fileId),
    ...payload.section4.guarantors.map((entry) => entry.fileId),
  ]
}

describe.each(DIALECTS)('the server process on %s', (dialect) => {
  it('keeps each credit application whole or not at all when killed mid-submit, and restarts cleanly', {
    timeout: 150_000,
  }, async () => {
    const { env } = await serverEnv(dialect)
    const first = startServerProcess(env)
    await waitUntilReady(first)

    const body = JSON.stringify(await creditApplicationFixture(4))
    const outcomes: Outcome[] = []
    let stop = false
    const submitLoop = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${first.url}/api/apply-for-credit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
          const pdf = Buffer.from(await response.arrayBuffer())
          if (response.status === 200) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
          outcomes.push({
            status: response.status,
            reference: response.headers.get('x-application-reference'),
          })
        } catch {
          outcomes.push({ status: 0, reference: null })
        }
      }
    }
    const loops = Array.from({ length: 6 }, submitLoop)
    await expect
      .poll(() => outcomes.filter((o) => o.status === 200).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(4)
    stop = true
    first.child.kill('SIGKILL')
    await Promise.all(loops)
    expect(await first.exit).toBeNull()

    const answered = outcomes.filter((o) => o.status === 200).map((o) => o.reference)
    // Some submissions were in flight when the process died.
    expect(outcomes.filter((o) => o.status === 0).length).toBeGreaterThan(0)
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 0)).toEqual([])

    // The restarted server opens the same database and serves.
    const second = startServerProcess(env)
    await waitUntilReady(second)
    second.child.kill('SIGTERM')
    expect(await second.exit).toBe(0)

    const { applications, files, outbox } = await storedApplications(env)
    const references = applications.map((application) => application.reference)
    expect(references).toEqual(expect.arrayContaining(answered))
    const pdfHeads = new Map(files.map((file) => [file.id, String(file.head)]))
    const referenced: string[] = []
    for (const application of applications) {
      expect(pdfHeads.get(application.pdf_file_id), application.reference).toBe('%PDF-')
      const ids = fileIdsOf(application)
      for (const id of ids) expect(pdfHeads.has(id), `${application.reference} file ${id}`).toBe(true)
      referenced.push(...ids)
      // Its two emails; the applicant's copy may be a PDF of its own (no trust deed pages, requirements §13).
      const mails = outbox.filter((row) => row.subject.includes(application.reference))
      expect(mails, application.reference).toHaveLength(2)
      for (const mail of mails) {
        for (const attachment of JSON.parse(mail.attachments) as { fileId: string }[]) {
          expect(pdfHeads.get(attachment.fileId), application.reference).toBe('%PDF-')
          referenced.push(attachment.fileId)
        }
      }
    }
    // Nothing half-written: no file and no email without its application.
    expect(new Set(referenced)).toEqual(new Set(files.map((file) => file.id)))
    expect(outbox).toHaveLength(applications.length * 2)
  })

  it('finishes a request in flight on SIGTERM (200 with its PDF), refuses new connections, then exits 0', {
    timeout: 90_000,
  }, async () => {
    const { env } = await serverEnv(dialect)
    const server = startServerProcess(env)
    await waitUntilReady(server)
    const body = Buffer.from(JSON.stringify(await creditApplicationFixture(0)))
    const half = Math.floor(body.byteLength / 2)

    // A slow client: half the body now, the rest after the server was told to stop.
    let exitedBeforeResponse = false
    const response = new Promise<{ status: number; connection: string | undefined; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}/api/apply-for-credit`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': body.byteLength },
          },
          (res) => {
            exitedBeforeResponse = server.exited()
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                connection: res.headers.connection,
                body: Buffer.concat(chunks),
              }),
            )
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.write(body.subarray(0, half))
        onTestFinished(() => {
          req.destroy()
        })
        setTimeout(async () => {
          server.child.kill('SIGTERM')
          // The listener closes: new connections are refused while the upload is still going.
          await expect
            .poll(async () => (await fetch(`${server.url}/api/health`).catch(() => undefined))?.status, {
              timeout: 5000,
              interval: 50,
            })
            .toBeUndefined()
          expect(server.exited()).toBe(false)
          req.end(body.subarray(half))
        }, 300)
      },
    )

    const answered = await response
    expect(exitedBeforeResponse).toBe(false)
    expect(answered.status, answered.body.toString()).toBe(200)
    expect(answered.body.subarray(0, 5).toString()).toBe('%PDF-')
    // The keep-alive connection is let go, so the process need not wait for the client to close it.
    expect(answered.connection).toBe('close')
    const answeredAt = Date.now()
    expect(await server.exit).toBe(0)
    expect(Date.now() - answeredAt).toBeLessThan(2000)
    const { applications, outbox } = await storedApplications(env)
    expect(applications).toHaveLength(1)
    // The business's copy, the receipt and each guarantor director's copy (ADR 036).
    expect(outbox).toHaveLength(4)
  })
})
