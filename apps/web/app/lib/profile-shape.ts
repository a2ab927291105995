import { MEMBER_TYPE } from '@signalway/shared/constants'

/**
 * Which form the profile page shows (ADR 029): a person's details alone (regular members and administrators), or
 * with the company's (company members). The server renders the page before it knows who is signed in (the tokens
 * are in the browser's storage, ADR 028), so the browser leaves it this hint, a cookie that says the shape and
 * nothing else: the server renders the empty form of that shape, and the enhancement script fills it in.
 */
export type ProfileShape = 'person' | 'company'

export const PROFILE_SHAPE_COOKIE = 'signalway_profile_form'

/** A year: the hint outlives any session, and a wrong one costs only the page's app at once. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function profileShapeOf(profile: { memberType: number | string }): ProfileShape {
  return Number(profile.memberType) === MEMBER_TYPE.CompanyMember ? 'company' : 'person'
}

/** The shape a Cookie header (or `document.cookie`) names; a person's form without one. */
export function readProfileShape(cookies: string | null | undefined): ProfileShape {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.split('=', 2).map((part) => part.trim())
    if (name === PROFILE_SHAPE_COOKIE) return value === 'company' ? 'company' : 'person'
  }
  return 'person'
}

/**
 * Leaves the hint for the next render of the profile page, or removes it (null: signed out). Only where there is
 * a document; a person's form is the default, so its hint is not kept either.
 */
export function rememberProfileShape(
  shape: ProfileShape | null,
  doc: Document | undefined = globalDocument(),
) {
  if (!doc) return
  // Written only when it changes: a cookie written is a cookie sent with every later request.
  if (shape === 'company' ? readProfileShape(doc.cookie) === 'company' : !hasHint(doc)) return
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie =
    shape === 'company'
      ? `${PROFILE_SHAPE_COOKIE}=company; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
      : `${PROFILE_SHAPE_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`
}

function hasHint(doc: Document): boolean {
  return doc.cookie.split(';').some((pair) => pair.split('=', 1)[0]?.trim() === PROFILE_SHAPE_COOKIE)
}

function globalDocument(): Document | undefined {
  return typeof document === 'undefined' ? undefined : document
}
