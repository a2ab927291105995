import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    // The console.error rule of every project, then the API's own: test/setup.ts.
    setupFiles: ['../../test/console-errors.ts', './test/setup.ts'],
    environment: 'node',
    // Each file builds apps on its own databases; PostgreSQL makes some tests slower.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
