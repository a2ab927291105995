import { format } from 'node:util'

/**
 * console.error bookkeeping for tests: every console.error is recorded, and the test fails
 * afterwards unless it announced the error with `expectConsoleError(pattern)` first.
 */
const state = { expected: [] as RegExp[], unexpected: [] as string[] }

export function expectConsoleError(pattern: RegExp): void {
  state.expected.push(pattern)
}

export function recordConsoleError(args: unknown[]): void {
  const message = format(...args)
  const index = state.expected.findIndex((pattern) => pattern.test(message))
  if (index >= 0) state.expected.splice(index, 1)
  else state.unexpected.push(message)
}

/** Returns the unexpected errors since the last call and resets the bookkeeping. */
export function takeUnexpectedConsoleErrors(): string[] {
  const errors = state.unexpected
  state.unexpected = []
  state.expected = []
  return errors
}
