import type { ReactNode } from 'react'

/** The dark title band of an inner page; holds the page's one h1. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="page-header">
      <div className="container">
        <h1 className="page-header__title">{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
      </div>
    </div>
  )
}

/** A heading band plus one section of content: the frame of the simple pages. */
export function SimplePage({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children?: ReactNode
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      {children ? (
        <section className="section">
          <div className="container">
            <div className="prose">{children}</div>
          </div>
        </section>
      ) : null}
    </>
  )
}
