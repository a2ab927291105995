import { useCallback, useEffect, useState } from 'react'
import { useNotify } from './notifications/index.ts'

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T }

/**
 * What a panel shows from the server (the sessions, the two-step settings, the admin dashboard): loaded on mount and
 * whenever `version` changes, or on `reload()`; a failure says `failedMessage` once as a notification. While
 * `enabled` is false it stays loading and asks nothing (a panel shown before its page knows it may ask).
 */
export function useLoaded<T>(load: () => Promise<T>, failedMessage: string, version = 0, enabled = true) {
  const notify = useNotify()
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })

  const reload = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', value: await load() })
    } catch {
      setLoaded({ state: 'failed' })
      notify.error(failedMessage)
    }
  }, [load, notify, failedMessage])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `version` loads again
  useEffect(() => {
    if (enabled) void reload()
  }, [reload, version, enabled])

  return { loaded, reload }
}
