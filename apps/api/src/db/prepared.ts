import type { Compilable, CompiledQuery } from 'kysely'
import type { Executor } from './database.ts'

const SLOT = Symbol('prepared query argument')

/** Stands for argument `n` while the query is compiled. */
interface Placeholder {
  readonly [SLOT]: number
}

/** Where each parameter of the compiled query comes from: an argument, or a value of the query itself. */
type Source = { argument: number } | { value: unknown }

interface Compiled {
  query: CompiledQuery
  sources: Source[]
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && SLOT in value
}

/**
 * A query of the hot paths, compiled to SQL once per database handle instead of on every call.
 * Building and compiling a Kysely query costs tens of microseconds (more than running a primary-key
 * read), which shows on routes that run on every authenticated request.
 *
 * `build` is called once, with placeholders in place of the arguments, so it must pass each argument
 * straight into the query as a value (`where('id', '=', id)`): no branching on it, no arithmetic or
 * method calls on it, no use in identifiers. Each argument must appear in the query; a build that
 * drops one is refused when first compiled.
 *
 *   const findFamily = prepared((db, id: string) =>
 *     db.selectFrom('refresh_token_families').selectAll().where('id', '=', id))
 *   const [family] = await findFamily(app.db, familyId)
 *
 * The compiled form is kept per executor (`WeakMap`): a transaction compiles its own, once.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Executor, Compiled>()
  return async (db, ...args) => {
    let compiled = compiledFor.get(db)
    if (!compiled) {
      compiled = compile(db, build, args.length)
      compiledFor.set(db, compiled)
    }
    const parameters = compiled.sources.map((source) =>
      'argument' in source ? args[source.argument] : source.value,
    )
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters } as CompiledQuery<Row>)
    return result.rows
  }
}

function compile<Args extends unknown[], Row>(
  db: Executor,
  build: (db: Executor, ...args: Args) => Compilable<Row>,
  arity: number,
): Compiled {
  const placeholders = Array.from({ length: arity }, (_, index): Placeholder => ({ [SLOT]: index }))
  const query = build(db, ...(placeholders as unknown as Args)).compile()
  const sources = query.parameters.map(
    (parameter): Source => (isPlaceholder(parameter) ? { argument: parameter[SLOT] } : { value: parameter }),
  )
  for (let index = 0; index < arity; index++) {
    if (!sources.some((source) => 'argument' in source && source.argument === index)) {
      throw new Error(`prepared(): argument ${index} does not reach the query as a value`)
    }
  }
  return { query, sources }
}
