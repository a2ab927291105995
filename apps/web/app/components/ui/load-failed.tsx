/** What a panel shows when its data could not be loaded: the message and a "Try again" that loads it again. */
export function LoadFailed({
  message,
  onRetry,
  className = 'sessions__status',
}: {
  message: string
  onRetry: () => unknown
  className?: string
}) {
  return (
    <p className={className}>
      {message}{' '}
      <button type="button" className="link-button" onClick={() => void onRetry()}>
        Try again
      </button>
    </p>
  )
}
