/**
 * The credit application (requirements §3, §4, §5; POST /apply-for-credit), one module a concern:
 * customer-type.ts, files.ts, form-schema.ts (the FORM values), submit-checks.ts, wire.ts (the WIRE
 * payload) and defaults.ts (the form's starting values).
 *
 * One nested schema with a key per section (section1..section4); each section is also exported
 * alone so that the form's Next button can validate only its section. Rules that need another
 * section (a sole trader has one person) live on the whole schema.
 *
 * Two shapes:
 * - the FORM values (creditApplicationSchema): sameAddresses, trustDeed as a list of files,
 *   signatures and guarantors as lists;
 * - the WIRE payload (creditPayloadSchema): sameAddresses removed (the postal address is then a
 *   copy of the business address), enumerations as numbers, state as its code, trustDeed as a
 *   JSON string of the first file or '', signatures and guarantors as JSON strings. Parsing it
 *   gives structured data back (CreditApplicationData), with issue paths such as
 *   ['section1', 'abn'] or ['section4', 'signatures', 0, 'specimen'].
 *
 * The requirements abbreviate some messages as "'...is required.' / 'too short.' / 'too long.'": they are
 * expanded to full sentences in the same pattern ('Name of person completing this application is
 * too short.', "Customer's full name is too long." ...).
 */
export {
  CREDIT_SECTIONS,
  type CreditSectionKey,
  canAddPersons,
  personsHeading,
  requiresAcn,
  showsGuarantee,
  showsTrustDeed,
} from './credit/customer-type.ts'
export {
  type CreditApplicationFormDefaults,
  type CreditPersonFormValues,
  createPersonId,
  creditApplicationDefaults,
  emptyPerson,
  mirrorSignatures,
  personsForCustomerType,
} from './credit/defaults.ts'
export {
  type CreditFile,
  creditFileSchema,
  dataUrlByteLength,
  isPdfDataUrl,
  SIGNATURE_PREFIX,
  type Signature,
  type SignatureInput,
  signatureSchema,
} from './credit/files.ts'
export {
  type CreditApplication,
  type CreditApplicationInput,
  type CreditPerson,
  type CreditPersonInput,
  type CreditSection1,
  type CreditSection1Input,
  type CreditSection2,
  type CreditSection2Input,
  type CreditSection3,
  type CreditSection3Input,
  type CreditSection4,
  type CreditSection4Input,
  creditApplicationSchema,
  creditPersonSchema,
  creditSection1Schema,
  creditSection2Schema,
  creditSection3Schema,
  creditSection4Schema,
  creditSectionSchemas,
} from './credit/form-schema.ts'
export {
  CREDIT_SUBMIT_CHECK_PATHS,
  type CreditSubmitCheckValues,
  creditSubmitChecks,
} from './credit/submit-checks.ts'
export {
  type CreditApplicationData,
  type CreditPayload,
  type CreditPayloadInput,
  creditPayloadSchema,
  parseCreditPayload,
  toCreditPayload,
} from './credit/wire.ts'
