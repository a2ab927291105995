import { afterEach, beforeEach, expect, vi } from 'vitest'

/*
 * A test fails on an unexpected console.error. A test that expects one replaces the spy:
 * `vi.mocked(console.error).mockImplementation(() => {})`.
 */
const originalError = console.error
let unexpected: unknown[][] = []

beforeEach(() => {
  unexpected = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args)
    originalError(...args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  expect(unexpected, 'console.error was called').toEqual([])
})
