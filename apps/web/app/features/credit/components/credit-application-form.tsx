import {
  CREDIT_SUBMIT_CHECK_PATHS,
  type CreditApplication,
  type CreditApplicationFormDefaults,
  type CreditPayload,
  type CreditSectionKey,
  creditApplicationDefaults,
  creditApplicationSchema,
  creditSubmitChecks,
  MESSAGES,
  showsGuarantee,
  toCreditPayload,
} from '@signalway/shared'
import { repeatedEmails, SIGNING_MESSAGES } from '@signalway/shared/credit/signing'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import {
  applyServerErrors,
  Form,
  FormActions,
  focusField,
  focusFirstError,
  RequiredFieldsNote,
  SubmitButton,
  useZodForm,
} from '../../../components/form/index.ts'
import { BlockingOverlay } from '../../../components/ui/blocking-overlay.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { discardCreditDraft, saveCreditDraft } from '../api/drafts.ts'
import { startSigning } from '../api/signing.ts'
import type { CreditReceipt } from '../api/submit-credit-application.ts'
import { CREDIT_PDF_FILENAME, submitCreditApplication } from '../api/submit-credit-application.ts'
import { saveReceipt } from '../receipt.ts'
import { personRole, SECTION_KEYS, scrollToSection, sectionsWithErrors, sectionTitle } from '../sections.ts'
import { AccountsSection } from './accounts-section.tsx'
import { CreditSection, keepFocus } from './credit-section.tsx'
import { CustomerSection } from './customer-section.tsx'
import { PersonsSection } from './persons-section.tsx'
import { SaveForLaterDialog } from './save-for-later.tsx'
import { SendForSigningDialog } from './send-for-signing.tsx'
import { type SignerChoice, type SigningChoiceProps, type SigningMode, signsHere } from './signing-choice.tsx'
import { TermsSection } from './terms-section.tsx'

export const SUBMITTING_LABEL = 'Submitting your application for credit…'

/**
 * The submit button's words: it sends for signing when anyone is to be asked by email (all, or some: ADR 036).
 * Its own component, so that typing in section 2 re-renders the label only.
 */
function SubmitLabel({ here, changing }: { here: (personId: unknown) => boolean; changing: boolean }) {
  const persons = useWatch<CreditApplication, 'section2.persons'>({ name: 'section2.persons' })
  if (changing) return 'Save changes and send for signing'
  return (persons ?? []).some((person) => !here(person.id)) ? 'Send for signing' : 'Submit application'
}

export interface CreditApplicationFormProps {
  /** Sends the wire payload and answers the signed PDF. */
  submit?: (
    payload: CreditPayload,
    options: { signal?: AbortSignal; onReceipt?: (receipt: CreditReceipt) => void },
  ) => Promise<Blob>
  /** Saves the PDF (a download). */
  save?: (pdf: Blob, filename: string) => void
  /** Reloads the page after a successful submit. */
  reload?: () => void
  /** Wait after the download before the reload, so the notification is seen (ms). */
  reloadDelayMs?: number
  /** Starting values (an empty application by default). */
  defaultValues?: CreditApplicationFormDefaults
  /** The token of the saved application this one continues: saving again keeps that draft. */
  draftToken?: string
  /** Saves the form to continue later. */
  saveDraft?: typeof saveCreditDraft
  /** Deletes the saved copy once the application is submitted. */
  discardDraft?: (token: string) => Promise<void>
  /** Sends the application for remote signing. */
  sendForSigning?: typeof startSigning
  /** Changing an application already sent for signing: the status page's token. */
  statusToken?: string
  /** The requests went: by default the status page opens. */
  onSigningStarted?: (statusToken: string) => void
}

type PendingFocus =
  | { kind: 'section'; key: CreditSectionKey }
  | { kind: 'errors'; within?: CreditSectionKey }
  | { kind: 'field'; path: string }

const SECTION_CONTENT: Record<CreditSectionKey, (signing: SigningChoiceProps) => ReactNode> = {
  section1: () => <CustomerSection />,
  section2: () => <PersonsSection />,
  section3: () => <AccountsSection />,
  section4: (signing) => <TermsSection signing={signing} />,
}

/**
 * The Application for Credit (requirements §2 to §5, §8): one form over the nested credit schema, in
 * four collapsible sections. Next validates only its own section (its errors stay marked); Previous
 * and Next open the neighbour, even when the section left has errors, and scroll to it (offset -70, after 500 ms). A failed submit opens every section with
 * errors and focuses the first. On submit: the fax, signature and guarantor checks, then the form
 * is blocked while the PDF is made; on success the notification, the download of
 * credit-application.pdf and a reload; on failure the requirements' message and the server's field
 * messages, with everything typed and drawn kept.
 */
export function CreditApplicationForm({
  submit = submitCreditApplication,
  save = saveBlob,
  reload = () => window.location.reload(),
  reloadDelayMs = 1500,
  defaultValues,
  draftToken,
  saveDraft = saveCreditDraft,
  discardDraft = discardCreditDraft,
  sendForSigning = startSigning,
  statusToken,
  onSigningStarted = (token) => window.location.assign(paths.applicationForCredit.status(token)),
}: CreditApplicationFormProps) {
  const notify = useNotify()
  const [defaults] = useState(() => defaultValues ?? creditApplicationDefaults())
  const form = useZodForm(creditApplicationSchema, { defaultValues: defaults })
  const customerType = useWatch({ control: form.control, name: 'section1.customerType' })
  const [open, setOpen] = useState<ReadonlySet<CreditSectionKey>>(() => new Set(['section1']))
  const [busy, setBusy] = useState(false)
  const [pendingFocus, setPendingFocus] = useState<PendingFocus | null>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const sectionRefs = useRef<Partial<Record<CreditSectionKey, HTMLDivElement | null>>>({})
  const cancelScroll = useRef<(() => void) | null>(null)
  const request = useRef<AbortController | null>(null)
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [saving, setSaving] = useState(false)
  const draft = useRef(draftToken)
  const [signingMode, setSigningMode] = useState<SigningMode>(statusToken ? 'remote' : 'here')
  // Mixed signing (ADR 036): each person's choice, by id.
  const [choices, setChoices] = useState<Readonly<Record<string, SignerChoice>>>({})
  const [sending, setSending] = useState<CreditApplication | null>(null)
  const here = (personId: unknown) => signsHere(signingMode, choices, personId)

  // Clean-up on leaving the page: no scroll, request or reload left behind.
  useEffect(
    () => () => {
      cancelScroll.current?.()
      request.current?.abort()
      clearTimeout(reloadTimer.current)
    },
    [],
  )

  // Focus moves once the sections it needs are open (after the render that opened them).
  useEffect(() => {
    if (!pendingFocus) return
    setPendingFocus(null)
    const root = rootRef.current
    if (!root) return
    if (pendingFocus.kind === 'section') {
      const section = sectionRefs.current[pendingFocus.key]
      if (!section) return
      section.querySelector<HTMLElement>('.credit-section__toggle')?.focus({ preventScroll: true })
      cancelScroll.current?.()
      cancelScroll.current = scrollToSection(section)
    } else if (pendingFocus.kind === 'errors') {
      const scope = (pendingFocus.within && sectionRefs.current[pendingFocus.within]) || root
      focusFirstError(scope, form.formState.errors)
    } else {
      const element = root.querySelector<HTMLElement>(`[data-field="${CSS.escape(pendingFocus.path)}"]`)
      if (element) focusField(element)
    }
  }, [pendingFocus, form.formState])

  const openSections = (keys: readonly CreditSectionKey[]) => {
    if (keys.length === 0) return
    setOpen((current) => new Set([...current, ...keys]))
  }

  const toggle = (key: CreditSectionKey) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  const goTo = (from: CreditSectionKey, to: CreditSectionKey) => {
    setOpen((current) => {
      const next = new Set(current)
      next.delete(from)
      next.add(to)
      return next
    })
    setPendingFocus({ kind: 'section', key: to })
  }

  const next = async (from: CreditSectionKey, to: CreditSectionKey) => {
    // Only this section's fields are checked, and the next section opens either way: the errors
    // stay marked (and the section's heading says it needs attention); submit opens every section
    // that has errors.
    await form.trigger(from)
    goTo(from, to)
  }

  const onSubmit = async (values: CreditApplication) => {
    const problem = creditSubmitChecks(values, {
      signatures: signingMode === 'mixed' ? (person) => here(person.id) : signingMode === 'here',
    })
    if (problem) {
      notify.error(problem)
      const path = CREDIT_SUBMIT_CHECK_PATHS[problem]?.join('.')
      if (path) {
        form.setError(path as never, { type: 'submit', message: problem })
        openSections(sectionsWithErrors([path]))
        setPendingFocus({ kind: 'field', path })
      }
      return
    }
    // Remote signing, for all or some (mixed, ADR 036): each signer needs their own address; who is asked, and
    // where the status link goes, are confirmed first. Changing an application already sent always goes this way.
    if (statusToken || values.section2.persons.some((person) => !here(person.id))) {
      const repeated = repeatedEmails(values.section2.persons.map((person) => person.email))
      if (repeated.length > 0) {
        for (const index of repeated) {
          form.setError(`section2.persons.${index}.email`, {
            type: 'validate',
            message: SIGNING_MESSAGES.emailTaken,
          })
        }
        openSections(['section2'])
        setPendingFocus({ kind: 'field', path: `section2.persons.${repeated[0]}.email` })
        return
      }
      setSending(values)
      return
    }
    setBusy(true)
    const controller = new AbortController()
    request.current = controller
    try {
      const pdf = await submit(toCreditPayload(values), { signal: controller.signal, onReceipt: saveReceipt })
      notify.success(MESSAGES.creditSubmitted)
      save(pdf, CREDIT_PDF_FILENAME)
      // A saved copy of this application is done with; failing to delete it leaves it to expire.
      if (draft.current) void discardDraft(draft.current).catch(() => undefined)
      // The download has started; the empty form comes back with the reload.
      reloadTimer.current = setTimeout(reload, reloadDelayMs)
    } catch (error) {
      if (controller.signal.aborted) return
      setBusy(false)
      notify.error(MESSAGES.creditFailed)
      const { applied, unmatched } = applyServerErrors(form, error, { shouldFocus: false })
      if (isApiError(error)) {
        if (error.status !== 400) notify.error(error.message)
        for (const messages of Object.values(unmatched)) if (messages[0]) notify.error(messages[0])
      } else {
        console.error(error)
        notify.error(MESSAGES.unknownError)
      }
      if (applied.length > 0) {
        openSections(sectionsWithErrors(applied))
        setPendingFocus({ kind: 'errors' })
      }
    }
  }

  return (
    <>
      <div ref={rootRef} className="credit-application" inert={busy || undefined}>
        <Form
          form={form}
          onSubmit={onSubmit}
          onInvalid={(errors) => openSections(sectionsWithErrors(errors))}
          aria-label="Application for Credit"
          aria-busy={busy || undefined}
          className="credit-form"
        >
          <RequiredFieldsNote />
          {SECTION_KEYS.map((key, index) => {
            const previous = SECTION_KEYS[index - 1]
            const following = SECTION_KEYS[index + 1]
            return (
              <CreditSection
                key={key}
                ref={(element) => {
                  sectionRefs.current[key] = element
                }}
                sectionKey={key}
                step={index + 1}
                title={sectionTitle(key, customerType)}
                open={open.has(key)}
                onToggle={() => toggle(key)}
                onPrevious={previous ? () => goTo(key, previous) : undefined}
                onNext={following ? () => void next(key, following) : undefined}
              >
                {SECTION_CONTENT[key]({
                  mode: signingMode,
                  onModeChange: setSigningMode,
                  choices,
                  onChoiceChange: (personId, choice) =>
                    setChoices((current) => ({ ...current, [personId]: choice })),
                  locked: Boolean(statusToken),
                })}
              </CreditSection>
            )
          })}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: keeps the focus in place on a press (see keepFocus) */}
          <div onMouseDown={keepFocus}>
            <FormActions className="credit-form__actions">
              <SubmitButton busyLabel={SUBMITTING_LABEL}>
                <SubmitLabel here={here} changing={Boolean(statusToken)} />
              </SubmitButton>
              <button type="button" className="button button--outline" onClick={() => setSaving(true)}>
                Save and continue later
              </button>
            </FormActions>
          </div>
        </Form>
      </div>
      {saving ? (
        <SaveForLaterDialog
          open
          suggestedEmail={form.getValues('section1.email') ?? ''}
          save={async (email) => {
            const saved = await saveDraft({
              email,
              values: form.getValues() as unknown as Record<string, unknown>,
              ...(draft.current ? { token: draft.current } : {}),
            })
            // Saving again from this page keeps the same draft and link.
            draft.current = saved.token
            return saved
          }}
          onClose={() => setSaving(false)}
        />
      ) : null}
      {sending ? (
        <SendForSigningDialog
          signers={sending.section2.persons
            .filter((person) => !here(person.id))
            .map((person) => ({ name: person.name, email: person.email }))}
          signedHere={sending.section2.persons
            .filter((person) => here(person.id))
            .map((person) => person.name)}
          role={personRole(sending.section1.customerType)}
          suggestedEmail={sending.section1.email}
          changing={Boolean(statusToken)}
          send={async (completerEmail) => {
            const payload = toCreditPayload(sending)
            // The signatures drawn here go with it (mixed signing, ADR 036); the others sign by link.
            const drawn = (list: readonly { id: string }[]) =>
              JSON.stringify(list.filter((entry) => here(entry.id)))
            const started = await sendForSigning({
              application: {
                ...payload,
                section4: {
                  ...payload.section4,
                  signatures: drawn(sending.section4.signatures),
                  guarantors: showsGuarantee(sending.section1.customerType)
                    ? drawn(sending.section4.guarantors)
                    : '[]',
                },
              },
              completerEmail,
              ...(statusToken ? { statusToken } : {}),
            })
            notify.success(
              started.signers > 0
                ? SIGNING_MESSAGES.requestsSent(started.signers)
                : SIGNING_MESSAGES.submitted,
            )
            // A saved copy of this application is done with; failing to delete it leaves it to expire.
            if (draft.current) void discardDraft(draft.current).catch(() => undefined)
            setSending(null)
            onSigningStarted(started.statusToken)
          }}
          onClose={() => setSending(null)}
        />
      ) : null}
      {busy ? <BlockingOverlay label={SUBMITTING_LABEL} /> : null}
    </>
  )
}
