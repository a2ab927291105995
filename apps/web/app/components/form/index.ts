/**
 * The form kit: one shared zod schema drives react-hook-form (validation on blur) and the API.
 *
 *   const form = useZodForm(contactSchema, { defaultValues: { name: '', email: '', phone: '', message: '' } })
 *   <Form form={form} onSubmit={async (values) => {
 *     try { await sendContact(values); notify.success(MESSAGES.contactSent); form.reset() }
 *     catch (error) { applyServerErrors(form, error); notify.error(MESSAGES.contactFailed) }
 *   }}>
 *     <TextField name="name" label="Name" autoComplete="name" required />
 *     <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
 *     <MaskedInput name="mobile" mask={MASKS.mobile} type="tel" label="Mobile" autoComplete="tel" required />
 *     <TextArea name="message" label="Message" wordLimit={500} required />
 *     <MultiSelect name="services" label="Services" options={QUOTE_SERVICES} required />
 *     <Select name="state" label="State" options={STATES.map((s) => ({ value: s.code, label: s.name }))} />
 *     <RadioGroup name="sendBy" label="Send invoices by" options={[{ value: 0, label: 'Email' }]} />
 *     <Checkbox name="acceptedTheTerms" label={<>I accept the <Link to={...}>terms</Link></>} required />
 *     <FormActions><SubmitButton>Send</SubmitButton></FormActions>
 *   </Form>
 *
 * - Give every field a default value ('' for text, [] for MultiSelect, false for Checkbox).
 * - `name` is a dotted path ('section1.abn', 'section2.persons.0.name'); fields must sit inside <Form>.
 * - A submit with errors shows MESSAGES.formHasErrors and focuses the first invalid field in page
 *   order (`onInvalid` runs first, e.g. to open collapsed sections). Field values are kept.
 * - onSubmit gets the schema's output; while its promise is pending SubmitButton is busy/disabled.
 * - applyServerErrors(form, apiError) marks the fields of a 400's ModelState and focuses the first.
 * - Every control has its label, aria-describedby (hint, count, error) and aria-invalid wired;
 *   `required` shows '*' and sets aria-required. Styles: app/styles/forms.css.
 */
export { Checkbox, type CheckboxProps } from './checkbox.tsx'
export {
  type ControlOptions,
  fieldAria,
  useChoiceControl,
  useInitialText,
  useRegisteredControl,
} from './control.ts'
export {
  cx,
  describedBy,
  errorMessage,
  type FieldBaseProps,
  FieldErrorText,
  FieldHint,
  type FieldIds,
  FieldLegend,
  FieldShell,
  RequiredFieldsNote,
  RequiredGroupMark,
  RequiredMark,
  splitFieldProps,
  useFieldError,
  useFieldIds,
} from './field.tsx'
export { focusField, focusFirstError } from './focus.ts'
export { Form, FormActions, type FormProps, SubmitButton, type SubmitButtonProps } from './form.tsx'
export { IMAGE_FIELD_HINT, IMAGE_UPLOAD_FAILED, ImageField } from './image-field.tsx'
export { applyMask, formatMasked, MASKS, maskDigits, maskEdit } from './mask.ts'
export { MaskedInput, type MaskedInputProps } from './masked-input.tsx'
export { MultiSelect, type MultiSelectProps, selectionSummary } from './multi-select.tsx'
export { normaliseOptions, type Option, type OptionInput } from './options.ts'
export { PersonFields } from './person-fields.tsx'
export { whenPointerReleased } from './pointer-release.ts'
export { PrivacyNotice } from './privacy-notice.tsx'
export { RadioGroup, type RadioGroupProps } from './radio-group.tsx'
export { Select, type SelectProps } from './select.tsx'
export { applyServerErrors, modelStateKeyToPath, type ServerErrorsResult } from './server-errors.ts'
export { TextArea, type TextAreaProps, wordCountText } from './text-area.tsx'
export { TextField, type TextFieldProps } from './text-field.tsx'
export {
  type FormSchema,
  type SchemaSource,
  useZodForm,
  type ZodForm,
  type ZodFormOptions,
} from './use-zod-form.ts'
