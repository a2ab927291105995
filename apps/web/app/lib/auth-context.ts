import { createContext, useContext } from 'react'
import type { TokenResponse, UserProfile } from './auth-storage.ts'

/*
 * Who is signed in, as every part of the app reads it (the header's links as much as the auth
 * feature's forms and guards). The auth feature's <AuthProvider> provides it.
 */

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut'

export interface AuthState {
  /** 'loading' on the server, during hydration and while the profile is fetched. */
  status: AuthStatus
  profile: UserProfile | null
  /**
   * An administrator without a second factor: private pages take them to set one up first,
   * and the server answers them nothing else. False for everyone else.
   */
  secondFactorSetupRequired: boolean
  /** The set-up page calls it once the authenticator app is confirmed. */
  secondFactorSetUp(): void
  /** Stores the tokens, fetches and stores the profile (behind the blocking overlay). */
  signIn(tokens: TokenResponse): Promise<UserProfile>
  /** Ends the session on the server, clears the stored sign-in data, then reloads the app on the home page. */
  signOut(): Promise<void>
}

export const AuthContext = createContext<AuthState | null>(null)

export function useAuth(): AuthState {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>.')
  return auth
}

/** Location state the header's Login link passes, so login can return to the previous page. */
export interface FromState {
  from?: string
}
