/** Helpers for the unit tests of this package (not exported from the package). */
import { expect } from 'vitest'
import type { z } from 'zod'

/** Every issue as 'path: message', path joined with dots. */
export function issueList(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`)
}

/** The messages at one path (dot-joined). */
export function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues
    .filter((issue) => issue.path.map(String).join('.') === path)
    .map((issue) => issue.message)
}

/** Asserts that `path` has exactly `message` (and no other message). */
export function expectMessage(schema: z.ZodType, value: unknown, path: string, message: string): void {
  expect(messagesAt(schema, value, path), issueList(schema, value).join('\n')).toEqual([message])
}

/** Asserts that `path` has no message. */
export function expectNoMessage(schema: z.ZodType, value: unknown, path: string): void {
  expect(messagesAt(schema, value, path), issueList(schema, value).join('\n')).toEqual([])
}

/** Asserts that the value is valid and returns the parsed output. */
export function expectValid<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  expect(result.success ? [] : issueList(schema, value)).toEqual([])
  return result.data as z.output<T>
}
