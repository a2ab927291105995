/** Fails any test that writes an unexpected console.error. */
import { afterEach, beforeEach, expect, vi } from 'vitest'

let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  expect(errors, 'unexpected console.error').toEqual([])
})
