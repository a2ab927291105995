import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    // The console.error rule of every project, then the API's own: test/setup.ts.
    setupFiles: ['../../test/console-errors.ts', './test/setup.ts'],
    environment: 'node',
    // The files share their worker's modules (Vitest otherwise starts a new worker per file and imports the app
    // and its dependencies into it again, and migrates its SQLite template again): eight files of the suite took
    // 12 s of CPU instead of 20 to 23. Each test still has its own app and databases; nothing in the app or the
    // tests keeps state between files but caches of what does not change (the templates, the fonts, the localities).
    isolate: false,
    // Vitest runs projects whose workers differ (a project without isolation counts its own) in groups of their
    // own: the API's files run after the other projects', two at a time (the root's maxWorkers).
    sequence: { groupOrder: 1 },
    // Each file builds apps on its own databases; PostgreSQL makes some tests slower.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
