import { defineProject } from 'vitest/config'

/**
 * Web unit tests. The default environment is node (API client against a real in-process
 * HTTP server, pure helpers); DOM tests opt in with a `// @vitest-environment happy-dom`
 * docblock. Any console.error a test did not announce fails it (the repository's
 * test/console-errors.ts, shared by every unit-test project).
 */
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['app/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['../../test/console-errors.ts', './test/setup.ts'],
    restoreMocks: true,
    // A long form typed key by key (the credit application's) takes a few seconds on a quiet machine and over five
    // when the two cores are shared with the API suite's databases: the limit stops hangs, not slow typing.
    testTimeout: 20_000,
  },
})
