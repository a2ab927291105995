/*
 * Reading a JWT in the browser, without zod or any other dependency (the static pages' enhancement
 * script reads who is signed in from it).
 */

/**
 * The JSON payload of a JWT, read but NOT verified (the API verifies tokens; the browser only reads
 * who is signed in); undefined when the token is malformed.
 */
export function readJwtPayload(token: string): unknown {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const base64 = payload.replace(/-/gu, '+').replace(/_/gu, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}
