import { createRequire } from 'node:module'
import { join } from 'node:path'
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

async function violations(): Promise<string[]> {
  const result = await cruise(['apps', 'packages'], {
    baseDir: FIXTURE,
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    doNotFollow: { path: 'node_modules' },
  })
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
        'no-cycles: apps/api/src/modules/auth/a.js -> apps/api/src/modules/auth/b.js',
        'no-module-cycles: apps/api/src/modules/accounts -> apps/api/src/modules/users',
        'no-module-cycles: apps/api/src/modules/users -> apps/api/src/modules/accounts',
        'shared-imports-no-app: packages/shared/src/leak.js -> apps/web/app/components/header.js',
        'web-base-imports-no-feature: apps/web/app/components/header.js -> apps/web/app/features/auth/auth-provider.js',
        'web-feature-imports-no-other-feature: apps/web/app/features/news/news.js -> apps/web/app/features/auth/auth-provider.js',
      ].sort(),
    )
  })
})
