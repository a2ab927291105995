import {
  FILTER_USER_TYPES,
  memberTypeLabel,
  type UserFilterForm,
  userFilterFormSchema,
} from '@signalway/shared'
import { useEffect } from 'react'
import { Form, MaskedInput, MultiSelect, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { FilterActions, FilterPanel, filterFormClass } from '../../../components/ui/filter-panel.tsx'
import { type AppliedUserFilter, filterFormValues } from '../list-query.ts'

/** dd/mm/yyyy: digits only, the slashes come by themselves. */
export const DATE_MASK = '00/00/0000'

export const USER_TYPE_OPTIONS = FILTER_USER_TYPES.map((type) => ({
  value: String(type),
  label: memberTypeLabel(type),
}))

/**
 * The filter panel of Manage Users (requirements §2, §5): User Types (Regular and Admin only, ADR 035), Start Date
 * and End Date as dd/mm/yyyy, with 'At least 1 user type is required.', 'Start date is required.',
 * 'End date is required.' and 'Must be a date.'.
 */
export function UserFilterPanel({
  value,
  onApply,
}: {
  value: AppliedUserFilter
  onApply: (filter: UserFilterForm) => void
}) {
  const defaults = filterFormValues(value)
  const form = useZodForm(userFilterFormSchema, { defaultValues: defaults })
  const key = JSON.stringify(defaults)

  // Back/Forward to another applied filter shows it in the form.
  useEffect(() => {
    form.reset(JSON.parse(key))
  }, [key, form])

  return (
    <FilterPanel label="Filter">
      <Form
        form={form}
        onSubmit={onApply}
        aria-label="Filter users"
        className={`${filterFormClass} user-filter`}
      >
        <MultiSelect
          name="userTypes"
          label="User Types"
          options={USER_TYPE_OPTIONS}
          className="user-filter__types"
          required
        />
        <div className="user-filter__dates">
          <MaskedInput
            name="startDate"
            label="Start Date"
            mask={DATE_MASK}
            hint="dd/mm/yyyy"
            autoComplete="off"
            required
          />
          <MaskedInput
            name="endDate"
            label="End Date"
            mask={DATE_MASK}
            hint="dd/mm/yyyy"
            autoComplete="off"
            required
          />
        </div>
        <FilterActions
          apply={
            <SubmitButton variant="primary" busyLabel="Filtering the users…">
              Filter
            </SubmitButton>
          }
        />
      </Form>
    </FilterPanel>
  )
}
