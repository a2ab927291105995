import { afterEach, beforeEach, vi } from 'vitest'
import { recordConsoleError, takeUnexpectedConsoleErrors } from './console.ts'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsoleError(args))
})

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react')
    cleanup()
  }
  const errors = takeUnexpectedConsoleErrors()
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.join('\n---\n')}`)
  }
})
