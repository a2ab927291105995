import { useEffect } from 'react'
import { useAuth } from '../../lib/auth-context.ts'
import { decodeClaims, getAuthStorage } from '../../lib/auth-storage.ts'
import { paths } from '../../lib/paths.ts'
import { registerRunsWorker } from './offline.ts'

/** The installable app's manifest and home-screen icon (public/runs/), linked from its pages' heads. */
export const RUNS_LINKS = [
  { rel: 'manifest', href: paths.runsManifest },
  { rel: 'apple-touch-icon', href: '/runs/icon-192.png' },
]

/** The signed-in driver's user id: their profile's, or their token's when the phone has no profile saved. */
export function useDriverId(): string | undefined {
  const { status, profile } = useAuth()
  if (status !== 'signedIn') return undefined
  if (profile) return String(profile.id)
  return decodeClaims(getAuthStorage().getTokens()?.access_token)?.id
}

/** Registers the runs service worker once a runs page is open (public/runs/sw.js). */
export function useRunsWorker(): void {
  useEffect(() => {
    void registerRunsWorker()
  }, [])
}
