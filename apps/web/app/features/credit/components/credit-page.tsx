import type { ReactNode } from 'react'
import { PageHeader } from '../../../components/ui/page-header.tsx'

/** The frame of the credit pages (apply, continue, sign, follow the signatures): the header, then the page. */
export function CreditPage({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <section className="section">
        <div className="container credit-page">{children}</div>
      </section>
    </>
  )
}
