import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { isApiError, type ModelState } from '../../lib/api-client.ts'
import { focusField } from './focus.ts'

/** 'section2.persons[0].name' -> 'section2.persons.0.name'; leading '$.'/'.' dropped. */
export function modelStateKeyToPath(key: string): string {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\$?\.+/, '')
    .replace(/\.{2,}/g, '.')
}

const camel = (path: string) =>
  path
    .split('.')
    .map((part) => (/^[A-Z]/.test(part) ? part.charAt(0).toLowerCase() + part.slice(1) : part))
    .join('.')

export interface ServerErrorsResult {
  /** Field paths that now show a server message. */
  applied: string[]
  /** ModelState entries that match no field of the form (e.g. a body-level message). */
  unmatched: ModelState
}

/**
 * Marks the fields of a 400's ModelState ({ 'email': ['Invalid email address'],
 * 'section1.abn': [...] }) as invalid with the server's first message, then focuses the first
 * of them in page order. A key matches a field when the form has a value at that path or a
 * field control of that name is on the page, also after turning 'Email' into 'email'. Anything else is
 * returned in `unmatched`. Not an ApiError with ModelState: nothing happens.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  options: { shouldFocus?: boolean } = {},
): ServerErrorsResult {
  const result: ServerErrorsResult = { applied: [], unmatched: {} }
  if (!isApiError(error) || !error.modelState) return result
  const values = form.getValues() as Record<string, unknown>
  const has = (path: string) => path !== '' && (readPath(values, path) !== undefined || inPage(path))
  for (const [key, messages] of Object.entries(error.modelState)) {
    const path = modelStateKeyToPath(key)
    const match = has(path) ? path : has(camel(path)) ? camel(path) : undefined
    const message = messages.find(Boolean)
    if (!match || !message) {
      result.unmatched[key] = messages
      continue
    }
    form.setError(match as FieldPath<T>, { type: 'server', message })
    result.applied.push(match)
  }
  if (options.shouldFocus !== false && result.applied.length > 0 && typeof document !== 'undefined') {
    const applied = new Set(result.applied)
    for (const element of document.querySelectorAll<HTMLElement>('[data-field]')) {
      if (element.dataset.field && applied.has(element.dataset.field)) {
        focusField(element)
        break
      }
    }
  }
  return result
}

function inPage(path: string): boolean {
  if (typeof document === 'undefined') return false
  for (const element of document.querySelectorAll<HTMLElement>('[data-field]')) {
    if (element.dataset.field === path) return true
  }
  return false
}

function readPath(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[part]
  }
  return current
}
