import type { ReactNode } from 'react'

/** Maintenance and error screens: a status badge, one h1, an explanation and actions. */
export function StatusPage({
  code,
  title,
  message,
  children,
  actions,
}: {
  code: string
  title: string
  /** An extra message for this visit, e.g. 'Unable to access page.' */
  message?: string | undefined
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <section className="status-page">
      <div className="container">
        <p className="status-page__code">{code}</p>
        <h1>{title}</h1>
        {message ? (
          <p className="status-page__message" role="alert">
            {message}
          </p>
        ) : null}
        <div className="status-page__text">{children}</div>
        {actions ? <div className="status-page__actions">{actions}</div> : null}
      </div>
    </section>
  )
}
