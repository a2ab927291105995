import { MESSAGES } from '@signalway/shared/messages'
import type { ReactNode } from 'react'

/** What could not be loaded or checked, said as an alert, with a button that tries again. */
export function RetryPanel({
  title,
  onRetry,
  children,
}: {
  title?: string
  onRetry: () => void
  children: ReactNode
}) {
  return (
    <div className="auth-invalid">
      {title ? <h2 className="auth-panel__title">{title}</h2> : null}
      <p className="auth-invalid__text" role="alert">
        {children}
      </p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

/** A link (an invitation, a password reset) whose check did not answer: the visitor may try again. */
export function LinkCheckUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <RetryPanel title="We could not check your link" onRetry={onRetry}>
      {MESSAGES.unknownError} Please try again in a moment.
    </RetryPanel>
  )
}
