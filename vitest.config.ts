import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest runs one file fewer than the machine has cores: one at a time on CI's two. The API files spend much
    // of their time waiting on PostgreSQL, SQLite's disk and argon2's threads, and each has databases of its own
    // (a schema, a data folder, a Redis prefix), so two at a time fill the cores that one leaves half idle.
    maxWorkers: 2,
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'test-setup',
          include: ['test/**/*.test.ts'],
          setupFiles: ['./test/console-errors.ts'],
          environment: 'node',
        },
      },
    ],
  },
})
