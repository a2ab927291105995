import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
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
