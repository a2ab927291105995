import { describe, expect, it } from 'vitest'
import { mailboxKey, sameMailbox } from './mailbox.ts'

describe('mailboxKey: one mailbox however its address is written', () => {
  it('ignores case, surrounding spaces and a +tag', () => {
    expect(mailboxKey(' Jo.Ellis+Credit@EllisCivil.example ')).toBe('jo.ellis@elliscivil.example')
    expect(mailboxKey('jo+a+b@x.example')).toBe('jo@x.example')
    // Dots matter outside Gmail.
    expect(sameMailbox('jo.ellis@x.example', 'joellis@x.example')).toBe(false)
  })

  it('drops the dots of a Gmail address and takes googlemail.com for gmail.com', () => {
    expect(mailboxKey('J.O.Ellis+sign@GoogleMail.com')).toBe('joellis@gmail.com')
    expect(sameMailbox('jo.ellis@gmail.com', 'joellis+x@googlemail.com')).toBe(true)
    expect(sameMailbox('jo.ellis@gmail.com', 'jo.ellis@gmail.com.au')).toBe(false)
  })

  it('leaves what is not an address with a local part, and a leading +, as written (lower case)', () => {
    expect(mailboxKey('+tag@x.example')).toBe('+tag@x.example')
    expect(mailboxKey('@x.example')).toBe('@x.example')
    expect(mailboxKey('No-Address')).toBe('no-address')
  })
})
