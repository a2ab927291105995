import { SimplePage } from '../components/ui/page-header.tsx'
import { aboutPage } from '../content/index.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: aboutPage.title, description: aboutPage.metaDescription, path: paths.about })

export default function AboutPage() {
  return (
    <SimplePage title={aboutPage.heading}>
      {aboutPage.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </SimplePage>
  )
}
