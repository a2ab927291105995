import { useState } from 'react'
import { PageHeader } from '../components/ui/page-header.tsx'
import { AuthPanel } from '../features/auth/components/auth-panel.tsx'
import { SecuritySection } from '../features/auth/components/security-section.tsx'
import { UpdateProfile } from '../features/auth/components/update-profile.tsx'
import { privateShellPage } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { readProfileShape } from '../lib/profile-shape.ts'
import type { Route } from './+types/update-profile'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Update Profile',
    description: 'Update your Signalway Traffic Hire account details.',
    path: paths.updateProfile,
    noIndex: true,
  })

/** Rendered before the sign-in is known, filled in by its enhancement script, hydrated on interaction (ADR 028). */
export const handle = privateShellPage('profile')

/** The form shown while the sign-in is checked, as the browser's hint names it (ADR 029). */
export function loader({ request }: Route.LoaderArgs) {
  return { shape: readProfileShape(request.headers.get('cookie')) }
}

/** In the browser the hint is at hand: a client-side navigation does not ask the server for it. */
export function clientLoader() {
  return { shape: readProfileShape(document.cookie) }
}

/** Rendered from a cookie: for this browser only. */
export function headers() {
  return { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' }
}

export default function UpdateProfilePage({ loaderData }: Route.ComponentProps) {
  // The Security section comes once the details are in (or could not be loaded): shown before, it would be pushed
  // down the page by the form as it arrives (a layout shift, issue 18).
  const [detailsSettled, setDetailsSettled] = useState(false)
  return (
    <>
      <PageHeader
        title="Update Profile"
        lead="Keep your name, email address, mobile and company details up to date, and your account secure."
      />
      <AuthPanel wide>
        <UpdateProfile shape={loaderData.shape} onSettled={() => setDetailsSettled(true)} />
      </AuthPanel>
      {detailsSettled ? <SecuritySection /> : null}
    </>
  )
}
