import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one file fewer than the machine has cores: one at a time on CI's two. Two at a time: the
    // booking tests on both databases took 60 s instead of 90; the whole API suite is bound by the CPU (one
    // worker and PostgreSQL fill both cores: 934 s with one worker, about the same with two). Each file has
    // databases of its own (a schema, a data folder, a Redis prefix), so two at a time is safe.
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
