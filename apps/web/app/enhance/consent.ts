import { type ConsentChoice, readConsent, saveConsent, validTagManagerId } from '../components/consent.ts'
import { consentBanner } from './markup.ts'

/**
 * The cookie consent banner on a page that is not hydrated: shown only when a tag-manager id is
 * configured and the visitor has not chosen yet; a choice is stored, sent to Consent Mode and
 * closes it. It goes where the React app renders it: last in the auth scope, fixed at the bottom.
 */
export function enhanceConsent(doc: Document, tagManagerId: string | undefined): void {
  const win = doc.defaultView
  const scope = doc.querySelector('.auth-scope')
  if (!win || !scope || !validTagManagerId(tagManagerId) || readConsent(win.localStorage) !== null) return
  const banner = consentBanner(doc, (choice: ConsentChoice) => {
    saveConsent(choice, win as never)
    banner.remove()
  })
  scope.append(banner)
}
