import { useSyncExternalStore } from 'react'
import { passkeysSupported } from '../api/passkeys.ts'

const never = () => () => {}

/** Whether this browser can use passkeys: false on the server and while hydrating, so both render alike. */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(never, passkeysSupported, () => false)
}
