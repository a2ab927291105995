/** A staff member's name as the back office shows it. */
export function staffName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim() || 'Former staff member'
}
