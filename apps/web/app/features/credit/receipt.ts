import { CREDIT_RECEIPT_KEY } from '../../lib/hydration-handover.ts'
import type { CreditReceipt } from './api/submit-credit-application.ts'

/*
 * The receipt of the application just submitted in this tab: kept in session storage across the
 * reload that follows the submit (requirements §4), so the page can confirm it. Session storage only: the
 * link to the PDF never leaves this browser tab.
 */

// The enhancement script starts the app at once when it is there (lib/hydration-handover.ts).
const KEY = CREDIT_RECEIPT_KEY

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const session = (): Store | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage)

export function saveReceipt(receipt: CreditReceipt, store: Store | undefined = session()): void {
  try {
    store?.setItem(KEY, JSON.stringify(receipt))
  } catch {
    // Storage blocked: the page simply shows no confirmation after the reload.
  }
}

export function readReceipt(store: Store | undefined = session()): CreditReceipt | undefined {
  try {
    const value: unknown = JSON.parse(store?.getItem(KEY) ?? 'null')
    if (!value || typeof value !== 'object') return undefined
    const { reference, token, expiresAt } = value as Record<string, unknown>
    return typeof reference === 'string' && typeof token === 'string' && typeof expiresAt === 'string'
      ? { reference, token, expiresAt }
      : undefined
  } catch {
    return undefined
  }
}

export function clearReceipt(store: Store | undefined = session()): void {
  try {
    store?.removeItem(KEY)
  } catch {
    // Nothing to clear.
  }
}
