import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../test/console-errors.ts'],
    environment: 'node',
    // Each file builds apps on its own databases; argon2 and PostgreSQL make some tests slower.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
