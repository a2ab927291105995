import { SimplePage } from '../components/ui/page-header.tsx'
import { routeMeta } from '../lib/meta.ts'
import type { Route } from './+types/playground'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Playground',
    description: 'Developer playground for trying out the components of the site.',
    noIndex: true,
  })

export default function PlaygroundPage({ params }: Route.ComponentProps) {
  const section = params['*'] ?? ''
  return (
    <SimplePage
      title="Playground"
      lead="A developer playground for trying out the components of the site in isolation."
    >
      {section ? (
        <p>
          Section: <code>{section}</code>
        </p>
      ) : null}
    </SimplePage>
  )
}
