/** A fixed-window counter shared by every instance (database or Redis). */
export interface RateLimitCounter {
  readonly kind: 'database' | 'redis'
  /** Counts one hit on key; returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): Promise<CounterState>
  /** Forgets key, e.g. after a successful sign-in. */
  reset(key: string): Promise<void>
}

export interface CounterState {
  count: number
  /** Milliseconds until the window resets. */
  ttlMs: number
}
