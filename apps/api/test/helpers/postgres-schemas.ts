import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import pg from 'pg'
import { createDatabase } from '../../src/db/database.ts'
import { migrateToLatest } from '../../src/db/migrator.ts'

/*
 * The PostgreSQL schemas of the API tests. Each test has a schema of its own, selected through its connections'
 * search_path. A migrated one is made from the template schema (migrated once, kept between runs under a name
 * of the migrations' fingerprint) by running pg_dump's SQL of it: some 60 tables, 80 indexes and 180
 * constraints, a quarter of a second on a quiet machine and a second on a busy one, and as long again to drop.
 *
 * So a test's schema is not dropped when it ends but put back as it was made and kept in a pool (a table of
 * the database's public schema, shared by the test processes), from which the next test takes it: the rows of
 * the tables the test changed are deleted and the template's copied back, the sequences it moved are set back,
 * and the result is compared with the template, table by table, sequence by sequence, and with the catalogue's
 * description of the tables, columns, defaults, constraints, indexes, triggers, functions and types. A schema
 * that differs in any of these, or that a connection of the test still uses, is dropped instead.
 */

const POOL_TABLE = 'public.signalway_test_schemas'

export interface SchemaTemplate {
  /** The template schema's name, `migrated_template_<fingerprint>`. */
  name: string
  /** pg_dump's SQL of it; its statements name the template schema, which a copy replaces with its own. */
  sql: string
  tables: Array<{ name: string; columns: string[] }>
  sequences: string[]
  /** Per table and sequence, the SELECT of its state (buildStateQueries). */
  stateQueries: Map<string, string>
  /** All of them in one. */
  stateQuery: string
  /** The template's own answers to stateQuery. */
  state: Map<string, string>
  /** The catalogue's description of the template schema (describeSchema). */
  description: string
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

const pools = new Map<string, pg.Pool>()

/** One small connection pool per server, for the tests' schema work; it lets the process exit when idle. */
function adminPool(baseUrl: string): pg.Pool {
  let pool = pools.get(baseUrl)
  if (!pool) {
    pool = new pg.Pool({ connectionString: baseUrl, max: 2, idleTimeoutMillis: 1000, allowExitOnIdle: true })
    pool.on('error', () => {})
    pools.set(baseUrl, pool)
  }
  return pool
}

async function withClient<T>(baseUrl: string, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await adminPool(baseUrl).connect()
  try {
    return await use(client)
  } finally {
    client.release()
  }
}

async function inTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('begin')
  try {
    const result = await work()
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}

const templates = new Map<string, Promise<SchemaTemplate>>()

/** The template schema of the migrations' fingerprint (made by the first process that needs it), described. */
export function schemaTemplate(baseUrl: string, fingerprint: string): Promise<SchemaTemplate> {
  const name = `migrated_template_${fingerprint}`
  let template = templates.get(name)
  if (!template) {
    template = (async () => {
      await ensureTemplateSchema(baseUrl, name)
      return describeTemplate(baseUrl, name, await dumpSql(baseUrl, name))
    })()
    templates.set(name, template)
  }
  return template
}

/** Migrated once, by whichever process comes first, under an advisory lock; with the pool's table. */
async function ensureTemplateSchema(baseUrl: string, name: string): Promise<void> {
  await withClient(baseUrl, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [POOL_TABLE])
    try {
      await client.query(
        `create table if not exists ${POOL_TABLE} (schema text primary key, template text not null,
          catalog text not null, pooled_at timestamptz not null default now())`,
      )
      const { rowCount } = await client.query('select 1 from pg_namespace where nspname = $1', [name])
      if (rowCount) return
      // Migrated under a temporary name and renamed when done: a run stopped half-way leaves no template.
      const building = `${name}_building`
      await client.query(`drop schema if exists ${building} cascade`)
      await client.query(`create schema ${building}`)
      const url = new URL(baseUrl)
      url.searchParams.set('options', `-c search_path=${building}`)
      const database = createDatabase({ databaseUrl: url.toString(), sqlitePath: '' })
      try {
        await migrateToLatest(database.db)
      } finally {
        await database.close()
      }
      await client.query(`alter schema ${building} rename to ${name}`)
      // The schemas pooled for other migrations (another branch's, an older run's) go: Kysely's migrator reads the
      // tables of every schema at each start, some 60 for each of them.
      const stale = await client.query<{ schema: string }>(
        `delete from ${POOL_TABLE} where template <> $1 returning schema`,
        [name],
      )
      for (const { schema } of stale.rows)
        await client.query(`drop schema if exists ${quote(schema)} cascade`)
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [POOL_TABLE])
    }
  })
}

/**
 * The template as pg_dump writes it: schema, tables, indexes, constraints and the rows the migrations insert
 * (their own bookkeeping included). Its session settings (an empty search_path among them) end with the
 * connection each copy is made on; its psql meta-commands (\restrict of recent releases) are psql's.
 */
async function dumpSql(baseUrl: string, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'pg_dump',
    ['--schema', name, '--no-owner', '--no-privileges', '--inserts', '--dbname', baseUrl],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  return stdout
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
}

async function describeTemplate(baseUrl: string, name: string, sql: string): Promise<SchemaTemplate> {
  return withClient(baseUrl, async (client) => {
    const columns = await client.query<{ table: string; column: string }>(
      `select c.relname as table, a.attname as column from pg_class c
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where c.relnamespace = $1::regnamespace and c.relkind = 'r' order by c.relname, a.attnum`,
      [name],
    )
    const tables = new Map<string, string[]>()
    for (const row of columns.rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column])
    const sequences = await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = $1::regnamespace and relkind = 'S' order by 1`,
      [name],
    )
    const template = {
      name,
      sql,
      tables: [...tables].map(([table, names]) => ({ name: table, columns: names })),
      sequences: sequences.rows.map((row) => row.name),
    }
    const stateQueries = buildStateQueries(template)
    const stateQuery = [...stateQueries.values()].join('\nunion all ')
    return inTransaction(client, async () => {
      await client.query(`set local search_path to ${quote(name)}`)
      const state = await readState(client, stateQuery)
      return { ...template, stateQueries, stateQuery, state, description: await describeSchema(client) }
    })
  })
}

/**
 * Per item (`table <name>`, `sequence <name>`), a SELECT of its state under the search_path: a digest of a
 * table's rows (the text form of each row, sorted), a sequence's last value and whether it was used.
 */
function buildStateQueries({
  tables,
  sequences,
}: Pick<SchemaTemplate, 'tables' | 'sequences'>): Map<string, string> {
  return new Map([
    ...tables.map(({ name }): [string, string] => [
      `table ${name}`,
      `select 'table ${name}' as item, (select md5(coalesce(string_agg(r::text, E'\\n' order by r::text), ''))
        from ${quote(name)} r) as state`,
    ]),
    ...sequences.map((name): [string, string] => [
      `sequence ${name}`,
      `select 'sequence ${name}' as item, (select last_value || ' ' || is_called from ${quote(name)}) as state`,
    ]),
  ])
}

async function readState(client: pg.PoolClient, stateQuery: string): Promise<Map<string, string>> {
  const { rows } = await client.query<{ item: string; state: string }>(stateQuery)
  return new Map(rows.map((row) => [row.item, row.state]))
}

/**
 * The schema under the search_path as the catalogue describes it, names unqualified (pg_get_indexdef qualifies
 * them): its relations, columns (type, nullability, default, identity, generation), constraints, indexes,
 * triggers, policies, functions and types.
 */
async function describeSchema(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ description: string }>(
    `with ns as (select oid from pg_namespace where nspname = current_schema())
    select replace(string_agg(item, E'\\n' order by item), current_schema() || '.', '') as description from (
      select 'relation ' || relname || ' ' || relkind::text || relpersistence::text || relrowsecurity || relforcerowsecurity as item
        from pg_class where relnamespace = (select oid from ns)
      union all select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || ' ' || a.attnotnull || a.attidentity::text || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = (select oid from ns) and a.attnum > 0 and not a.attisdropped
      union all select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = (select oid from ns)
      union all select 'index ' || pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relnamespace = (select oid from ns)
      union all select 'trigger ' || t.tgrelid::regclass || ' ' || case when t.tgisinternal
          then coalesce(k.conname, '') || ' ' || t.tgfoid::regproc || ' ' || t.tgtype else t.tgname end
          || ' ' || t.tgenabled::text
        from pg_trigger t join pg_class c on c.oid = t.tgrelid left join pg_constraint k on k.oid = t.tgconstraint
        where c.relnamespace = (select oid from ns)
      union all select 'policy ' || polrelid::regclass || ' ' || polname from pg_policy p join pg_class c on c.oid = p.polrelid
        where c.relnamespace = (select oid from ns)
      union all select 'function ' || oid::regprocedure from pg_proc where pronamespace = (select oid from ns)
      union all select 'type ' || typname from pg_type where typnamespace = (select oid from ns)
    ) items`,
  )
  return rows[0]?.description ?? ''
}

/** A test's PostgreSQL schema; `catalog` is its catalogue's fingerprint when it was put in the pool. */
export interface ClaimedSchema {
  schema: string
  catalog: string | undefined
}

/** A migrated schema for one test: one from the pool, or a new copy of the template. */
export async function claimMigratedSchema(baseUrl: string, template: SchemaTemplate): Promise<ClaimedSchema> {
  const pooled = await withClient(baseUrl, (client) =>
    client.query<{ schema: string; catalog: string }>(
      `delete from ${POOL_TABLE} where schema = (select schema from ${POOL_TABLE} where template = $1
        limit 1 for update skip locked) returning schema, catalog`,
      [template.name],
    ),
  )
  const claimed = pooled.rows[0]
  if (claimed) return claimed
  const schema = `test_${randomBytes(6).toString('hex')}`
  await withClient(baseUrl, (client) => client.query(template.sql.replaceAll(template.name, schema)))
  return { schema, catalog: undefined }
}

/** An empty schema, for the migrator's and seed's own tests. */
export async function createEmptySchema(baseUrl: string): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`
  await withClient(baseUrl, (client) => client.query(`create schema ${schema}`))
  return schema
}

export async function dropSchema(baseUrl: string, schema: string): Promise<void> {
  await withClient(baseUrl, (client) => client.query(`drop schema if exists ${schema} cascade`))
}

/** Puts a test's schema back in the pool as the template is, or drops it (see the top of this file). */
export async function releaseMigratedSchema(
  baseUrl: string,
  claimed: ClaimedSchema,
  template: SchemaTemplate,
): Promise<void> {
  const pooled = await withClient(baseUrl, async (client) => {
    if (!(await connectionsGone(client, claimed.schema))) return false
    return inTransaction(client, () => resetSchema(client, claimed, template)).catch(() => false)
  })
  if (!pooled) await dropSchema(baseUrl, claimed.schema)
}

/**
 * Waits (up to half a second) for the test's connections, named after its schema (application_name), to end:
 * closing a pool ends its connections without waiting for the server. False if one is still there.
 */
async function connectionsGone(client: pg.PoolClient, schema: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rowCount } = await client.query(
      'select 1 from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [schema],
    )
    if (!rowCount) return true
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return false
}

/**
 * The catalogue rows of the schema under the search_path (relations, columns, defaults, constraints, indexes,
 * triggers, policies, rules, sequences' options, functions, types): their number and the sum of the
 * transactions that wrote them. Any change of definition writes such a row in a later transaction, so the
 * fingerprint changes with it; it is much cheaper to compute than describeSchema's text.
 */
async function catalogFingerprint(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(
    `with ns as (select oid from pg_namespace where nspname = current_schema()),
      rels as (select oid from pg_class where relnamespace = (select oid from ns))
    select count(*) || ' ' || coalesce(sum(x::text::bigint), 0) as fingerprint from (
      select xmin as x from pg_class where relnamespace = (select oid from ns)
      union all select xmin from pg_attribute where attrelid in (select oid from rels)
      union all select xmin from pg_attrdef where adrelid in (select oid from rels)
      union all select xmin from pg_constraint where connamespace = (select oid from ns)
      union all select xmin from pg_index where indrelid in (select oid from rels)
      union all select xmin from pg_trigger where tgrelid in (select oid from rels)
      union all select xmin from pg_policy where polrelid in (select oid from rels)
      union all select xmin from pg_rewrite where ev_class in (select oid from rels)
      union all select xmin from pg_sequence where seqrelid in (select oid from rels)
      union all select xmin from pg_proc where pronamespace = (select oid from ns)
      union all select xmin from pg_type where typnamespace = (select oid from ns)
    ) catalogue`,
  )
  return rows[0]?.fingerprint ?? ''
}

/**
 * In a transaction: true once the schema is as the template and back in the pool, false if it cannot be.
 * Its definition is checked against the catalogue's fingerprint it was pooled with, or the first time (a new
 * copy) against the template's full description.
 */
async function resetSchema(
  client: pg.PoolClient,
  claimed: ClaimedSchema,
  template: SchemaTemplate,
): Promise<boolean> {
  await client.query(`set local search_path to ${quote(claimed.schema)}`)
  const catalog = await catalogFingerprint(client)
  if (
    claimed.catalog === undefined
      ? (await describeSchema(client)) !== template.description
      : catalog !== claimed.catalog
  ) {
    return false
  }
  const changed = [...(await readState(client, template.stateQuery))]
    .filter(([item, state]) => template.state.get(item) !== state)
    .map(([item]) => item)
  if (changed.length > 0) {
    // Foreign keys are triggers, which a replica's session does not fire: the tables empty in any order.
    await client.query('set local session_replication_role = replica')
    for (const item of changed) {
      const [kind, name = ''] = item.split(' ')
      if (kind === 'table') await restoreTable(client, name, template)
      else await restoreSequence(client, name, template.state.get(item) ?? '')
    }
    const after = await readState(
      client,
      changed.map((item) => template.stateQueries.get(item)).join('\nunion all '),
    )
    if (changed.some((item) => after.get(item) !== template.state.get(item))) return false
  }
  await client.query(`insert into ${POOL_TABLE} (schema, template, catalog) values ($1, $2, $3)`, [
    claimed.schema,
    template.name,
    catalog,
  ])
  return true
}

/** The digest of a table without rows. */
const NO_ROWS = 'd41d8cd98f00b204e9800998ecf8427e'

async function restoreTable(client: pg.PoolClient, name: string, template: SchemaTemplate): Promise<void> {
  await client.query(`delete from ${quote(name)}`)
  if (template.state.get(`table ${name}`) === NO_ROWS) return
  const columns = (template.tables.find((table) => table.name === name)?.columns ?? []).map(quote).join(', ')
  await client.query(
    `insert into ${quote(name)} (${columns}) overriding system value
      select ${columns} from ${quote(template.name)}.${quote(name)}`,
  )
}

async function restoreSequence(client: pg.PoolClient, name: string, state: string): Promise<void> {
  const [value, called] = state.split(' ')
  await client.query('select setval($1::regclass, $2, $3)', [quote(name), value, called === 'true'])
}

/** A schema's state as the template's is described (SchemaTemplate.state), for the tests of this file. */
export async function schemaState(
  baseUrl: string,
  schema: string,
  template: SchemaTemplate,
): Promise<Map<string, string>> {
  return withClient(baseUrl, (client) =>
    inTransaction(client, async () => {
      await client.query(`set local search_path to ${quote(schema)}`)
      return readState(client, template.stateQuery)
    }),
  )
}

/** Whether a schema waits in the pool, and whether it exists at all. */
export async function schemaStatus(
  baseUrl: string,
  schema: string,
): Promise<{ pooled: boolean; exists: boolean }> {
  return withClient(baseUrl, async (client) => {
    const pooled = await client.query(`select 1 from ${POOL_TABLE} where schema = $1`, [schema])
    const exists = await client.query('select 1 from pg_namespace where nspname = $1', [schema])
    return { pooled: Boolean(pooled.rowCount), exists: Boolean(exists.rowCount) }
  })
}
