import { customerTypeLabel, formatDateTime } from '@signalway/shared'
import type { AwaitingSignatures } from '@signalway/shared/credit-admin'
import { useEffect, useId, useState } from 'react'
import { listAwaitingSignatures } from '../api/list-credit-applications.ts'

/**
 * Admin: applications sent for remote signing that are still waiting for someone, with how many have
 * signed. They join the list below once the last signature submits them. Nothing shows while there are none.
 */
export function AwaitingSignaturesPanel({
  load = listAwaitingSignatures,
}: {
  load?: typeof listAwaitingSignatures
}) {
  const headingId = useId()
  const [items, setItems] = useState<AwaitingSignatures[]>([])
  useEffect(() => {
    let live = true
    load().then(
      (result) => live && setItems(result.items),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [load])
  if (items.length === 0) return null
  return (
    <section className="awaiting-signatures" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-subheading">
        Waiting for Signatures
      </h2>
      <ul className="awaiting-signatures__list">
        {items.map((item) => (
          <li key={item.id} className="awaiting-signatures__item">
            <strong>{item.businessName}</strong> ({customerTypeLabel(item.customerType)}), sent by{' '}
            {item.applicantName} on {formatDateTime(item.createdAt)}:{' '}
            <span className="awaiting-signatures__progress">
              {item.signed} of {item.total} signed
              {item.declined > 0 ? `, ${item.declined} declined` : ''}
            </span>
            <progress
              className="awaiting-signatures__bar"
              max={item.total}
              value={item.signed}
              aria-hidden="true"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
