import { useState } from 'react'
import { PageHeader } from '../components/ui/page-header.tsx'
import { AuthPanel } from '../features/auth/components/auth-panel.tsx'
import { SecuritySection } from '../features/auth/components/security-section.tsx'
import { UpdateProfile } from '../features/auth/components/update-profile.tsx'
import { useAuth } from '../lib/auth-context.ts'
import { privateShellPage } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { type ProfileShape, profileShapeOf, readProfileShape } from '../lib/profile-shape.ts'
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

/** What the page has: a company member's form has the company's details, everyone's has the Security section. */
function profileLead(shape: ProfileShape): string {
  return shape === 'company'
    ? 'Keep your name, email address, mobile and company details up to date, and your account secure.'
    : 'Keep your name, email address and mobile up to date, and your account secure.'
}

export default function UpdateProfilePage({ loaderData }: Route.ComponentProps) {
  const { status, profile } = useAuth()
  // The Security section's lists load once the details are in (or could not be): by then an administrator who
  // must set up a second factor has been sent to do so, and nothing of the section was asked for.
  const [detailsSettled, setDetailsSettled] = useState(false)
  // The server's hint until the profile is known (the same in the render that hydrates: ADR 028, 029).
  const shape = status === 'signedIn' && profile ? profileShapeOf(profile) : loaderData.shape
  return (
    <>
      <PageHeader title="Update Profile" lead={profileLead(shape)} />
      <AuthPanel wide>
        <UpdateProfile shape={loaderData.shape} onSettled={() => setDetailsSettled(true)} />
      </AuthPanel>
      {/* Rendered by the server too, its lists loading until the app comes: /update-profile/#security (My Account's
          "Sign-in and security") opens on it and the browser scrolls to it, before any interaction and without
          JavaScript; the form above it keeps its height as it is filled in (ADR 028, 029). */}
      <SecuritySection active={detailsSettled} />
    </>
  )
}
