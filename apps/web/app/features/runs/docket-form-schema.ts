import {
  type DocketInput,
  docketInputSchema,
  FIELD_MESSAGES,
  type StopUnit,
} from '@signalway/shared/field-operations'
import { z } from 'zod'
import type { Refusal } from './outbox.ts'

/*
 * The docket form's values and rules (ADR 050): the units ticked from the stop's list or typed as a fleet number
 * (one of the stop's units, not on a docket already), and the contract's own rules for the rest (the same schema
 * the API checks the docket with).
 */

const input = docketInputSchema.shape

/** Fleet numbers as the contract compares them: trimmed, upper case. */
export const normalFleetNumber = (value: string) => value.trim().toUpperCase()

export function docketFormSchema(units: readonly StopUnit[]) {
  const known = new Map(units.map((unit) => [normalFleetNumber(unit.fleetNumber), unit]))
  return z
    .object({
      units: z.array(z.string()),
      typedFleetNumber: z
        .string()
        .transform(normalFleetNumber)
        .refine((value) => value === '' || known.has(value), { error: FIELD_MESSAGES.unitUnknown })
        .refine((value) => value === '' || !known.get(value)?.done, { error: FIELD_MESSAGES.unitDone }),
      receivedBy: input.receivedBy,
      receivedByEmail: z.string().trim().pipe(input.receivedByEmail.unwrap()),
      signature: input.signature,
      photos: input.photos,
      notes: input.notes,
    })
    .refine((values) => (values.units?.length ?? 0) > 0 || Boolean(values.typedFleetNumber), {
      path: ['units'],
      error: FIELD_MESSAGES.unitsRequired,
      // Said with the other fields' errors, not only once they are right.
      when: () => true,
    })
}

export type DocketFormValues = z.input<ReturnType<typeof docketFormSchema>>
export type DocketFormOutput = z.output<ReturnType<typeof docketFormSchema>>

export const EMPTY_DOCKET: DocketFormValues = {
  units: [],
  typedFleetNumber: '',
  receivedBy: '',
  receivedByEmail: '',
  signature: '',
  photos: [],
  notes: '',
}

/** What the phone queues (less its id): the form's values, the stop and the moment it was signed. */
export function docketOf(stopId: number, values: DocketFormOutput, at: Date): Omit<DocketInput, 'clientId'> {
  const fleetNumbers = [
    ...new Set([...values.units.map(normalFleetNumber), values.typedFleetNumber].filter(Boolean)),
  ]
  return {
    stopId,
    fleetNumbers,
    receivedBy: values.receivedBy,
    receivedByEmail: values.receivedByEmail,
    signature: values.signature,
    photos: values.photos,
    notes: values.notes,
    at: at.toISOString(),
  }
}

/** A refused docket back in the form: its units ticked (one the stop does not list in the typed field). */
export function valuesOf(docket: DocketInput, offered: readonly StopUnit[]): DocketFormValues {
  const listed = new Set(offered.map((unit) => normalFleetNumber(unit.fleetNumber)))
  const numbers = docket.fleetNumbers.map(normalFleetNumber)
  return {
    units: numbers.filter((number) => listed.has(number)),
    typedFleetNumber: numbers.find((number) => !listed.has(number)) ?? '',
    receivedBy: docket.receivedBy,
    receivedByEmail: docket.receivedByEmail ?? '',
    signature: docket.signature,
    photos: docket.photos ?? [],
    notes: docket.notes ?? '',
  }
}

type FormField = keyof DocketFormValues

const FIELD_OF: Record<string, FormField> = {
  fleetNumbers: 'units',
  receivedBy: 'receivedBy',
  receivedByEmail: 'receivedByEmail',
  signature: 'signature',
  photos: 'photos',
  notes: 'notes',
}

/** The server's field messages of a refused docket, by the form's fields; the rest is said over the form. */
export function refusalErrors(refusal: Refusal): {
  fields: Partial<Record<FormField, string>>
  other: string[]
} {
  const fields: Partial<Record<FormField, string>> = {}
  const other: string[] = []
  for (const [key, messages] of Object.entries(refusal.fields)) {
    const field = FIELD_OF[key.split(/[.[]/)[0] ?? '']
    const message = messages[0]
    if (!message) continue
    if (field) fields[field] ??= message
    else other.push(message)
  }
  return { fields, other }
}
