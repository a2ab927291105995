import { describe, expect, it } from 'vitest'
import {
  type CreditApplication,
  type CreditApplicationInput,
  canAddPersons,
  createPersonId,
  creditApplicationDefaults,
  creditApplicationSchema,
  creditPayloadSchema,
  creditSection1Schema,
  creditSection2Schema,
  creditSection3Schema,
  creditSection4Schema,
  creditSubmitChecks,
  dataUrlByteLength,
  isPdfDataUrl,
  mirrorSignatures,
  parseCreditPayload,
  personsForCustomerType,
  personsHeading,
  toCreditPayload,
} from './credit.ts'
import { expectMessage, expectNoMessage, expectValid, issueList, messagesAt } from './test-helpers.ts'

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4 a small test file').toString('base64')}`
const deed = { name: 'trust-deed.pdf', data: PDF, size: 1 }

const business = {
  fullAddress: '',
  unitNumber: '',
  streetNumber: '48',
  streetName: 'Signal Court',
  city: 'Laverton',
  state: 'VIC',
  postcode: '3028',
}
const postal = {
  ...business,
  streetNumber: 'PO Box 12',
  streetName: 'Post Office',
  city: 'Altona',
  postcode: '3018',
}

const person = (id: string, name = 'Jane Citizen') => ({
  id,
  name,
  address: {
    fullAddress: '1 Main St, Laverton VIC 3028',
    unitNumber: '',
    streetNumber: '1',
    streetName: 'Main St',
    city: 'Laverton',
    state: 'VIC',
    postcode: '3028',
  },
  phone: '0412 345 678',
  email: 'jane@acme.example',
  driversLicence: '012345678',
})
const signed = (id: string, name = 'Jane Citizen') => ({ id, name, specimen: PNG })

/** Valid form values for a customer type (Pty Ltd by default). */
function form(customerType: 0 | 1 | 2 | 3 | 4 = 0) {
  return {
    section1: {
      personCompletingTheApplication: 'Jane Citizen',
      position: 'Director',
      customerType,
      fullNameOfCustomer: 'Acme Traffic Pty Ltd',
      businessName: 'Acme Traffic',
      acn: customerType <= 1 ? '004 085 616' : '',
      abn: '51 824 753 556',
      phone: '03 5550 1234',
      fax: '',
      email: 'accounts@acme.example',
      customerTradingLength: '5 years',
      sameAddresses: true,
      businessAddress: business,
      postalAddress: { ...business, state: '' },
      trustDeed: customerType === 4 ? [deed] : [],
    },
    section2: { persons: [person('p1')] },
    section3: { name: 'Bob Payable', phone: '03 5550 9876', email: 'ap@acme.example', sendBy: 0 },
    section4: {
      agreeTerms: true,
      signatures: [signed('p1')],
      guarantors: customerType === 0 ? [signed('p1')] : [],
    },
  }
}
type FormValues = ReturnType<typeof form>
const section1 = (
  patch: Partial<FormValues['section1']> & Record<string, unknown>,
  type: 0 | 1 | 2 | 3 | 4 = 0,
) => ({
  ...form(type).section1,
  ...patch,
})

describe('credit section 1', () => {
  it('accepts valid customer information for every customer type', () => {
    for (const type of [0, 1, 2, 3, 4] as const) expectValid(creditSection1Schema, form(type).section1)
  })
  it("'Name of person completing this application is required.' / 'is too short.' / 'is too long.'", () => {
    const path = 'personCompletingTheApplication'
    expectMessage(
      creditSection1Schema,
      section1({ [path]: '' }),
      path,
      'Name of person completing this application is required.',
    )
    expectMessage(
      creditSection1Schema,
      section1({ [path]: 'J' }),
      path,
      'Name of person completing this application is too short.',
    )
    expectMessage(
      creditSection1Schema,
      section1({ [path]: 'J'.repeat(51) }),
      path,
      'Name of person completing this application is too long.',
    )
    expectValid(creditSection1Schema, section1({ [path]: 'J'.repeat(50) }))
  })
  it("'Position is required.'", () => {
    expectMessage(creditSection1Schema, section1({ position: '' }), 'position', 'Position is required.')
  })
  it("'Customer type is required.'", () => {
    expectMessage(
      creditSection1Schema,
      section1({ customerType: '' as never }),
      'customerType',
      'Customer type is required.',
    )
    expectMessage(
      creditSection1Schema,
      section1({ customerType: null as never }),
      'customerType',
      'Customer type is required.',
    )
  })
  it("'Customer's full name is required.' / 'is too short.' / 'is too long.'", () => {
    const path = 'fullNameOfCustomer'
    expectMessage(creditSection1Schema, section1({ [path]: '' }), path, "Customer's full name is required.")
    expectMessage(creditSection1Schema, section1({ [path]: 'A' }), path, "Customer's full name is too short.")
    expectMessage(
      creditSection1Schema,
      section1({ [path]: 'A'.repeat(51) }),
      path,
      "Customer's full name is too long.",
    )
  })
  it("'Trading or business Name is required.'", () => {
    expectMessage(
      creditSection1Schema,
      section1({ businessName: '' }),
      'businessName',
      'Trading or business Name is required.',
    )
  })
  it("'ACN is required.' for a Pty Ltd Company and a Public Company", () => {
    expectMessage(creditSection1Schema, section1({ acn: '' }, 0), 'acn', 'ACN is required.')
    expectMessage(creditSection1Schema, section1({ acn: '' }, 1), 'acn', 'ACN is required.')
  })
  it('no ACN needed for a Partnership, a Sole Trader or a Trust', () => {
    for (const type of [2, 3, 4] as const)
      expectNoMessage(creditSection1Schema, section1({ acn: '' }, type), 'acn')
  })
  it("'ACN is required.' even when other fields have errors", () => {
    expectMessage(creditSection1Schema, section1({ acn: '', position: '' }, 0), 'acn', 'ACN is required.')
  })
  it("'Invalid australian company number format.' for a bad ACN", () => {
    expectMessage(
      creditSection1Schema,
      section1({ acn: '004 085 617' }),
      'acn',
      'Invalid australian company number format.',
    )
    expectMessage(
      creditSection1Schema,
      section1({ acn: '004 085 617' }, 2),
      'acn',
      'Invalid australian company number format.',
    )
  })
  it("'Australian business number is required.'", () => {
    expectMessage(
      creditSection1Schema,
      section1({ abn: '' }),
      'abn',
      'Australian business number is required.',
    )
  })
  it("'Invalid australian business number format.' under 14 characters or with a bad checksum", () => {
    expectMessage(
      creditSection1Schema,
      section1({ abn: '51824753556' }),
      'abn',
      'Invalid australian business number format.',
    )
    expectMessage(
      creditSection1Schema,
      section1({ abn: '51 824 753 557' }),
      'abn',
      'Invalid australian business number format.',
    )
  })
  it("'Phone is required.'", () => {
    expectMessage(creditSection1Schema, section1({ phone: '' }), 'phone', 'Phone is required.')
  })
  it("'Email is required.' / 'Invalid email address.'", () => {
    expectMessage(creditSection1Schema, section1({ email: '' }), 'email', 'Email is required.')
    expectMessage(creditSection1Schema, section1({ email: 'accounts@' }), 'email', 'Invalid email address.')
  })
  it("'Please indicate how long has customer been trading.'", () => {
    expectMessage(
      creditSection1Schema,
      section1({ customerTradingLength: '' }),
      'customerTradingLength',
      'Please indicate how long has customer been trading.',
    )
  })
  it('business address parts are required with the profile messages; unit number optional', () => {
    const value = section1({
      businessAddress: { ...business, streetNumber: '', streetName: '', city: '', state: '', postcode: '' },
    })
    expectMessage(creditSection1Schema, value, 'businessAddress.streetNumber', 'Street number is required.')
    expectMessage(creditSection1Schema, value, 'businessAddress.streetName', 'Street name is required.')
    expectMessage(creditSection1Schema, value, 'businessAddress.city', 'City is required.')
    expectMessage(creditSection1Schema, value, 'businessAddress.state', 'State is required.')
    expectMessage(creditSection1Schema, value, 'businessAddress.postcode', 'Post code is required.')
    expectNoMessage(creditSection1Schema, value, 'businessAddress.unitNumber')
  })
  it('postal address is not checked while it is the same as the business address', () => {
    expectValid(creditSection1Schema, section1({ sameAddresses: true, postalAddress: {} as never }))
  })
  it('sameAddresses defaults to true', () => {
    const { sameAddresses: _same, ...rest } = form().section1
    expect(expectValid(creditSection1Schema, { ...rest, postalAddress: {} }).sameAddresses).toBe(true)
  })
  it('postal address parts are required when it is not the same', () => {
    const value = section1({
      sameAddresses: false,
      postalAddress: { ...business, streetNumber: '', city: '', state: '', postcode: '' },
    })
    expectMessage(creditSection1Schema, value, 'postalAddress.streetNumber', 'Street number is required.')
    expectMessage(creditSection1Schema, value, 'postalAddress.city', 'City is required.')
    expectMessage(creditSection1Schema, value, 'postalAddress.state', 'State is required.')
    expectMessage(creditSection1Schema, value, 'postalAddress.postcode', 'Post code is required.')
    expectValid(creditSection1Schema, section1({ sameAddresses: false, postalAddress: postal }))
  })
  it("'Please add at least one file.' for a Trust without a trust deed", () => {
    expectMessage(
      creditSection1Schema,
      section1({ trustDeed: [] }, 4),
      'trustDeed',
      'Please add at least one file.',
    )
  })
  it('no trust deed needed for the other types', () => {
    for (const type of [0, 1, 2, 3] as const)
      expectNoMessage(creditSection1Schema, section1({ trustDeed: [] }, type), 'trustDeed')
  })
  it("'Only one file can be added.' for two trust deeds", () => {
    expectMessage(
      creditSection1Schema,
      section1({ trustDeed: [deed, deed] }, 4),
      'trustDeed',
      'Only one file can be added.',
    )
  })
  it("'File type is not supported.' for a file that is not a PDF", () => {
    const notPdf = { ...deed, name: 'deed.docx' }
    expectMessage(
      creditSection1Schema,
      section1({ trustDeed: [notPdf] }, 4),
      'trustDeed.0.name',
      'File type is not supported.',
    )
    const pngData = { ...deed, data: PNG }
    expectMessage(
      creditSection1Schema,
      section1({ trustDeed: [pngData] }, 4),
      'trustDeed.0.data',
      'File type is not supported.',
    )
  })
  it("'File is too large.' for a file over 10 MB", () => {
    const big = { ...deed, size: 10241 }
    expectMessage(
      creditSection1Schema,
      section1({ trustDeed: [big] }, 4),
      'trustDeed.0.size',
      'File is too large.',
    )
  })
  it('reads PDF data URLs and their size', () => {
    expect(isPdfDataUrl(PDF)).toBe(true)
    expect(isPdfDataUrl(`data:application/octet-stream;base64,${PDF.split(',')[1]}`)).toBe(true)
    expect(isPdfDataUrl(PNG)).toBe(false)
    expect(dataUrlByteLength(PDF)).toBe('%PDF-1.4 a small test file'.length)
  })
})

describe('credit section 2', () => {
  const persons = (list: unknown[]) => ({ persons: list })
  it('accepts one or more persons', () => {
    expectValid(creditSection2Schema, persons([person('p1')]))
    expectValid(creditSection2Schema, persons([person('p1'), person('p2', 'John Citizen')]))
  })
  it("'Contact person is required.' for no person", () => {
    expectMessage(creditSection2Schema, persons([]), 'persons', 'Contact person is required.')
    expectMessage(creditSection2Schema, {}, 'persons', 'Contact person is required.')
  })
  it("'Name is required.' / 'Name is too short.'", () => {
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), name: '' }]),
      'persons.0.name',
      'Name is required.',
    )
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), name: 'J' }]),
      'persons.0.name',
      'Name is too short.',
    )
  })
  it("'Phone is required.' for a person", () => {
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), phone: '' }]),
      'persons.0.phone',
      'Phone is required.',
    )
  })
  it("'Email is required.' / 'Invalid email address.' for a person", () => {
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), email: '' }]),
      'persons.0.email',
      'Email is required.',
    )
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), email: 'x' }]),
      'persons.0.email',
      'Invalid email address.',
    )
  })
  it("'Address is required.' for a person without a full address", () => {
    const value = persons([{ ...person('p1'), address: { fullAddress: '' } }])
    expectMessage(creditSection2Schema, value, 'persons.0.address.fullAddress', 'Address is required.')
  })
  it("'Driver's licence is required.' / 'Driver's licence is too short.'", () => {
    const path = 'persons.0.driversLicence'
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), driversLicence: '' }]),
      path,
      "Driver's licence is required.",
    )
    expectMessage(
      creditSection2Schema,
      persons([{ ...person('p1'), driversLicence: '1' }]),
      path,
      "Driver's licence is too short.",
    )
  })
  it("'A sole trader can have only one person.' on the whole application", () => {
    const value = form(3)
    const twoPersons = { ...value, section2: persons([person('p1'), person('p2', 'John Citizen')]) }
    expectMessage(
      creditApplicationSchema,
      twoPersons,
      'section2.persons',
      'A sole trader can have only one person.',
    )
    for (const type of [0, 1, 2, 4] as const) {
      expectNoMessage(
        creditApplicationSchema,
        { ...form(type), section2: twoPersons.section2 },
        'section2.persons',
      )
    }
  })
})

describe('credit section 3', () => {
  const valid = form().section3
  it('accepts a valid accounts payable contact; sendBy output as a number', () => {
    expect(expectValid(creditSection3Schema, { ...valid, sendBy: '2' }).sendBy).toBe(2)
  })
  it("'Name is required.', 'Phone is required.', 'Email is required.' / 'Invalid email address.'", () => {
    expectMessage(creditSection3Schema, { ...valid, name: '' }, 'name', 'Name is required.')
    expectMessage(creditSection3Schema, { ...valid, phone: '' }, 'phone', 'Phone is required.')
    expectMessage(creditSection3Schema, { ...valid, email: '' }, 'email', 'Email is required.')
    expectMessage(creditSection3Schema, { ...valid, email: 'ap' }, 'email', 'Invalid email address.')
  })
  it("'Please indicate how you require your invoice to be sent by.'", () => {
    const message = 'Please indicate how you require your invoice to be sent by.'
    expectMessage(creditSection3Schema, { ...valid, sendBy: '' }, 'sendBy', message)
    expectMessage(creditSection3Schema, { ...valid, sendBy: null }, 'sendBy', message)
    expectMessage(creditSection3Schema, { ...valid, sendBy: 5 }, 'sendBy', message)
  })
})

describe('credit section 4', () => {
  it("'Please confirm your agreement.' when the terms are not agreed", () => {
    expectMessage(
      creditSection4Schema,
      { ...form().section4, agreeTerms: false },
      'agreeTerms',
      'Please confirm your agreement.',
    )
  })
  it('accepts unsigned entries (the submit check reports them)', () => {
    expectValid(creditSection4Schema, {
      agreeTerms: true,
      signatures: [{ id: 'p1', name: 'Jane', specimen: '' }],
      guarantors: [],
    })
  })
  it("'Invalid signature.' for a specimen that is not a PNG data URL", () => {
    const value = {
      agreeTerms: true,
      signatures: [{ id: 'p1', name: 'Jane', specimen: 'data:image/jpeg;base64,abc' }],
    }
    expectMessage(creditSection4Schema, value, 'signatures.0.specimen', 'Invalid signature.')
  })
})

describe('whole credit application', () => {
  it('accepts a valid application for every customer type', () => {
    for (const type of [0, 1, 2, 3, 4] as const) expectValid(creditApplicationSchema, form(type))
  })
  it('reports issues under their section', () => {
    const value = form()
    const broken = {
      ...value,
      section1: { ...value.section1, abn: '' },
      section3: { ...value.section3, sendBy: '' },
    }
    expectMessage(creditApplicationSchema, broken, 'section1.abn', 'Australian business number is required.')
    expectMessage(
      creditApplicationSchema,
      broken,
      'section3.sendBy',
      'Please indicate how you require your invoice to be sent by.',
    )
  })
  it('defaults: addresses the same, one person mirrored by the signature lists', () => {
    const defaults = creditApplicationDefaults(() => 'id-1')
    expect(defaults.section1.sameAddresses).toBe(true)
    expect(defaults.section2.persons.map((p) => p.id)).toEqual(['id-1'])
    expect(defaults.section4.signatures).toEqual([{ id: 'id-1', name: '', specimen: '' }])
    const input: CreditApplicationInput = defaults
    expect(messagesAt(creditApplicationSchema, input, 'section1.customerType')).toEqual([
      'Customer type is required.',
    ])
  })
})

describe('section 2 heading and person helpers', () => {
  it('directors for types 0, 1 and 4, partners for 2, sole trader for 3', () => {
    expect(personsHeading(0)).toBe('Director Details')
    expect(personsHeading(1)).toBe('Director Details')
    expect(personsHeading(4)).toBe('Director Details')
    expect(personsHeading(2)).toBe('Partner Details')
    expect(personsHeading(3)).toBe('Sole Trader Details')
    expect(personsHeading('3')).toBe('Sole Trader Details')
    expect(personsHeading(undefined)).toBe('Director/Partner/Sole Trader Details')
  })
  it('a sole trader keeps only the first person and cannot add persons', () => {
    expect(personsForCustomerType([1, 2, 3], 3)).toEqual([1])
    expect(personsForCustomerType([1, 2, 3], 2)).toEqual([1, 2, 3])
    expect(canAddPersons(3)).toBe(false)
    expect(canAddPersons(0)).toBe(true)
  })
  it('creates distinct person ids', () => {
    expect(createPersonId()).not.toBe(createPersonId())
    expect(creditApplicationDefaults().section2.persons[0]?.id).toMatch(/\S{8,}/)
  })
  it('signature lists mirror the persons, keeping specimens by id', () => {
    const persons = [
      { id: 'a', name: 'Ann' },
      { id: 'b', name: 'Ben' },
    ]
    expect(mirrorSignatures(persons, [{ id: 'b', specimen: PNG }])).toEqual([
      { id: 'a', name: 'Ann', specimen: '' },
      { id: 'b', name: 'Ben', specimen: PNG },
    ])
  })
})

describe('credit submit checks', () => {
  it('null when everything is signed', () => {
    for (const type of [0, 1, 2, 3, 4] as const) expect(creditSubmitChecks(form(type))).toBeNull()
  })
  it("'Please add a fax number.' when invoices go by fax and there is no fax", () => {
    const value = form(2)
    expect(creditSubmitChecks({ ...value, section3: { ...value.section3, sendBy: 1 } })).toBe(
      'Please add a fax number.',
    )
    expect(
      creditSubmitChecks({
        ...value,
        section1: { ...value.section1, fax: '03 5550 1111' },
        section3: { ...value.section3, sendBy: 1 },
      }),
    ).toBeNull()
  })
  it("'Please sign the document.' when a person's signature is missing", () => {
    const value = form(2)
    const twoPersons = { persons: [person('p1'), person('p2')] }
    expect(creditSubmitChecks({ ...value, section2: twoPersons })).toBe('Please sign the document.')
    expect(
      creditSubmitChecks({
        ...value,
        section4: { ...value.section4, signatures: [{ id: 'p1', name: 'J', specimen: '' }] },
      }),
    ).toBe('Please sign the document.')
  })
  it("'Please sign the guarantee and indemnity section.' for a Pty Ltd Company without guarantor signatures", () => {
    const value = form(0)
    expect(creditSubmitChecks({ ...value, section4: { ...value.section4, guarantors: [] } })).toBe(
      'Please sign the guarantee and indemnity section.',
    )
  })
  it('mixed signing: only the persons who sign here need their signature and guarantee', () => {
    const value = form(0)
    const PNG_HERE = 'data:image/png;base64,AAAA'
    const mixed = {
      ...value,
      section2: { persons: [person('p1'), person('p2')] },
      section4: {
        ...value.section4,
        signatures: [
          { id: 'p1', name: 'J', specimen: PNG_HERE },
          { id: 'p2', name: 'K', specimen: '' },
        ],
        guarantors: [
          { id: 'p1', name: 'J', specimen: '' },
          { id: 'p2', name: 'K', specimen: '' },
        ],
      },
    }
    const onlyP1 = (candidate: { id?: unknown }) => candidate.id === 'p1'
    expect(creditSubmitChecks(mixed, { signatures: onlyP1 })).toBe(
      'Please sign the guarantee and indemnity section.',
    )
    const guaranteed = {
      ...mixed,
      section4: { ...mixed.section4, guarantors: [{ id: 'p1', name: 'J', specimen: PNG_HERE }] },
    }
    expect(creditSubmitChecks(guaranteed, { signatures: onlyP1 })).toBeNull()
    expect(creditSubmitChecks(guaranteed)).toBe('Please sign the document.')
    expect(creditSubmitChecks(guaranteed, { signatures: (candidate) => candidate.id === 'p2' })).toBe(
      'Please sign the document.',
    )
  })
  it('no guarantor signatures needed for the other types', () => {
    for (const type of [1, 2, 3, 4] as const) {
      const value = form(type)
      expect(creditSubmitChecks({ ...value, section4: { ...value.section4, guarantors: [] } })).toBeNull()
    }
  })
  it('reports in order: fax, then signatures, then guarantee', () => {
    const value = form(0)
    const all = {
      ...value,
      section3: { ...value.section3, sendBy: 1 },
      section4: { ...value.section4, signatures: [], guarantors: [] },
    }
    expect(creditSubmitChecks(all)).toBe('Please add a fax number.')
    expect(creditSubmitChecks({ ...all, section3: value.section3 })).toBe('Please sign the document.')
  })
  it('matches signatures by position when ids differ', () => {
    const value = form(2)
    expect(
      creditSubmitChecks({ ...value, section4: { ...value.section4, signatures: [signed('other')] } }),
    ).toBeNull()
  })
})

describe('credit payload (wire)', () => {
  const parsedForm = (values: unknown): CreditApplication => expectValid(creditApplicationSchema, values)

  it('toCreditPayload flattens the form for every customer type, and parseCreditPayload reads it back', () => {
    for (const type of [0, 1, 2, 3, 4] as const) {
      const values = parsedForm(form(type))
      const wire = JSON.parse(JSON.stringify(toCreditPayload(values)))
      expect(wire.section1).not.toHaveProperty('sameAddresses')
      expect(wire.section1.customerType).toBe(type)
      expect(wire.section3.sendBy).toBe(0)
      expect(typeof wire.section4.signatures).toBe('string')
      expect(typeof wire.section4.guarantors).toBe('string')
      const data = parseCreditPayload(wire)
      expect(data.section1.customerType).toBe(type)
      expect(data.section4.signatures).toEqual(values.section4.signatures)
      expect(data.section2.persons).toEqual(values.section2.persons)
      expect(data.section1.businessAddress).toEqual(values.section1.businessAddress)
    }
  })
  it('copies the business address as the postal address when they are the same', () => {
    const wire = toCreditPayload(parsedForm(form()))
    expect(wire.section1.postalAddress).toEqual(business)
  })
  it('sends the postal address when it differs', () => {
    const value = form()
    const wire = toCreditPayload(
      parsedForm({ ...value, section1: { ...value.section1, sameAddresses: false, postalAddress: postal } }),
    )
    expect(wire.section1.postalAddress).toEqual(postal)
    expect(parseCreditPayload(wire).section1.postalAddress).toEqual(postal)
  })
  it("sends the trust deed as JSON of the first file for a Trust, '' otherwise", () => {
    const trust = toCreditPayload(parsedForm(form(4)))
    expect(JSON.parse(trust.section1.trustDeed)).toEqual(deed)
    expect(parseCreditPayload(trust).section1.trustDeed).toEqual(deed)
    const company = toCreditPayload(parsedForm(form(0)))
    expect(company.section1.trustDeed).toBe('')
    expect(parseCreditPayload(company).section1.trustDeed).toBeNull()
  })
  it("sends guarantors for a Pty Ltd Company only ('[]' otherwise)", () => {
    expect(JSON.parse(toCreditPayload(parsedForm(form(0))).section4.guarantors)).toEqual([signed('p1')])
    const value = form(1)
    const withGuarantors = { ...value, section4: { ...value.section4, guarantors: [signed('p1')] } }
    expect(toCreditPayload(parsedForm(withGuarantors)).section4.guarantors).toBe('[]')
  })

  const wire = () => JSON.parse(JSON.stringify(toCreditPayload(parsedForm(form(0)))))

  it('validates with the form rules, issue paths under the section', () => {
    const value = wire()
    value.section1.abn = '51 824 753 557'
    value.section2.persons[0].email = ''
    expectMessage(creditPayloadSchema, value, 'section1.abn', 'Invalid australian business number format.')
    expectMessage(creditPayloadSchema, value, 'section2.persons.0.email', 'Email is required.')
  })
  it('requires the postal address on the wire', () => {
    const value = wire()
    value.section1.postalAddress = {}
    expectMessage(creditPayloadSchema, value, 'section1.postalAddress.city', 'City is required.')
  })
  it("'Please add at least one file.' for a Trust sent without a trust deed", () => {
    const value = JSON.parse(JSON.stringify(toCreditPayload(parsedForm(form(4)))))
    value.section1.trustDeed = ''
    expectMessage(creditPayloadSchema, value, 'section1.trustDeed', 'Please add at least one file.')
  })
  it("'File type is not supported.' for a trust deed that is not JSON of a PDF", () => {
    const value = JSON.parse(JSON.stringify(toCreditPayload(parsedForm(form(4)))))
    value.section1.trustDeed = '{not json'
    expectMessage(creditPayloadSchema, value, 'section1.trustDeed', 'File type is not supported.')
    value.section1.trustDeed = JSON.stringify({ ...deed, data: PNG })
    expectMessage(creditPayloadSchema, value, 'section1.trustDeed.data', 'File type is not supported.')
  })
  it("'Invalid signatures.' for signatures that are not JSON", () => {
    const value = wire()
    value.section4.signatures = 'nope'
    expectMessage(creditPayloadSchema, value, 'section4.signatures', 'Invalid signatures.')
  })
  it("'Invalid signature.' for a specimen that is not a PNG data URL", () => {
    const value = wire()
    value.section4.signatures = JSON.stringify([{ id: 'p1', name: 'Jane', specimen: 'javascript:alert(1)' }])
    expectMessage(creditPayloadSchema, value, 'section4.signatures.0.specimen', 'Invalid signature.')
  })
  it('runs the submit checks as issues', () => {
    const unsigned = wire()
    unsigned.section4.signatures = JSON.stringify([{ id: 'p1', name: 'Jane', specimen: '' }])
    expectMessage(creditPayloadSchema, unsigned, 'section4.signatures', 'Please sign the document.')
    const noGuarantee = wire()
    noGuarantee.section4.guarantors = '[]'
    expectMessage(
      creditPayloadSchema,
      noGuarantee,
      'section4.guarantors',
      'Please sign the guarantee and indemnity section.',
    )
    const fax = wire()
    fax.section3.sendBy = 1
    expectMessage(creditPayloadSchema, fax, 'section1.fax', 'Please add a fax number.')
  })
  it("'A sole trader can have only one person.' on the wire", () => {
    const value = JSON.parse(JSON.stringify(toCreditPayload(parsedForm(form(3)))))
    value.section2.persons.push({ ...person('p2') })
    expectMessage(creditPayloadSchema, value, 'section2.persons', 'A sole trader can have only one person.')
  })
  it('parseCreditPayload throws on an invalid payload', () => {
    expect(() => parseCreditPayload({})).toThrow()
    expect(issueList(creditPayloadSchema, {})).toContain(
      'section1: Invalid input: expected object, received undefined',
    )
  })
})
