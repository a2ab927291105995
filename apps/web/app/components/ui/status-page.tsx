import type { ReactNode } from 'react'
import { paths } from '../../lib/paths.ts'

/** Maintenance and error screens: a status badge, one h1, an explanation and actions. */
export function StatusPage({
  code,
  title,
  message,
  children,
  actions,
  headingLevel = 1,
}: {
  code: string
  title: string
  /** An extra message for this visit, e.g. 'Unable to access page.' */
  message?: string | undefined
  children: ReactNode
  actions?: ReactNode
  /** 1 on a status screen; 2 where it is shown inside another page (the playground). */
  headingLevel?: 1 | 2
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="status-page">
      <div className="container">
        <p className="status-page__code">{code}</p>
        <Heading>{title}</Heading>
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

/**
 * The server-error screen (our fault): a link that reloads the site from its home page, and any
 * further actions (the last-resort boundary adds Contact Us).
 */
export function ServerErrorPage({ moreActions }: { moreActions?: ReactNode }) {
  return (
    <StatusPage
      code="500"
      title="Something went wrong"
      actions={
        <>
          <a className="button button--primary" href={paths.home}>
            Reload the site
          </a>
          {moreActions}
        </>
      }
    >
      <p>This one is our fault, not yours. Please reload the site and try again.</p>
    </StatusPage>
  )
}
