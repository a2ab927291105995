import { formatLongDateTime } from '@signalway/shared/business-time'
import {
  MEMBER_MESSAGES,
  type PortalInvitation,
  type PortalMember,
} from '@signalway/shared/customer-account-members'
import {
  CUSTOMER_ACCOUNT_ROLE_LABELS,
  CUSTOMER_ACCOUNT_ROLES,
} from '@signalway/shared/customer-account-words'
import type { MyCustomerAccountDetail, MySite } from '@signalway/shared/customer-accounts'
import { type Cents, formatMoney } from '@signalway/shared/money'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { useWatch } from 'react-hook-form'
import { ConflictNotice } from '../../../components/back-office/save-errors.tsx'
import {
  applyServerErrors,
  Form,
  FormActions,
  MultiSelect,
  Select,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError, serverMessage } from '../../../lib/api-client.ts'
import { MEMBERS_API, type MembersApi } from '../api/members.ts'
import {
  INVITE_FORM_DEFAULTS,
  type InviteFormOutput,
  inviteFormSchema,
  inviteInputOf,
  type MemberFormOutput,
  memberFormDefaults,
  memberFormSchema,
  memberInputOf,
} from '../member-form.ts'
import { PORTAL_MESSAGES } from '../messages.ts'

interface Loaded {
  members: PortalMember[]
  invitations: PortalInvitation[]
  sites: MySite[]
}

type LoadState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'forbidden' }
  | { state: 'ready'; value: Loaded }

const ROLE_OPTIONS = CUSTOMER_ACCOUNT_ROLES.map((role) => ({
  value: role,
  label: CUSTOMER_ACCOUNT_ROLE_LABELS[role],
}))

/** The server's own sentence for a refused change (409 last admin or stale, 429 limits, 403, 404), else ours. */
function refusalText(error: unknown, fallback: string): string {
  if (isApiError(error) && [400, 403, 404, 409, 429].includes(error.status))
    return serverMessage(error) ?? (error.message || fallback)
  return failureMessage(error, fallback)
}

/**
 * Marks the fields the server named (its `approvalLimitCents` is the form's dollars field) and says what was
 * refused; the typed values stay.
 */
function showRefusal<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
): string {
  const { unmatched } = applyServerErrors(form, error)
  const limit = unmatched.approvalLimitCents?.[0]
  if (limit)
    (form.setError as (name: string, error: { type: string; message: string }) => void)('approvalLimit', {
      type: 'server',
      message: limit,
    })
  return refusalText(error, fallback)
}

/**
 * The account's members and open invitations (requirements §18, ADR 045), for its Account admins: each member's
 * role, sites and approval limit can be changed, a member removed (the last Account admin stays: the server says
 * so), an invitation withdrawn, and someone invited by email. Other members are told the page is not theirs; the
 * server checks the role on every call again.
 */
export function MembersSection({
  account,
  api = MEMBERS_API,
}: {
  account: MyCustomerAccountDetail
  api?: MembersApi
}) {
  const notify = useNotify()
  const headingId = useId()
  const admin = account.role === 'account_admin'
  const [loaded, setLoaded] = useState<LoadState>({ state: 'loading' })
  const [editing, setEditing] = useState<PortalMember | null>(null)
  const [removing, setRemoving] = useState<PortalMember | null>(null)
  const [inviting, setInviting] = useState(false)
  const inviteButton = useRef<HTMLButtonElement>(null)

  const reload = useCallback(async () => {
    try {
      const [members, invitations, sites] = await Promise.all([
        api.members(account.id),
        api.invitations(account.id),
        api.sites(account.id),
      ])
      setLoaded({
        state: 'ready',
        value: { members: members.items, invitations: invitations.items, sites: sites.items },
      })
    } catch (error) {
      if (isApiError(error) && error.status === 403) setLoaded({ state: 'forbidden' })
      else {
        setLoaded({ state: 'failed' })
        notify.error(PORTAL_MESSAGES.membersLoadFailed)
      }
    }
  }, [api, account.id, notify])

  useEffect(() => {
    if (admin) void reload()
  }, [admin, reload])

  const remove = async () => {
    if (!removing) return
    try {
      await api.removeMember(account.id, removing)
      notify.success(PORTAL_MESSAGES.memberRemoved(removing.name))
    } catch (error) {
      notify.error(refusalText(error, PORTAL_MESSAGES.memberRemoveFailed))
    }
    setRemoving(null)
    await reload()
    inviteButton.current?.focus()
  }

  const withdraw = async (invitation: PortalInvitation) => {
    try {
      await api.withdraw(account.id, invitation.id)
      notify.success(PORTAL_MESSAGES.invitationWithdrawn(invitation.email))
    } catch (error) {
      notify.error(refusalText(error, PORTAL_MESSAGES.invitationWithdrawFailed))
    }
    await reload()
    inviteButton.current?.focus()
  }

  const sectionHeading = (
    <h2 id={headingId} className="record-panel__title">
      Members
    </h2>
  )
  if (!admin || loaded.state === 'forbidden')
    return (
      <section className="record-panel" aria-labelledby={headingId}>
        {sectionHeading}
        <p>{MEMBER_MESSAGES.accountAdminOnly}</p>
      </section>
    )

  const sites = loaded.state === 'ready' ? loaded.value.sites : []
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      {sectionHeading}
      {loaded.state === 'failed' ? (
        <LoadFailed message={PORTAL_MESSAGES.membersLoadFailed} onRetry={reload} />
      ) : null}
      {loaded.state === 'loading' ? <p role="status">Loading the members…</p> : null}
      {loaded.state === 'ready' ? (
        <ul className="portal__sites">
          {loaded.value.members.map((member) => (
            <li key={member.id} className="portal__site">
              {editing?.id === member.id ? (
                <MemberForm
                  key={`${member.id}:${member.version}`}
                  accountId={account.id}
                  member={member}
                  sites={sites}
                  api={api}
                  onDone={async (saved) => {
                    setEditing(null)
                    if (saved) await reload()
                  }}
                  onReload={async () => {
                    setEditing(null)
                    await reload()
                  }}
                />
              ) : (
                <>
                  <MemberCard member={member} sites={sites} />
                  <div className="portal__site-actions">
                    <button
                      type="button"
                      className="button button--outline button--sm"
                      aria-label={`Change ${member.name}`}
                      onClick={() => setEditing(member)}
                    >
                      Change
                    </button>
                    <button
                      type="button"
                      className="button button--outline button--sm"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {loaded.state === 'ready' ? (
        <Invitations invitations={loaded.value.invitations} sites={sites} onWithdraw={withdraw} />
      ) : null}
      {inviting ? (
        <InviteForm
          accountId={account.id}
          sites={sites}
          api={api}
          onDone={async (sent) => {
            setInviting(false)
            if (sent) await reload()
            inviteButton.current?.focus()
          }}
        />
      ) : (
        <p>
          <button
            ref={inviteButton}
            type="button"
            className="button button--primary"
            onClick={() => setInviting(true)}
          >
            Invite someone
          </button>
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove the member"
        text={
          removing
            ? `${removing.name} (${removing.email}) will no longer be a member of ${account.legalName}.`
            : ''
        }
        confirmLabel="Remove"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  )
}

function siteNames(siteIds: number[], sites: MySite[]): string {
  const names = siteIds.map((id) => sites.find((site) => site.id === id)?.name ?? `Site ${id}`)
  return names.join(', ') || 'None'
}

/** What a member may do beside the role's name: a Site supervisor's sites, an Orderer's approval limit. */
function GrantFacts({
  grant,
  sites,
}: {
  grant: Pick<PortalMember, 'role' | 'siteIds' | 'approvalLimitCents'>
  sites: MySite[]
}) {
  return (
    <>
      <div>
        <dt>Role</dt>
        <dd>{CUSTOMER_ACCOUNT_ROLE_LABELS[grant.role]}</dd>
      </div>
      {grant.role === 'site_supervisor' ? (
        <div>
          <dt>Sites</dt>
          <dd>{siteNames(grant.siteIds, sites)}</dd>
        </div>
      ) : null}
      {grant.role === 'orderer' ? (
        <div>
          <dt>Approval limit</dt>
          <dd>
            {grant.approvalLimitCents === null
              ? 'No limit'
              : `${formatMoney(grant.approvalLimitCents as Cents)} ex GST`}
          </dd>
        </div>
      ) : null}
    </>
  )
}

function MemberCard({ member, sites }: { member: PortalMember; sites: MySite[] }) {
  return (
    <>
      <h3 className="portal__site-name">
        {member.name}
        {member.you ? <span className="portal__you"> (you)</span> : null}
      </h3>
      <dl className="portal__site-facts">
        <div>
          <dt>Email</dt>
          <dd>{member.email}</dd>
        </div>
        <GrantFacts grant={member} sites={sites} />
      </dl>
    </>
  )
}

function Invitations({
  invitations,
  sites,
  onWithdraw,
}: {
  invitations: PortalInvitation[]
  sites: MySite[]
  onWithdraw: (invitation: PortalInvitation) => Promise<void>
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="portal__invitations">
      <h3 id={headingId}>Open invitations</h3>
      {invitations.length === 0 ? (
        <p>{PORTAL_MESSAGES.noInvitations}</p>
      ) : (
        <ul className="portal__sites">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="portal__site">
              <h4 className="portal__site-name">{invitation.email}</h4>
              <dl className="portal__site-facts">
                <GrantFacts grant={invitation} sites={sites} />
                <div>
                  <dt>Link works until</dt>
                  <dd>{formatLongDateTime(invitation.expiresAt)}</dd>
                </div>
              </dl>
              <div className="portal__site-actions">
                <button
                  type="button"
                  className="button button--outline button--sm"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  onClick={() => void onWithdraw(invitation)}
                >
                  Withdraw
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The role's own fields: the sites' boxes for a Site supervisor, the approval limit for an Orderer. */
function GrantFields({ sites }: { sites: MySite[] }) {
  const role = useWatch({ name: 'role' }) as string
  return (
    <>
      <Select name="role" label="Role" options={ROLE_OPTIONS} required />
      {role === 'site_supervisor' ? (
        sites.length === 0 ? (
          <p role="note">{PORTAL_MESSAGES.noSitesToChoose}</p>
        ) : (
          <MultiSelect
            name="siteIds"
            label="Sites"
            options={sites.map((site) => ({ value: String(site.id), label: site.name }))}
            required
          />
        )
      ) : null}
      {role === 'orderer' ? (
        <TextField
          name="approvalLimit"
          label="Approval limit ($, ex GST)"
          inputMode="decimal"
          autoComplete="off"
          hint="An order above it needs an Account admin's approval. Leave empty for no limit."
        />
      ) : null}
    </>
  )
}

/** Someone invited by email: the address, the role and what it is given. A refused invitation keeps what was typed. */
function InviteForm({
  accountId,
  sites,
  api,
  onDone,
}: {
  accountId: number
  sites: MySite[]
  api: MembersApi
  onDone: (sent: boolean) => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const [refused, setRefused] = useState('')
  const form = useZodForm(inviteFormSchema, { defaultValues: INVITE_FORM_DEFAULTS })
  const submit = async (values: InviteFormOutput) => {
    setRefused('')
    try {
      const invitation = await api.invite(accountId, inviteInputOf(values))
      notify.success(MEMBER_MESSAGES.sent(invitation.email))
      await onDone(true)
    } catch (error) {
      const text = showRefusal(form, error, PORTAL_MESSAGES.inviteFailed)
      setRefused(text)
      notify.error(text)
    }
  }
  return (
    <section className="portal__site-form" aria-labelledby={headingId}>
      <h3 id={headingId}>Invite someone</h3>
      {refused ? (
        <p className="record-panel__conflict" role="alert">
          {refused}
        </p>
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField name="email" type="email" label="Email address" autoComplete="off" required />
        <GrantFields sites={sites} />
        <FormActions>
          <SubmitButton busyLabel="Sending…" variant="primary">
            Send the invitation
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={() => void onDone(false)}>
            Cancel
          </button>
        </FormActions>
      </Form>
    </section>
  )
}

/** A member's role, sites and approval limit, saved from the version the admin saw (a 409 says someone saved since). */
function MemberForm({
  accountId,
  member,
  sites,
  api,
  onDone,
  onReload,
}: {
  accountId: number
  member: PortalMember
  sites: MySite[]
  api: MembersApi
  onDone: (saved: boolean) => Promise<void>
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const [conflict, setConflict] = useState(false)
  const [refused, setRefused] = useState('')
  const form = useZodForm(memberFormSchema, { defaultValues: memberFormDefaults(member) })
  const submit = async (values: MemberFormOutput) => {
    setRefused('')
    try {
      await api.saveMember(accountId, member.id, memberInputOf(values, member))
      notify.success(PORTAL_MESSAGES.memberSaved(member.name))
      await onDone(true)
    } catch (error) {
      const text = showRefusal(form, error, PORTAL_MESSAGES.memberSaveFailed)
      // A stale version offers the saved copy; the last Account admin's 409 is said as it is.
      if (isApiError(error) && error.status === 409 && text === MEMBER_MESSAGES.conflict) setConflict(true)
      else setRefused(text)
      notify.error(text)
    }
  }
  return (
    <section className="portal__site-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{`Change ${member.name}`}</h3>
      {conflict ? (
        <ConflictNotice
          message={MEMBER_MESSAGES.conflict}
          reloadLabel="Reload the Members"
          onReload={onReload}
        />
      ) : null}
      {refused ? (
        <p className="record-panel__conflict" role="alert">
          {refused}
        </p>
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <GrantFields sites={sites} />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save the member
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={() => void onDone(false)}>
            Cancel
          </button>
        </FormActions>
      </Form>
    </section>
  )
}
