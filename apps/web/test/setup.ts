import { afterEach } from 'vitest'

// The console.error rule is the repository's test/console-errors.ts (listed first in setupFiles).
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react')
    cleanup()
  }
})
