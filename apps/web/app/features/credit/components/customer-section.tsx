import {
  type CreditApplicationInput,
  type CreditFile,
  CUSTOMER_TYPES,
  LIMITS,
  requiresAcn,
  showsTrustDeed,
} from '@signalway/shared'
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form'
import { AddressBlock } from '../../../components/address/index.ts'
import { FileUpload } from '../../../components/file-upload/index.ts'
import { Checkbox, MASKS, MaskedInput, RadioGroup, TextField } from '../../../components/form/index.ts'
import { firstErrorMessage } from '../sections.ts'

const TRUST_DEED = 'section1.trustDeed'

/** The trust deed: Pdf mode, one file, at most 10,485,760 bytes (requirements §9). */
function TrustDeedUpload() {
  const { control, trigger } = useFormContext<CreditApplicationInput>()
  const { field } = useController({ control, name: TRUST_DEED })
  const { errors } = useFormState({ control, name: TRUST_DEED })
  const error = firstErrorMessage(errors.section1?.trustDeed)
  return (
    <FileUpload
      label="Trust Deed"
      hint="Upload a copy of the trust deed: PDF only, 1 file of at most 10 MB."
      required
      mode="Pdf"
      maxFiles={LIMITS.trustDeedMaxFiles}
      maxSize={LIMITS.trustDeedMaxBytes}
      value={(field.value ?? []) as CreditFile[]}
      onChange={(files) => {
        field.onChange(files)
        void trigger(TRUST_DEED)
      }}
      error={error}
      name={TRUST_DEED}
      inputRef={field.ref}
    />
  )
}

/** Section 1, Customer Information (requirements §3, §5). */
export function CustomerSection() {
  const { control } = useFormContext<CreditApplicationInput>()
  const [customerType, sameAddresses] = useWatch({
    control,
    name: ['section1.customerType', 'section1.sameAddresses'],
  })
  return (
    <div className="credit-fields">
      <TextField
        name="section1.personCompletingTheApplication"
        label="Name of person completing this application"
        autoComplete="name"
        required
      />
      <TextField name="section1.position" label="Position" autoComplete="organization-title" required />
      <RadioGroup
        name="section1.customerType"
        label="Customer type"
        options={CUSTOMER_TYPES}
        inline
        required
        className="credit-customer-type"
      />
      <TextField
        name="section1.fullNameOfCustomer"
        label="Customer's full name"
        hint="The legal name of the company, partnership, sole trader or trust."
        autoComplete="organization"
        required
      />
      <TextField
        name="section1.businessName"
        label="Trading or business name"
        autoComplete="organization"
        required
      />
      <div className="form-row">
        <MaskedInput
          name="section1.abn"
          label="ABN"
          hint="Australian business number, 11 digits."
          mask={MASKS.abn}
          placeholder="99 999 999 999"
          autoComplete="off"
          required
        />
        {requiresAcn(customerType) ? (
          <MaskedInput
            name="section1.acn"
            label="ACN"
            hint="Australian company number, 9 digits."
            mask={MASKS.acn}
            placeholder="999 999 999"
            autoComplete="off"
            required
          />
        ) : null}
      </div>
      <div className="form-row">
        <TextField name="section1.phone" type="tel" label="Phone" autoComplete="tel" required />
        <TextField name="section1.fax" type="tel" label="Fax" autoComplete="off" />
      </div>
      <TextField name="section1.email" type="email" label="Email" autoComplete="email" required />
      <TextField
        name="section1.customerTradingLength"
        label="How long has the customer been trading?"
        hint="For example: 5 years."
        autoComplete="off"
        required
      />
      <AddressBlock name="section1.businessAddress" legend="Business Address" />
      <Checkbox name="section1.sameAddresses" label="Postal address same as business address" />
      {sameAddresses === false ? (
        <AddressBlock name="section1.postalAddress" legend="Postal Address" />
      ) : null}
      {showsTrustDeed(customerType) ? <TrustDeedUpload /> : null}
    </div>
  )
}
