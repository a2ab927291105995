import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { isServiceUnavailableError } from '../../src/lib/errors.ts'
import { toErrorResponse } from '../../src/plugins/errors.ts'

/** Driver errors as they reach the error handler; which mean "the database is away for now" (503). */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('errors that mean a backing service is unavailable', () => {
  it.each([
    ['refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['AggregateError of connection attempts', new AggregateError([withCode('x', 'ECONNREFUSED')], 'connect')],
    [
      'PostgreSQL admin shutdown (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['PostgreSQL starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['PostgreSQL too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['PostgreSQL connection exception class 08', withCode('connection failure', '08006')],
    ['PostgreSQL read-only standby after fail-over (25006)', withCode('read-only transaction', '25006')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: client not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['SQLite busy', new SQLite.SqliteError('database is locked', 'SQLITE_BUSY')],
    ['SQLite busy snapshot', new SQLite.SqliteError('database is locked', 'SQLITE_BUSY_SNAPSHOT')],
    ['SQLite full', new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL')],
    ['SQLite I/O error', new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE')],
    [
      'SQLite rolled back by itself',
      new SQLite.SqliteError('cannot rollback - no transaction is active', 'SQLITE_ERROR'),
    ],
    ['a closed database', new TypeError('The database connection is not open')],
    ['Kysely destroyed', new Error('driver has already been destroyed')],
    [
      'ioredis retries exhausted',
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    ['a wrapped cause', new Error('query failed', { cause: withCode('x', 'ECONNREFUSED') })],
  ])('%s -> 503 with Retry-After', (_name, error) => {
    expect(isServiceUnavailableError(error)).toBe(true)
    expect(toErrorResponse(error)).toEqual({
      statusCode: 503,
      message: 'The service is temporarily unavailable, please try again later.',
      retryAfterSeconds: 5,
    })
  })

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    [
      'a SQLite constraint',
      new SQLite.SqliteError('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'),
    ],
    ['a SQL syntax error', withCode('syntax error at or near "SELEC"', '42601')],
  ])('%s -> 500', (_name, error) => {
    expect(isServiceUnavailableError(error)).toBe(false)
    expect(toErrorResponse(error)).toEqual({ statusCode: 500, message: 'An unexpected error occurred.' })
  })

  it('answers input PostgreSQL cannot hold as the client error it is, not 500', () => {
    const pgError = (code: string, message: string) =>
      Object.assign(new Error(message), { code, severity: 'ERROR' })
    expect(toErrorResponse(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))).toEqual({
      statusCode: 400,
      message: 'The request is invalid.',
    })
    expect(toErrorResponse(pgError('22003', 'value "2147483648" is out of range for type integer'))).toEqual({
      statusCode: 404,
      message: 'Not found.',
    })
    // The same codes without PostgreSQL's error shape are not taken for it.
    expect(toErrorResponse(withCode('x', '22003'))).toMatchObject({ statusCode: 500 })
  })
})
