import { MESSAGES } from '@signalway/shared'
import { BUSINESS_TIME_ZONE } from '@signalway/shared/business-time'
import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import type { EquipmentType } from '@signalway/shared/fleet'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  applyServerErrors,
  Form,
  FormActions,
  Select,
  SubmitButton,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { ApiError, failureMessage, isApiError, serverMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { BOOKING_API, type BookingApi } from '../api/bookings.ts'
import {
  type BookingFormOutput,
  type BookingFormValues,
  bookingFormDefaults,
  bookingFormSchema,
  bookingRequestOf,
  formFieldOf,
  priceRequestOf,
} from '../booking-form.ts'
import { BOOKING_FORM_MESSAGES, bookingSentWords } from '../messages.ts'
import { useBookingPrice } from '../use-booking-price.ts'
import { SiteFields, WhenFields } from './booking-fields.tsx'
import { LinePicker } from './line-picker.tsx'
import { PricePanel } from './price-panel.tsx'
import { TermsAcceptance } from './terms-acceptance.tsx'

/** A 400's field messages under the form's names ('startsAt' is the start date's field). */
function withFormFields(error: ApiError): ApiError {
  const modelState = Object.fromEntries(
    Object.entries(error.modelState ?? {}).map(([key, messages]) => [formFieldOf(key), messages]),
  )
  return new ApiError({ status: error.status, message: error.message, modelState, body: error.body })
}

/** What a refused booking says beside the form (the fields a 400 names are marked at their place). */
function refusalOf(error: unknown): string {
  if (isApiError(error) && error.status === 409) return serverMessage(error) ?? BOOKING_FORM_MESSAGES.conflict
  if (isApiError(error) && error.status === 403) return BOOKING_FORM_MESSAGES.forbidden
  if (isApiError(error) && error.status === 400) return serverMessage(error) ?? MESSAGES.formHasErrors
  return failureMessage(error, BOOKING_FORM_MESSAGES.sendFailed)
}

/**
 * The booking form (ADR 048) for a member who may book: the account (a choice when there are several), the
 * equipment, the dates, the site and its contact, the live price and availability, and the terms. Sent, the
 * booking's page opens with what happens next; refused, everything typed stays, the fields the server named are
 * marked, and a conflict (a unit taken meanwhile, the terms changed) is said plainly and the price asked again.
 */
export function BookingForm({
  types,
  accounts,
  initialAccount,
  initialType,
  api = BOOKING_API,
}: {
  types: readonly EquipmentType[]
  /** The accounts the person may book on (at least one). */
  accounts: readonly MyCustomerAccount[]
  initialAccount: MyCustomerAccount
  initialType: EquipmentType | undefined
  api?: BookingApi
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const form = useZodForm(bookingFormSchema, {
    defaultValues: bookingFormDefaults(initialAccount, initialType),
  })
  const values = form.watch() as BookingFormValues
  const accountId = Number(values.accountId)
  const account = accounts.find((candidate) => candidate.id === accountId) ?? initialAccount
  const [timeZone, setTimeZone] = useState(BUSINESS_TIME_ZONE)
  const [refresh, setRefresh] = useState(0)
  const [refusal, setRefusal] = useState<string | null>(null)

  const loadSites = useCallback(() => api.sites(account.id), [api, account.id])
  const { loaded: sites, reload: reloadSites } = useLoaded(loadSites, BOOKING_FORM_MESSAGES.sitesLoadFailed)

  const request = priceRequestOf(values, timeZone)
  const requestKey = JSON.stringify(request)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request's text is its identity
  const stableRequest = useMemo(() => request, [requestKey])
  const price = useBookingPrice(api.price, account.id, stableRequest, refresh)
  const depotZone = price.state === 'ready' ? price.price.depot.timeZone : null
  useEffect(() => {
    if (depotZone && depotZone !== timeZone) setTimeZone(depotZone)
  }, [depotZone, timeZone])

  const submit = async (output: BookingFormOutput) => {
    setRefusal(null)
    const terms = { version: HIRE_TERMS_VERSION, sha256: HIRE_TERMS_SHA256 }
    try {
      const booking = await api.create(account.id, bookingRequestOf(output, timeZone, terms))
      notify.success(bookingSentWords(booking))
      void navigate(paths.myCustomerAccount.booking(account.id, booking.id))
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const { unmatched } = applyServerErrors(form, withFormFields(error))
        const other = Object.values(unmatched)[0]?.[0]
        notify.error(refusalOf(error))
        if (other) setRefusal(other)
        return
      }
      if (isApiError(error) && error.status === 409) setRefresh((count) => count + 1)
      setRefusal(refusalOf(error))
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="booking-form" aria-label="Book equipment">
      {accounts.length > 1 ? (
        <Select
          name="accountId"
          label="Account"
          placeholder={false}
          options={accounts.map((candidate) => ({
            value: String(candidate.id),
            label: `${candidate.accountNumber} ${candidate.tradingName || candidate.legalName}`,
          }))}
          onChange={(event) => {
            const chosen = accounts.find((candidate) => String(candidate.id) === event.target.value)
            form.setValue('poRequired', chosen?.poRequired ?? false)
            form.setValue('siteId', '')
          }}
        />
      ) : (
        <p className="booking-form__account">{`Booking for ${account.accountNumber} ${account.tradingName || account.legalName}.`}</p>
      )}
      <LinePicker types={types} />
      <WhenFields timeZone={timeZone} />
      <SiteFields sites={sites} onRetry={reloadSites} poRequired={account.poRequired} />
      <PricePanel state={price} lines={values.lines} types={types} />
      <TermsAcceptance />
      {refusal ? (
        <p className="booking-form__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <FormActions>
        <SubmitButton variant="primary" busyLabel="Sending the booking…">
          Send the Booking
        </SubmitButton>
      </FormActions>
    </Form>
  )
}
