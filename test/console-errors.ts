import { format } from 'node:util'
import { afterEach, beforeEach, vi } from 'vitest'

/*
 * The one console.error rule of the three unit-test projects (shared, api, web: each lists this file
 * first in its setupFiles). Every console.error is recorded, and the test fails afterwards unless it
 * announced that error first with `expectConsoleError(pattern)`.
 */
const state = { expected: [] as RegExp[], unexpected: [] as string[] }

/** Announces a console.error the current test expects (matched once, by its formatted text). */
export function expectConsoleError(pattern: RegExp): void {
  state.expected.push(pattern)
}

function record(args: unknown[]): void {
  const message = format(...args)
  const index = state.expected.findIndex((pattern) => pattern.test(message))
  if (index >= 0) state.expected.splice(index, 1)
  else state.unexpected.push(message)
}

beforeEach(() => {
  state.expected = []
  state.unexpected = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => record(args))
})

afterEach(() => {
  const errors = state.unexpected
  state.unexpected = []
  state.expected = []
  if (errors.length > 0) throw new Error(`Unexpected console.error:\n${errors.join('\n---\n')}`)
})
