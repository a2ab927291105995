import { FLEET_LIMITS, UNIT_STATUS_LABELS, UNIT_STATUSES } from '@signalway/shared/fleet'
import { Select, TextField } from '../../../components/form/index.ts'

export interface DepotOption {
  value: string
  label: string
}

/**
 * The unit's details that a new unit and the unit's page both take: status, home depot, registration or serial
 * and next service due. They sit inside a <Form> whose schema has these fields (unit-forms.ts).
 */
export function UnitDetailsFields({
  depotOptions,
  depotPlaceholder = false,
}: {
  depotOptions: readonly DepotOption[]
  /** The depot select's empty first option (a new unit), or none (a unit always has one). */
  depotPlaceholder?: string | false
}) {
  return (
    <>
      <Select
        name="status"
        label="Status"
        placeholder={false}
        options={UNIT_STATUSES.map((value) => ({ value, label: UNIT_STATUS_LABELS[value] }))}
        hint='"On hire" and "Reserved" come from bookings.'
        required
      />
      <Select
        name="depotId"
        label="Home depot"
        placeholder={depotPlaceholder}
        options={depotOptions}
        required
      />
      <TextField
        name="registrationOrSerial"
        label="Registration or serial number"
        maxLength={FLEET_LIMITS.serialMax}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <TextField
        name="nextServiceDue"
        type="date"
        label="Next service due"
        hint="Left empty, no service is due."
      />
    </>
  )
}
