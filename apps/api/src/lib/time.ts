/** The source of "now", injectable so that tests can move time. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

/** The storage format of every timestamp: ISO 8601 UTC, fixed width, sortable as text. */
export function toTimestamp(date: Date): string {
  return date.toISOString()
}
