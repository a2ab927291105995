import { isCommonPasswordIn, parseCommonPasswords } from '@signalway/shared/common-passwords'
import { MESSAGES } from '@signalway/shared/messages'
import { useEffect, useState } from 'react'
import type { z } from 'zod'

/*
 * The server refuses the most common passwords ('Password is too common.'); the forms that set a new password
 * flag one before it is sent, with the same list and rule (packages/shared/src/common-passwords.ts). The list is
 * about 138 KB (27 KB gzip): it is loaded on its own, lazily, the first time a new password is typed or checked,
 * never with the page's scripts.
 */

let loaded: ReadonlySet<string> | undefined
let loading: Promise<ReadonlySet<string>> | undefined

/** The list (once; again after a failed load). */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@signalway/shared/common-passwords.txt?raw').then(
    (module) => {
      loaded = parseCommonPasswords(module.default)
      return loaded
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** Whether the password is on the list; false when the list could not be loaded (the server checks anyway). */
export async function isTooCommon(password: string): Promise<boolean> {
  if (password === '') return false
  try {
    return isCommonPasswordIn(await loadCommonPasswords(), password)
  } catch {
    return false
  }
}

/** The list once loaded, loading it when `active` (something typed); undefined until then. */
export function useCommonPasswords(active: boolean): ReadonlySet<string> | undefined {
  const [list, setList] = useState(loaded)
  useEffect(() => {
    if (!active || list) return
    let current = true
    loadCommonPasswords().then(
      (value) => current && setList(value),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [active, list])
  return list
}

/**
 * Adds 'Password is too common.' on `password` to a form's schema: checked on blur and before a submit (the
 * resolver waits for the list), as the server would refuse it.
 */
export function refusingCommonPasswords<T extends z.ZodType>(schema: T): T {
  return schema.refine(async (value) => !(await isTooCommon(passwordOf(value) ?? '')), {
    error: MESSAGES.passwordTooCommon,
    path: ['password'],
    // Also while other fields have errors, as the confirmation's rule is (withPasswordsMatch).
    when: (payload) => passwordOf(payload.value) !== undefined,
  }) as T
}

function passwordOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const password = (value as { password?: unknown }).password
  return typeof password === 'string' ? password : undefined
}
