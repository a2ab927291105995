import { readConsent, validTagManagerId } from '../components/consent.ts'
import { attachMainNav } from '../components/layout/main-nav-controller.ts'
import { type ApiClient, apiClient } from '../lib/api-client.ts'
import type { AuthStorage } from '../lib/auth-storage.ts'
import {
  BEFORE_HYDRATE_EVENT,
  DEFERRED_MODULE_TYPE,
  HYDRATED_EVENT,
  handOverMyAccount,
  handOverProfile,
  leftFields,
  SHOWN_AT_ONCE_SESSION_KEYS,
} from '../lib/hydration-handover.ts'
import type { EnhanceConfig } from './config.ts'
import { authSlot } from './markup.ts'
import { showPrivateShell } from './private-shell.ts'
import { privateShellArea, type ShellStart, startPrivateShell } from './private-shell-start.ts'

/** This tab keeps something the page shows as it loads (a credit application's receipt). */
function shownAtOnce(win: Window | null): boolean {
  try {
    return SHOWN_AT_ONCE_SESSION_KEYS.some((key) => win?.sessionStorage.getItem(key) !== null)
  } catch {
    return false
  }
}

/** The first of these anywhere in the page starts the app: the visitor is about to use it. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const

/**
 * A page that hydrates on the first interaction (ADR 011): its React Router module script is a
 * data block (`lib/deferred-scripts.tsx`); this starts it (module preloads first, so the modules
 * load in parallel) on the first pointer, touch, key or focus event, so a visitor who only reads
 * the page runs no app code at all. At once instead when the app is needed for what the page
 * shows: a signed-in visitor (the header and the profile), a consent banner to show, or what this tab keeps for
 * the page (a credit application's receipt). A private shell page (ADR 028) is first shown signed in by this
 * script (`private-shell.ts`), and waits for the interaction too; if it cannot be, the app starts at once.
 *
 * Until the app takes over the page, the header works as on a static page (Login link, the
 * navigation's controller), and nothing the visitor does is lost: a submit is held and made again
 * once the app has hydrated, as are clicks on buttons only the app works (a map's Show button);
 * what was typed or ticked is kept by the app itself (`lib/typed-values.ts`). Just before
 * hydrating, the header is given back as the server rendered it.
 */
export function hydrateOnInteraction(
  doc: Document,
  config: EnhanceConfig,
  storage: AuthStorage,
  client: ApiClient = apiClient,
  /** A private shell page's profile and data, asked for as the enhancement script started (`startPrivateShell`). */
  shellStart?: ShellStart,
): void {
  const deferred = doc.querySelector<HTMLScriptElement>(`script[type="${DEFERRED_MODULE_TYPE}"]`)
  if (!deferred) return

  let started = false
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null
  const heldClicks: HTMLButtonElement[] = []

  const nav = doc.querySelector<HTMLElement>('nav.main-nav')
  const navController = nav ? attachMainNav(nav) : null

  const start = () => {
    if (started) return
    started = true
    for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, start, true)
    for (const href of (deferred.dataset.preload ?? '').split(' ')) {
      if (!href) continue
      const link = doc.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      doc.head.append(link)
    }
    const script = doc.createElement('script')
    script.type = 'module'
    // The page's CSP allows the script by its nonce or by the hash of this same text.
    const nonce = deferred.nonce || deferred.getAttribute('nonce')
    if (nonce) script.nonce = nonce
    script.textContent = deferred.textContent
    // The app could not load (e.g. offline): the form posts to its page as without JavaScript,
    // a submit held until now included.
    script.addEventListener('error', () => {
      release()
      submitHeld()
    })
    doc.head.append(script)
  }

  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return
    event.preventDefault()
    heldSubmit = { form: event.target, submitter: event.submitter }
    start()
  }

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (button && button.type === 'button' && !nav?.contains(button)) heldClicks.push(button)
  }

  function submitHeld() {
    if (!heldSubmit?.form.isConnected) return
    const { form, submitter } = heldSubmit
    heldSubmit = null
    form.requestSubmit(submitter && form.contains(submitter) ? submitter : null)
  }

  // A field left before the app takes over is validated by the app as on that blur (lib/typed-values.ts).
  const left = leftFields(doc)
  const onFocusOut = (event: FocusEvent) => {
    const field = event.target
    if (field instanceof Element && field.matches('input, textarea, select')) left.add(field)
  }

  function release() {
    doc.removeEventListener('submit', onSubmit, true)
    doc.removeEventListener('click', onClick, true)
    doc.removeEventListener('focusout', onFocusOut, true)
  }

  // The Login link, as the app shows it, until the app renders the header itself.
  const slot = doc.querySelector<HTMLElement>('.auth-slot')
  const serverSlot = slot ? [...slot.childNodes] : []
  const signedIn = storage.getTokens() !== null
  const privateShell = privateShellArea(doc) !== null
  if (slot && !signedIn && !privateShell)
    slot.replaceChildren(...authSlot(doc, { status: 'signedOut', profile: null }).childNodes)

  doc.addEventListener('submit', onSubmit, true)
  doc.addEventListener('click', onClick, true)
  doc.addEventListener('focusout', onFocusOut, true)
  let releaseShell = () => {}
  doc.addEventListener(
    BEFORE_HYDRATE_EVENT,
    () => {
      release()
      releaseShell()
      navController?.detach()
      // Shown signed in (a private shell page), the slot is a new element and the app renders it the same.
      slot?.replaceChildren(...serverSlot)
    },
    { once: true },
  )
  doc.addEventListener(
    HYDRATED_EVENT,
    () => {
      handOverProfile(doc, null)
      handOverMyAccount(doc, null)
      // After the hydrating commit's effects: the form is registered and has its values back.
      setTimeout(() => {
        for (const button of heldClicks) if (button.isConnected) button.click()
        heldClicks.length = 0
        submitHeld()
      })
    },
    { once: true },
  )

  const waitForInteraction = () => {
    for (const type of INTERACTION_EVENTS) doc.addEventListener(type, start, { capture: true, passive: true })
  }

  const win = doc.defaultView
  const consentPending = validTagManagerId(config.tagManagerId) && readConsent(win?.localStorage) === null
  if (privateShell) {
    // An interaction while the profile is fetched starts the app as soon as the page is shown.
    let interacted = false
    const noteInteraction = () => {
      interacted = true
    }
    for (const type of INTERACTION_EVENTS)
      doc.addEventListener(type, noteInteraction, { capture: true, passive: true })
    void showPrivateShell(doc, storage, client, shellStart ?? startPrivateShell(doc, storage, client)).then(
      ({ outcome, release: releaseOverlay }) => {
        for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, noteInteraction, true)
        releaseShell = releaseOverlay
        if (outcome === 'app' || (outcome === 'shown' && (consentPending || interacted))) start()
        else if (outcome === 'shown') waitForInteraction()
      },
    )
    return
  }
  if (signedIn || consentPending || shownAtOnce(win)) {
    start()
    return
  }
  waitForInteraction()
}
