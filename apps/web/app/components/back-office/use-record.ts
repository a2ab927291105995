import { useCallback, useState } from 'react'
import { useLoaded } from '../ui/use-loaded.ts'

/**
 * The record an editor works on: loaded by its key (none for a new one), then replaced by what
 * each save answers, so the form starts again from the saved version.
 */
export function useRecord<K, T>(key: K | null, get: (key: K) => Promise<T>, failedMessage: string) {
  const load = useCallback(() => (key === null ? Promise.resolve(null) : get(key)), [get, key])
  const { loaded, reload } = useLoaded(load, failedMessage)
  const [saved, setSaved] = useState<T | null>(null)
  const record = saved ?? (loaded.state === 'ready' ? loaded.value : null)
  return { state: loaded.state, reload, record, setSaved }
}
