import { PageHeader } from '../../components/ui/page-header.tsx'
import { RunSheet } from '../../features/dispatch/components/run-sheet.tsx'
import { routeMeta } from '../../lib/meta.ts'
import type { Route } from './+types/run-sheet'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Run Sheet',
    description: "A driver's stops of a depot's day in the order of the run, to print.",
    noIndex: true,
  })

/** One driver's printable run sheet (ADR 050), admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminRunSheetPage() {
  return (
    <>
      <PageHeader title="Run Sheet" />
      <section className="section">
        <div className="container">
          <RunSheet />
        </div>
      </section>
    </>
  )
}
