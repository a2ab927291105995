import { useEffect, useState } from 'react'

/*
 * The token of an emailed link (a signer's link, the status page's). It is read once from the address
 * and the address bar then shows the page without it (so history, bookmarks and shared screens do not keep
 * it); this tab keeps it in sessionStorage, so that reloading the page still works.
 */
export function useLinkToken(
  fromAddress: string | undefined,
  storageKey: string,
  bareAddress: string,
): string {
  const [token] = useState(() => {
    if (fromAddress) return fromAddress
    if (typeof window === 'undefined') return ''
    try {
      return window.sessionStorage.getItem(storageKey) ?? ''
    } catch {
      return ''
    }
  })
  useEffect(() => {
    if (!token) return
    try {
      window.sessionStorage.setItem(storageKey, token)
    } catch {
      // Private mode without storage: a reload then needs the link again.
    }
    if (fromAddress) window.history.replaceState(window.history.state, '', bareAddress)
  }, [token, fromAddress, storageKey, bareAddress])
  return token
}
