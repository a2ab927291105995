import { describe, expect, it } from 'vitest'
import { expectMessage, expectNoMessage, expectValid } from '../test-helpers.ts'
import {
  repeatedEmails,
  SIGNING_MESSAGES,
  sameDeviceAsSender,
  sameDeviceSigners,
  signerEmailFormSchema,
  signingStartSchema,
} from './signing.ts'
import { type CreditPayload, toCreditPayload } from './wire.ts'

const address = {
  fullAddress: '1 Main St, Laverton VIC 3028',
  unitNumber: '',
  streetNumber: '1',
  streetName: 'Main St',
  city: 'Laverton',
  state: 'VIC' as const,
  postcode: '3028',
}

const person = (id: string, email: string) => ({
  id,
  name: `Person ${id}`,
  address,
  phone: '0412 345 678',
  email,
  driversLicence: '012345678',
})

/** A Pty Ltd's application sent for signing, its directors at these addresses. */
function application(...emails: string[]): CreditPayload {
  const persons = emails.map((email, index) => person(`p${index + 1}`, email))
  const payload = toCreditPayload({
    section1: {
      personCompletingTheApplication: 'Jane Citizen',
      position: 'Director',
      customerType: 0,
      fullNameOfCustomer: 'Acme Traffic Pty Ltd',
      businessName: 'Acme Traffic',
      acn: '004 085 616',
      abn: '51 824 753 556',
      phone: '03 5550 1234',
      fax: '',
      email: 'accounts@acme.example',
      customerTradingLength: '5 years',
      sameAddresses: true,
      businessAddress: { ...address, fullAddress: '' },
      postalAddress: { ...address, fullAddress: '' },
      trustDeed: [],
    },
    section2: { persons },
    section3: { name: 'Bob Payable', phone: '03 5550 9876', email: 'ap@acme.example', sendBy: 0 },
    section4: { agreeTerms: true, signatures: [], guarantors: [] },
  })
  return payload
}

const start = (...emails: string[]) => ({
  application: application(...emails),
  completerEmail: 'jane@acme.example',
})

describe('one mailbox signs for one person', () => {
  it(`'${SIGNING_MESSAGES.emailTaken}' on the later signer's email, whatever the case`, () => {
    expectValid(signingStartSchema, start('a@acme.example', 'b@acme.example'))
    const path = (index: number) => `application.section2.persons.${index}.email`
    const twice = start('jo@acme.example', 'b@acme.example', 'JO@Acme.Example')
    expectMessage(signingStartSchema, twice, path(2), SIGNING_MESSAGES.emailTaken)
    expectNoMessage(signingStartSchema, twice, path(0))
    expectNoMessage(signingStartSchema, twice, path(1))
    // The person completing may be one of the signers.
    expectValid(signingStartSchema, { ...start('jane@acme.example', 'b@acme.example') })
  })

  it('repeatedEmails: the positions of addresses given before, without case or surrounding spaces', () => {
    expect(repeatedEmails(['a@x.example', ' A@X.example ', 'b@x.example', 'a@x.EXAMPLE', '', ''])).toEqual([
      1, 3,
    ])
    expect(repeatedEmails([undefined, null, 3])).toEqual([])
  })

  it('repeatedEmails: a +tag, or a Gmail address’s dots and domain, make no other mailbox', () => {
    expect(
      repeatedEmails(['jo@x.example', 'jo+2@x.example', 'jo.ellis@gmail.com', 'JoEllis+b@googlemail.com']),
    ).toEqual([1, 3])
    const schema = signerEmailFormSchema(['olivia.grant@gmail.com'])
    expectMessage(schema, { email: 'oliviagrant+me@googlemail.com' }, 'email', SIGNING_MESSAGES.emailTaken)
  })

  it("the status page's address change refuses another signer's address", () => {
    const schema = signerEmailFormSchema(['olivia@westgate.example', 'marcus@westgate.example'])
    expectMessage(schema, { email: 'Olivia@Westgate.example' }, 'email', SIGNING_MESSAGES.emailTaken)
    expectMessage(schema, { email: 'not an address' }, 'email', 'Invalid email address.')
    expectValid(schema, { email: 'marcus@elsewhere.example' })
  })
})

describe('the signing record points out signatures from one device', () => {
  it('names, for each signer, the others with the same IP address and browser', () => {
    const signer = (name: string, ip: string, userAgent: string) => ({ name, ip, userAgent })
    expect(
      sameDeviceSigners([
        signer('Olivia', '198.51.100.4', 'iPhone'),
        signer('Marcus', '198.51.100.4', 'iPhone'),
        signer('Sam', '198.51.100.4', 'Firefox'),
        signer('Ana', '203.0.113.9', 'iPhone'),
        signer('Lee', '', ''),
        signer('Kim', '', ''),
      ]),
    ).toEqual([['Marcus'], ['Olivia'], [], [], [], []])
    expect(SIGNING_MESSAGES.sameDevice(['Marcus', 'Sam'])).toBe(
      'Signed from the same IP address and browser as Marcus, Sam.',
    )
  })

  it('says, for each signer, whether they signed from the sender’s IP address and browser', () => {
    const sender = { ip: '198.51.100.4', userAgent: 'iPhone' }
    expect(
      sameDeviceAsSender(
        [
          { ip: '198.51.100.4', userAgent: 'iPhone' },
          { ip: '198.51.100.4', userAgent: 'Firefox' },
          { ip: '203.0.113.9', userAgent: 'iPhone' },
        ],
        sender,
      ),
    ).toEqual([true, false, false])
    expect(sameDeviceAsSender([{ ip: '', userAgent: '' }], { ip: '', userAgent: '' })).toEqual([false])
  })
})
