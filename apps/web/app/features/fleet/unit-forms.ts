import {
  FLEET_MESSAGES,
  isoDaySchema,
  type UnitDetail,
  type UnitInput,
  type UnitServiceInput,
  unitInputSchema,
  unitServiceInputSchema,
} from '@signalway/shared/fleet'
import { z } from 'zod'

const unit = unitInputSchema.shape

/** A day that may be left empty (no next service due): '' is null. */
const optionalDay = z
  .string()
  .trim()
  .refine((day) => day === '' || isoDaySchema.safeParse(day).success, { error: FLEET_MESSAGES.dateInvalid })
  .transform((day) => (day === '' ? null : day))

/** A record id chosen in a select ('' is none: the message names what to choose). */
const chosenId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/u, { error: message })
    .transform(Number)

/**
 * The unit's editable details, as the form holds them (a select's value is text). Its fleet number and type stay
 * as they are; the save sends them with the version the person saw.
 */
export const unitFormSchema = z.object({
  status: z.string().pipe(unit.status),
  depotId: chosenId(FLEET_MESSAGES.depotUnknown).pipe(unit.depotId),
  registrationOrSerial: unit.registrationOrSerial,
  nextServiceDue: optionalDay,
})
export type UnitFormValues = z.input<typeof unitFormSchema>
export type UnitFormOutput = z.output<typeof unitFormSchema>

export function unitFormDefaults(detail: UnitDetail): UnitFormValues {
  return {
    status: detail.status,
    depotId: String(detail.depotId),
    registrationOrSerial: detail.registrationOrSerial,
    nextServiceDue: detail.nextServiceDue ?? '',
  }
}

export function unitInputOf(values: UnitFormOutput, detail: UnitDetail): UnitInput {
  return {
    fleetNumber: detail.fleetNumber,
    typeId: detail.typeId,
    ...values,
    version: detail.version,
  }
}

/**
 * A new unit: its fleet number (upper-cased, as the server keeps it) and type beside the details the unit's page
 * edits. The field names are the API's, so a 400's field messages land under the fields they name.
 */
export const newUnitFormSchema = unitFormSchema.extend({
  fleetNumber: unit.fleetNumber,
  typeId: chosenId(FLEET_MESSAGES.typeUnknown).pipe(unit.typeId),
})
export type NewUnitFormValues = z.input<typeof newUnitFormSchema>
export type NewUnitFormOutput = z.output<typeof newUnitFormSchema>

/** An empty form, Available by default (a new unit is usually ready to hire). */
export const NEW_UNIT_DEFAULTS: NewUnitFormValues = {
  fleetNumber: '',
  typeId: '',
  depotId: '',
  registrationOrSerial: '',
  status: 'available',
  nextServiceDue: '',
}

export function newUnitInputOf(values: NewUnitFormOutput): UnitInput {
  return { ...values }
}

/** A service entry: its day, the work done, and the next service due it sets (left empty: unchanged). */
export const serviceFormSchema = z.object({
  date: isoDaySchema,
  workDone: unitServiceInputSchema.shape.workDone,
  nextServiceDue: optionalDay,
})
export type ServiceFormValues = z.input<typeof serviceFormSchema>
export type ServiceFormOutput = z.output<typeof serviceFormSchema>

/** The entry as the API takes it: a next service due is a change of the unit, so it carries the version seen. */
export function serviceInputOf(values: ServiceFormOutput, detail: UnitDetail): UnitServiceInput {
  return values.nextServiceDue === null
    ? { date: values.date, workDone: values.workDone }
    : { ...values, version: detail.version }
}
