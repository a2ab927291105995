/**
 * Full-screen overlay that blocks the page while the signed-in user's profile is fetched
 * or while logging out (requirements §1). The page behind it is marked busy.
 */
export function BlockingOverlay({ label }: { label: string }) {
  return (
    <div className="blocking-overlay" role="status" aria-busy="true" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="blocking-overlay__label">{label}</span>
    </div>
  )
}
