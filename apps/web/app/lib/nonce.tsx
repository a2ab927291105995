import { createContext, type ReactNode, useContext } from 'react'

/**
 * The per-request CSP nonce. The server reads it from the `x-csp-nonce` request header
 * (entry.server.tsx); the browser reads it back from the rendered scripts
 * (entry.client.tsx), so server and client render the same `nonce` attributes.
 */
export const NONCE_HEADER = 'x-csp-nonce'

const NonceContext = createContext<string | undefined>(undefined)

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>
}

export function useNonce(): string | undefined {
  return useContext(NonceContext)
}

/** Reads the nonce in the browser; browsers hide the attribute but keep the `nonce` property. */
export function readDocumentNonce(doc: Document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]')
  const nonce = script?.nonce || script?.getAttribute('nonce') || ''
  return nonce === '' ? undefined : nonce
}
