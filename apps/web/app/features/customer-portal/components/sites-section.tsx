import { SITE_LIMITS, SITE_MESSAGES } from '@signalway/shared/customer-account-sites'
import type { MyCustomerAccountDetail, MySite } from '@signalway/shared/customer-accounts'
import { useCallback, useId, useRef, useState } from 'react'
import { AddressBlock } from '../../../components/address/index.ts'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { Form, FormActions, SubmitButton, TextField, useZodForm } from '../../../components/form/index.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { PORTAL_API, type PortalApi } from '../api/portal.ts'
import { PORTAL_MESSAGES } from '../messages.ts'
import { type SiteFormOutput, siteFormDefaults, siteFormSchema, siteInputOf } from '../site-form.ts'

/** Which form is open: none, a new site's, or an existing site's. */
type Editing = null | 'new' | MySite

/**
 * The account's job sites (requirements §18): every member sees the list the server gives them (a Site supervisor
 * only theirs); an Account admin adds, edits and removes sites. The server checks the role again.
 */
export function SitesSection({
  account,
  api = PORTAL_API,
}: {
  account: MyCustomerAccountDetail
  api?: PortalApi
}) {
  const notify = useNotify()
  const headingId = useId()
  const admin = account.role === 'account_admin'
  const load = useCallback(() => api.sites(account.id), [api, account.id])
  const { loaded, reload } = useLoaded(load, PORTAL_MESSAGES.sitesLoadFailed)
  const [editing, setEditing] = useState<Editing>(null)
  const [removing, setRemoving] = useState<MySite | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)

  const closeForm = () => {
    setEditing(null)
    addButton.current?.focus()
  }
  const remove = async () => {
    if (!removing) return
    try {
      await api.removeSite(account.id, removing)
      notify.success(PORTAL_MESSAGES.siteRemoved)
    } catch (error) {
      notify.error(
        isApiError(error) && error.status === 409
          ? SITE_MESSAGES.conflict
          : failureMessage(error, PORTAL_MESSAGES.siteRemoveFailed),
      )
    }
    setRemoving(null)
    await reload()
    addButton.current?.focus()
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Sites
      </h2>
      {admin ? null : <p>{PORTAL_MESSAGES.readOnly}</p>}
      {loaded.state === 'failed' ? (
        <LoadFailed message={PORTAL_MESSAGES.sitesLoadFailed} onRetry={reload} />
      ) : null}
      {loaded.state === 'loading' ? <p role="status">Loading the sites…</p> : null}
      {loaded.state === 'ready' ? (
        loaded.value.items.length === 0 ? (
          <p>{PORTAL_MESSAGES.noSites}</p>
        ) : (
          <ul className="portal__sites">
            {loaded.value.items.map((site) => (
              <li key={site.id} className="portal__site">
                <SiteCard site={site} />
                {admin ? (
                  <div className="portal__site-actions">
                    <button
                      type="button"
                      className="button button--outline button--sm"
                      aria-label={`Edit ${site.name}`}
                      onClick={() => setEditing(site)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--outline button--sm"
                      aria-label={`Remove ${site.name}`}
                      onClick={() => setRemoving(site)}
                    >
                      Remove
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
      {admin && editing === null ? (
        <p>
          <button
            ref={addButton}
            type="button"
            className="button button--primary"
            onClick={() => setEditing('new')}
          >
            Add a Site
          </button>
        </p>
      ) : null}
      {admin && editing !== null ? (
        <SiteForm
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          accountId={account.id}
          site={editing === 'new' ? null : editing}
          api={api}
          onSaved={async () => {
            closeForm()
            await reload()
          }}
          onCancel={closeForm}
          onReload={async () => {
            await reload()
            setEditing(null)
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove the Site"
        text={
          removing ? `“${removing.name}” will be removed from the account and from its Site supervisors.` : ''
        }
        confirmLabel="Remove"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  )
}

function SiteCard({ site }: { site: MySite }) {
  const contact = [site.contactName, site.contactPhone].filter(Boolean).join(', ')
  return (
    <>
      <h3 className="portal__site-name">{site.name}</h3>
      <dl className="portal__site-facts">
        <div>
          <dt>Address</dt>
          <dd>{site.fullAddress}</dd>
        </div>
        <div>
          <dt>Default PO</dt>
          <dd>{site.defaultPo || 'None'}</dd>
        </div>
        <div>
          <dt>Site contact</dt>
          <dd>{contact || 'None'}</dd>
        </div>
      </dl>
    </>
  )
}

/**
 * A site's form: its name, the address with the suggestions the credit application uses, the default PO and the
 * contact. A refused save keeps what was typed: a 400 marks the fields the server named, a 409 (someone saved
 * since) says so with the way to load the saved sites.
 */
function SiteForm({
  accountId,
  site,
  api,
  onSaved,
  onCancel,
  onReload,
}: {
  accountId: number
  site: MySite | null
  api: PortalApi
  onSaved: () => Promise<void>
  onCancel: () => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const failed = useSaveErrors(PORTAL_MESSAGES.siteSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(siteFormSchema, { defaultValues: siteFormDefaults(site) })
  const submit = async (values: SiteFormOutput) => {
    try {
      const input = siteInputOf(values, site)
      if (site) await api.saveSite(accountId, site.id, input)
      else await api.addSite(accountId, input)
      notify.success(site ? PORTAL_MESSAGES.siteSaved : PORTAL_MESSAGES.siteAdded)
      await onSaved()
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }
  return (
    <section className="portal__site-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{site ? `Edit ${site.name}` : 'Add a Site'}</h3>
      {conflict ? (
        <ConflictNotice message={SITE_MESSAGES.conflict} reloadLabel="Reload the Sites" onReload={onReload} />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField
          name="name"
          label="Site name"
          maxLength={SITE_LIMITS.nameMax}
          autoComplete="off"
          required
        />
        <AddressBlock name="address" legend="Site Address" />
        <TextField
          name="defaultPo"
          label="Default purchase order number"
          maxLength={SITE_LIMITS.poMax}
          autoComplete="off"
          hint="Filled in on this site's bookings; it can be changed on each."
        />
        <TextField
          name="contactName"
          label="Site contact"
          maxLength={SITE_LIMITS.contactMax}
          autoComplete="off"
        />
        <TextField name="contactPhone" type="tel" label="Site contact's phone" autoComplete="off" />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            {site ? 'Save the Site' : 'Add the Site'}
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={onCancel}>
            Cancel
          </button>
        </FormActions>
      </Form>
    </section>
  )
}
