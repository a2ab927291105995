/*
 * One mailbox, however its address is written. Limits per recipient and "each signer needs their own address"
 * compare these keys, so that variants of one address (case, a +tag, Gmail's dots) count as one mailbox.
 */

/** Domains whose mailboxes ignore dots in the local part; both are one service. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The mailbox an address delivers to: lower case, without surrounding spaces, without a `+tag` after the local
 * part, and for gmail.com and googlemail.com without dots in the local part, under gmail.com. Merging addresses
 * that might be distinct is the safe side for what it is used for (a shared limit, a refused second signer).
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at <= 0) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}

/** Whether two addresses deliver to one mailbox (mailboxKey). */
export const sameMailbox = (a: string, b: string): boolean => mailboxKey(a) === mailboxKey(b)
