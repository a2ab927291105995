import { LIMITS } from '@signalway/shared'
import { useSyncExternalStore } from 'react'

const QUERY = `(max-width: ${LIMITS.narrowScreenWidth - 0.02}px)`

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const list = window.matchMedia(QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/** True on a screen narrower than LIMITS.narrowScreenWidth (765 px), where tables become cards. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches,
    () => false,
  )
}
