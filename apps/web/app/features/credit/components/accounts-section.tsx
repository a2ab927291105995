import { INVOICE_DELIVERY } from '@signalway/shared'
import { RadioGroup, TextField } from '../../../components/form/index.ts'

/** Section 3, Accounts Payable Contact: name, phone, email and how invoices are sent. */
export function AccountsSection() {
  return (
    <div className="credit-fields">
      <TextField name="section3.name" label="Name" autoComplete="off" required />
      <div className="form-row">
        <TextField name="section3.phone" type="tel" label="Phone" autoComplete="off" required />
        <TextField name="section3.email" type="email" label="Email" autoComplete="off" required />
      </div>
      <RadioGroup
        name="section3.sendBy"
        label="Send invoices by"
        options={INVOICE_DELIVERY}
        inline
        required
      />
    </div>
  )
}
