import { formatDateTime } from '@signalway/shared/business-time'
import { INVOICE_DELIVERY, invoiceDeliveryLabel } from '@signalway/shared/constants'
import {
  CUSTOMER_ACCOUNT_LIMITS,
  CUSTOMER_ACCOUNT_MESSAGES,
  CUSTOMER_ACCOUNT_ROLE_LABELS,
  type CustomerAccountDetail,
} from '@signalway/shared/customer-accounts'
import { type Cents, formatMoney } from '@signalway/shared/money'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  Checkbox,
  Form,
  FormActions,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import {
  changeCustomerAccountLimit,
  getCustomerAccount,
  holdCustomerAccount,
  releaseCustomerAccount,
  resendOwnerInvitation,
  saveCustomerAccountDetails,
} from '../api/accounts.ts'
import {
  billingCycleLabel,
  type DetailsFormOutput,
  detailsFormDefaults,
  detailsFormSchema,
  detailsInputOf,
  type HoldFormOutput,
  holdFormSchema,
  type LimitFormOutput,
  limitFormDefault,
  limitFormSchema,
} from '../forms.ts'
import { ACCOUNT_SCREEN_MESSAGES as SCREEN } from '../messages.ts'

export interface AccountPageApi {
  get: typeof getCustomerAccount
  saveDetails: typeof saveCustomerAccountDetails
  changeLimit: typeof changeCustomerAccountLimit
  hold: typeof holdCustomerAccount
  release: typeof releaseCustomerAccount
  resendOwnerInvitation: typeof resendOwnerInvitation
}

const DEFAULT_API: AccountPageApi = {
  get: getCustomerAccount,
  saveDetails: saveCustomerAccountDetails,
  changeLimit: changeCustomerAccountLimit,
  hold: holdCustomerAccount,
  release: releaseCustomerAccount,
  resendOwnerInvitation,
}

const money = (amount: number) => formatMoney(amount as Cents)

interface PanelProps {
  account: CustomerAccountDetail
  api: AccountPageApi
  onSaved: (account: CustomerAccountDetail) => void
  onReload: () => Promise<void>
}

/**
 * One customer account (ADR 045): its facts, the forms that change its details, its credit limit (with a reason)
 * and its hold, each from the version shown (a save from an older copy is refused and says so), then its members,
 * open invitations, sites and the history of its limit.
 */
export function AccountPage({ id, api = DEFAULT_API }: { id: number; api?: AccountPageApi }) {
  const { state, reload, record: account, setSaved } = useRecord(id, api.get, SCREEN.loadFailed)
  if (state === 'failed') {
    return <LoadFailed message={SCREEN.loadFailed} onRetry={reload} className="inbox__empty" />
  }
  if (state === 'loading' || !account) return <p className="inbox__count">Loading the account…</p>
  const panel: PanelProps = {
    account,
    api,
    onSaved: setSaved,
    onReload: async () => setSaved(await api.get(account.id)),
  }
  return (
    <div className="publishing customer-account">
      <p>
        <Link to={paths.admin.accounts}>Back to Accounts</Link>
        {' · '}
        <Link to={paths.admin.accountBilling(account.id)}>Billing: balance, payments and statements</Link>
      </p>
      <AccountSummary account={account} />
      <DetailsForm key={`details:${account.version}`} {...panel} />
      <LimitForm key={`limit:${account.version}`} {...panel} />
      <HoldForm key={`hold:${account.version}`} {...panel} />
      <Members {...panel} />
      <Sites account={account} />
      <LimitHistory account={account} />
    </div>
  )
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function AccountSummary({ account }: { account: CustomerAccountDetail }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {`${account.accountNumber} ${account.legalName}`}
      </h2>
      {account.onHold ? (
        <p className="record-panel__conflict">{`On hold: ${account.holdReason ?? ''}`}</p>
      ) : null}
      <dl className="credit-record__facts">
        <Fact term="Trading name">{account.tradingName}</Fact>
        <Fact term="ABN">{account.abn}</Fact>
        <Fact term="ACN">{account.acn ?? 'None'}</Fact>
        <Fact term="Credit limit">{money(account.creditLimitCents)}</Fact>
        <Fact term="Payment terms">{`${account.paymentTermsDays} days`}</Fact>
        <Fact term="Billing email">{account.billingEmail}</Fact>
        <Fact term="Invoices sent by">{invoiceDeliveryLabel(account.invoiceDelivery)}</Fact>
        <Fact term="Purchase order required">{account.poRequired ? 'Yes' : 'No'}</Fact>
        <Fact term="Billed">{billingCycleLabel(account.billingCycle)}</Fact>
        <Fact term="Credit application">
          <Link to={paths.admin.creditApplication(account.creditApplicationReference)}>
            {account.creditApplicationReference}
          </Link>
        </Fact>
        <Fact term="Opened">
          <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
        </Fact>
      </dl>
    </section>
  )
}

/** A panel with its heading and the conflict notice a refused save shows. */
function Panel({
  title,
  conflict,
  onReload,
  children,
}: {
  title: string
  conflict: boolean
  onReload: () => Promise<void>
  children: React.ReactNode
}) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {title}
      </h2>
      {conflict ? (
        <ConflictNotice
          message={CUSTOMER_ACCOUNT_MESSAGES.conflict}
          reloadLabel="Reload the Account"
          onReload={onReload}
        />
      ) : null}
      {children}
    </section>
  )
}

function DetailsForm({ account, api, onSaved, onReload }: PanelProps) {
  const notify = useNotify()
  const failed = useSaveErrors(SCREEN.detailsSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(detailsFormSchema, { defaultValues: detailsFormDefaults(account) })
  const submit = async (values: DetailsFormOutput) => {
    try {
      onSaved(await api.saveDetails(account.id, detailsInputOf(values, account)))
      notify.success(SCREEN.detailsSaved)
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }
  return (
    <Panel title="Edit the Details" conflict={conflict} onReload={onReload}>
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField name="legalName" label="Legal name" maxLength={CUSTOMER_ACCOUNT_LIMITS.nameMax} required />
        <TextField
          name="tradingName"
          label="Trading name"
          maxLength={CUSTOMER_ACCOUNT_LIMITS.nameMax}
          required
        />
        <TextField name="abn" label="ABN" inputMode="numeric" autoComplete="off" required />
        <TextField name="acn" label="ACN" inputMode="numeric" autoComplete="off" hint="Left empty: none." />
        <TextField name="billingEmail" type="email" label="Billing email" autoComplete="off" required />
        <Select
          name="invoiceDelivery"
          label="Invoices sent by"
          placeholder={false}
          options={INVOICE_DELIVERY.map((choice) => ({ value: String(choice.value), label: choice.label }))}
          required
        />
        <TextField name="paymentTermsDays" label="Payment terms (days)" inputMode="numeric" required />
        <Checkbox name="poRequired" label="Purchase order required on every booking" />
        <Select
          name="billingCycle"
          label="Billed"
          placeholder={false}
          options={[
            { value: 'every_28_days', label: 'Every 28 days' },
            { value: 'monthly', label: 'Monthly' },
          ]}
          required
        />
        <TextField
          name="billingAnchorDay"
          type="date"
          label="First day of a 28-day period"
          hint="Every 28 days only. Left empty: the day the account opened."
        />
        <TextField
          name="billingDayOfMonth"
          label="Billing day of the month"
          inputMode="numeric"
          hint="Monthly only: 1 to 28."
        />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save Details
          </SubmitButton>
        </FormActions>
      </Form>
    </Panel>
  )
}

function LimitForm({ account, api, onSaved, onReload }: PanelProps) {
  const notify = useNotify()
  const failed = useSaveErrors(SCREEN.limitSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(limitFormSchema, {
    defaultValues: { creditLimit: limitFormDefault(account), reason: '' },
  })
  const submit = async (values: LimitFormOutput) => {
    try {
      const input = { version: account.version, creditLimitCents: values.creditLimit, reason: values.reason }
      onSaved(await api.changeLimit(account.id, input))
      notify.success(SCREEN.limitSaved)
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }
  return (
    <Panel title="Change the Credit Limit" conflict={conflict} onReload={onReload}>
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField
          name="creditLimit"
          label="New credit limit (dollars)"
          inputMode="decimal"
          autoComplete="off"
          hint={`Now ${money(account.creditLimitCents)}.`}
          required
        />
        <TextArea
          name="reason"
          label="Reason for the change"
          rows={2}
          maxLength={CUSTOMER_ACCOUNT_LIMITS.reasonMax}
          hint="Kept in the account's history with the old and new limit."
          required
        />
        <FormActions>
          <SubmitButton busyLabel="Changing…" variant="primary">
            Change Credit Limit
          </SubmitButton>
        </FormActions>
      </Form>
    </Panel>
  )
}

function HoldForm({ account, api, onSaved, onReload }: PanelProps) {
  const notify = useNotify()
  const failed = useSaveErrors(SCREEN.holdSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(holdFormSchema, { defaultValues: { reason: '' } })
  const [releasing, setReleasing] = useState(false)
  const hold = async (values: HoldFormOutput) => {
    try {
      onSaved(await api.hold(account.id, { version: account.version, reason: values.reason }))
      notify.success(SCREEN.holdSaved)
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }
  const release = async () => {
    setReleasing(true)
    try {
      onSaved(await api.release(account.id, { version: account.version }))
      notify.success(SCREEN.releaseSaved)
    } catch (error) {
      failed(form, error, () => setConflict(true))
    } finally {
      setReleasing(false)
    }
  }
  if (account.onHold) {
    return (
      <Panel title="Hold" conflict={conflict} onReload={onReload}>
        <p>{`On hold: ${account.holdReason ?? ''}. A held account cannot book.`}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={releasing}
          aria-busy={releasing || undefined}
          onClick={() => void release()}
        >
          Release the Hold
        </button>
      </Panel>
    )
  }
  return (
    <Panel title="Hold" conflict={conflict} onReload={onReload}>
      <Form form={form} onSubmit={hold} className="publishing__form">
        <TextArea
          name="reason"
          label="Reason for the hold"
          rows={2}
          maxLength={CUSTOMER_ACCOUNT_LIMITS.reasonMax}
          hint="A held account cannot book until it is released."
          required
        />
        <FormActions>
          <SubmitButton busyLabel="Putting on hold…" variant="primary">
            Put on Hold
          </SubmitButton>
        </FormActions>
      </Form>
    </Panel>
  )
}

const MEMBER_COLUMNS = [
  { label: 'Name' },
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Approval limit' },
] as const

function Members({ account, api, onSaved }: PanelProps) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Members
      </h2>
      {account.members.length === 0 ? (
        <p className="inbox__empty">No members yet.</p>
      ) : (
        <AdminTable
          label="Account members"
          caption="Members of the account"
          className="customer-account-members"
          columns={MEMBER_COLUMNS}
        >
          {account.members.map((member) => (
            <tr key={member.id}>
              <td data-label="Name">{member.name}</td>
              <td data-label="Email">{member.email}</td>
              <td data-label="Role">{CUSTOMER_ACCOUNT_ROLE_LABELS[member.role]}</td>
              <td data-label="Approval limit">
                {member.approvalLimitCents === null ? 'No limit' : money(member.approvalLimitCents)}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {account.invitations.map((invitation) => (
        <p key={`${invitation.email}:${invitation.createdAt}`} className="inbox__empty">
          {`Invited${invitation.owner ? ' as owner' : ''}: ${invitation.email} (${CUSTOMER_ACCOUNT_ROLE_LABELS[invitation.role]}), until ${formatDateTime(invitation.expiresAt)}.`}
        </p>
      ))}
      {account.members.some((member) => member.role === 'account_admin') ? null : (
        <ResendOwnerInvitation account={account} api={api} onSaved={onSaved} />
      )}
    </section>
  )
}

/**
 * Without an Account admin nobody can get into the account (an owner invitation expired, or none was mailed), so
 * staff can send the owner invitation again; the server says where it went, or why not (409, 429).
 */
function ResendOwnerInvitation({ account, api, onSaved }: Omit<PanelProps, 'onReload'>) {
  const notify = useNotify()
  const [sending, setSending] = useState(false)
  const send = async () => {
    setSending(true)
    try {
      const saved = await api.resendOwnerInvitation(account.id)
      const sent = saved.invitations.filter((invitation) => invitation.owner).at(-1)
      notify.success(SCREEN.ownerInvitationSent(sent?.email ?? account.billingEmail))
      onSaved(saved)
    } catch (error) {
      notify.error(
        isApiError(error) && (error.status === 409 || error.status === 429) && error.message !== ''
          ? error.message
          : failureMessage(error, SCREEN.ownerInvitationFailed),
      )
    } finally {
      setSending(false)
    }
  }
  return (
    <p>
      <button
        type="button"
        className="button button--outline"
        disabled={sending}
        aria-busy={sending || undefined}
        onClick={() => void send()}
      >
        Send the Owner Invitation Again
      </button>
    </p>
  )
}

const SITE_COLUMNS = [
  { label: 'Site' },
  { label: 'Address' },
  { label: 'Default PO' },
  { label: 'Contact' },
] as const

function Sites({ account }: { account: CustomerAccountDetail }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Sites
      </h2>
      {account.sites.length === 0 ? (
        <p className="inbox__empty">No sites yet.</p>
      ) : (
        <AdminTable
          label="Account sites"
          caption="Job sites of the account"
          className="customer-account-sites"
          columns={SITE_COLUMNS}
        >
          {account.sites.map((site) => (
            <tr key={site.id}>
              <td data-label="Site">{site.name}</td>
              <td data-label="Address">{site.fullAddress}</td>
              <td data-label="Default PO">{site.defaultPo ?? ''}</td>
              <td data-label="Contact">{[site.contactName, site.contactPhone].filter(Boolean).join(', ')}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}

const HISTORY_COLUMNS = [
  { label: 'When' },
  { label: 'By' },
  { label: 'From' },
  { label: 'To' },
  { label: 'Reason' },
] as const

function LimitHistory({ account }: { account: CustomerAccountDetail }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Credit Limit History
      </h2>
      {account.limitChanges.length === 0 ? (
        <p className="inbox__empty">The limit is the one the credit application was approved with.</p>
      ) : (
        <AdminTable
          label="Credit limit changes"
          caption="Changes of the credit limit, oldest first"
          className="customer-account-limits"
          columns={HISTORY_COLUMNS}
        >
          {account.limitChanges.map((change) => (
            <tr key={change.at}>
              <td data-label="When">
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              </td>
              <td data-label="By">{change.by}</td>
              <td data-label="From">{money(change.fromCents)}</td>
              <td data-label="To">{money(change.toCents)}</td>
              <td data-label="Reason">{change.reason}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}
