import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { cruise, type IConfiguration } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'

/*
 * The layering rules of .dependency-cruiser.cjs (docs/decisions/014-enforced-layers.md), run against a
 * small tree of deliberate violations (test/fixtures/layers), so that a rule which stops matching (a
 * renamed folder, a broken pattern) fails here rather than letting real violations through.
 */
const ROOT = join(import.meta.dirname, '..')
const FIXTURE = join(import.meta.dirname, 'fixtures', 'layers')
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration

/**
 * The fixture resolves as the workspace does: `@signalway/shared` and `@signalway/shared/xyz` are the shared package's
 * exports (`.` is src/index.ts, `./*` is src/*.ts), here the fixture's own packages/shared.
 */
const RESOLVE = {
  ...config.options?.enhancedResolveOptions,
  alias: { '@signalway/shared': join(FIXTURE, 'packages', 'shared', 'src') },
}

let cruised: Promise<string[]> | undefined

/** The fixture's violations, as `rule: from -> to`; cruised once for all the tests. */
function violations(): Promise<string[]> {
  cruised ??= cruiseFixture()
  return cruised
}

async function cruiseFixture(): Promise<string[]> {
  const result = await cruise(
    ['apps', 'packages'],
    {
      baseDir: FIXTURE,
      ruleSet: { forbidden: config.forbidden ?? [] },
      validate: true,
      doNotFollow: { path: 'node_modules' },
      // As in .dependency-cruiser.cjs: type-only imports are dependencies too.
      tsPreCompilationDeps: true,
    },
    RESOLVE,
  )
  if (typeof result.output === 'string') throw new Error(result.output)
  return result.output.summary.violations
    .map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`)
    .sort()
}

describe('the dependency rule', () => {
  it('reports every kind of layering violation, and nothing that is allowed', async () => {
    expect(await violations()).toEqual(
      [
        'api-infrastructure-imports-no-module: apps/api/src/lib/leak.js -> apps/api/src/modules/users/repository.js',
        'api-migrations-are-frozen: apps/api/src/db/migrations/0099-thaw.js -> apps/api/src/modules/users/repository.js',
        'api-infrastructure-imports-no-module: apps/api/src/db/migrations/0099-thaw.js -> apps/api/src/modules/users/repository.js',
        'api-module-imports-no-app-wiring: apps/api/src/modules/pages/plugin.ts -> apps/api/src/app.ts',
        'api-imports-no-web-source: apps/api/src/modules/pages/render.ts -> apps/web/app/site-content/home.ts',
        'apps-meet-only-through-shared: apps/web/app/lib/api-types.ts -> apps/api/src/app.ts',
        'no-cycles: apps/api/src/modules/auth/a.js -> apps/api/src/modules/auth/b.js',
        'no-module-cycles: apps/api/src/modules/accounts -> apps/api/src/modules/users',
        'no-module-cycles: apps/api/src/modules/users -> apps/api/src/modules/accounts',
        'shared-imports-no-app: packages/shared/src/leak.ts -> apps/web/app/components/header.tsx',
        'web-base-imports-no-feature: apps/web/app/components/header.tsx -> apps/web/app/features/auth/auth-provider.tsx',
        'web-feature-imports-no-other-feature: apps/web/app/features/news/news.tsx -> apps/web/app/features/auth/auth-provider.tsx',
        'web-feature-imports-no-route: apps/web/app/features/news/latest.ts -> apps/web/app/routes/news.tsx',
        `web-enhance-script-has-no-react: apps/web/app/enhance/main.ts -> ${REACT}`,
        'web-enhance-script-has-no-react: apps/web/app/enhance/main.ts -> apps/web/app/features/home/equipment-carousel.tsx',
        'web-app-imports-no-enhance: apps/web/app/lib/hydration.ts -> apps/web/app/enhance/config.ts',
        'web-site-content-is-data: apps/web/app/site-content/home.ts -> apps/web/app/components/header.tsx',
        `api-sql-only-in-repositories: apps/api/src/modules/enquiries/service.js -> ${KYSELY}`,
        `api-sql-only-in-repositories: apps/api/src/modules/enquiries/export.ts -> ${KYSELY}`,
        'api-sql-only-in-repositories: apps/api/src/modules/enquiries/prepared-leak.ts -> apps/api/src/db/prepared.ts',
        `api-sql-only-in-repositories: apps/api/src/modules/credit/drafts-copy.js -> ${KYSELY}`,
      ].sort(),
    )
  })

  it('has a planted violation for every rule of .dependency-cruiser.cjs', async () => {
    const exercised = new Set((await violations()).map((violation) => violation.split(':')[0]))
    const rules = (config.forbidden ?? []).map((rule) => rule.name)
    expect(rules.filter((rule) => !exercised.has(rule))).toEqual([])
  })

  it('finds no query written outside the files it lets import Kysely, in the fixture but the planted ones', () => {
    expect(queriesOutsideRepositories(FIXTURE)).toEqual(
      [
        'apps/api/src/modules/credit/drafts-copy.js',
        'apps/api/src/modules/enquiries/export.ts',
        'apps/api/src/modules/enquiries/service.js',
        // No import to see: a handle typed by db/ (Executor) is enough to write a query.
        'apps/api/src/modules/enquiries/untyped.js',
      ].sort(),
    )
  })

  it('finds no query written outside the files it lets import Kysely, in the API', () => {
    expect(queriesOutsideRepositories(ROOT)).toEqual([])
  })
})

/** Where kysely's entry point is, seen from the fixture (the workspace's node_modules). */
const KYSELY = relative(FIXTURE, join(ROOT, 'node_modules', 'kysely', 'dist', 'index.js'))

/** Where react's entry point is, seen from the fixture. */
const REACT = relative(FIXTURE, join(ROOT, 'node_modules', 'react', 'index.js'))

/** A call of Kysely's query builder or its `sql` template: what writes SQL. */
const QUERY =
  /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(|\bsql(`|<|\.)/

/**
 * The API source files under `base` that write a query although api-sql-only-in-repositories keeps Kysely from
 * them. The rule sees imports; a service that holds the database as `Executor` (db/database.ts) needs no import
 * of Kysely to call `.selectFrom(`, so its source is read as well.
 */
function queriesOutsideRepositories(base: string): string[] {
  const rule = config.forbidden?.find((candidate) => candidate.name === 'api-sql-only-in-repositories')
  const from = rule?.from as { path: string; pathNot: string[] } | undefined
  if (!from) throw new Error('api-sql-only-in-repositories is gone from .dependency-cruiser.cjs')
  const covered = (file: string) =>
    new RegExp(from.path).test(file) && !from.pathNot.some((pattern) => new RegExp(pattern).test(file))
  return readdirSync(join(base, 'apps/api/src'), { recursive: true, encoding: 'utf8' })
    .map((file) => `apps/api/src/${file.split('\\').join('/')}`)
    .filter((file) => /\.(ts|js)$/.test(file) && covered(file))
    .filter((file) => QUERY.test(readFileSync(join(base, file), 'utf8')))
    .sort()
}
