import type { BookingPrice } from '@signalway/shared/bookings'
import type { EquipmentType } from '@signalway/shared/fleet'
import { useId } from 'react'
import { BOOKING_FORM_MESSAGES } from '../messages.ts'
import { availabilityWords, exGstWithGst, money } from '../price-words.ts'
import { type PriceState, shownPrice } from '../use-booking-price.ts'

const PENDING = '–'

/** What the panel says above its figures. */
function statusOf(state: PriceState, price: BookingPrice | null): string {
  if (state.state === 'idle') return BOOKING_FORM_MESSAGES.priceIdle
  if (state.state === 'loading') return BOOKING_FORM_MESSAGES.priceLoading
  if (state.state === 'failed') return state.message
  if (!price?.available) return BOOKING_FORM_MESSAGES.notAvailable
  return `Priced for ${price.days} ${price.days === 1 ? 'day' : 'days'} from our ${price.depot.name} depot.`
}

/**
 * The live price and availability (ADR 048): per line, whether it can be met (or when, or where else) and its
 * price with its breakdown; the delivery and collection fees; the subtotal ex GST, the GST and the total inc GST;
 * and the depot. Its rows are there from the start, a dash until priced, and the last figures stay while it asks
 * again, so the page does not move as it updates. The status line is a polite live region.
 */
export function PricePanel({
  state,
  lines,
  types,
}: {
  state: PriceState
  /** The form's lines, so that each has its row before it is priced. */
  lines: readonly { typeId: string; quantity: string }[]
  types: readonly EquipmentType[]
}) {
  const headingId = useId()
  const price = shownPrice(state)
  const nameOf = (typeId: string) =>
    types.find((type) => String(type.id) === typeId)?.name ?? 'Equipment not chosen yet'
  return (
    <section className="booking-price" aria-labelledby={headingId} aria-busy={state.state === 'loading'}>
      <h2 id={headingId} className="booking-price__title">
        Price and availability
      </h2>
      <p className="booking-price__status" role="status">
        {statusOf(state, price)}
      </p>
      <ul className="booking-price__lines">
        {lines.map((line, index) => {
          const priced = price?.lines[index]
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row per line of the form, in its order
            <li key={index} className="booking-price__line">
              <p className="booking-price__line-name">
                {priced
                  ? `${priced.quantity} × ${priced.description}`
                  : `${line.quantity || PENDING} × ${nameOf(line.typeId)}`}
              </p>
              <p
                className={priced && !priced.available ? 'booking-price__unavailable' : 'booking-price__free'}
              >
                {priced ? availabilityWords(priced, price.depot.timeZone) : PENDING}
              </p>
              <p className="booking-price__amount">{priced ? exGstWithGst(priced.subtotalCents) : PENDING}</p>
              <ul className="booking-price__breakdown" aria-label="How it is priced">
                {(priced?.breakdown ?? []).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
      <dl className="booking-price__totals">
        <div>
          <dt>Delivery fee</dt>
          <dd>{price ? exGstWithGst(price.deliveryFeeCents) : PENDING}</dd>
        </div>
        <div>
          <dt>Collection fee</dt>
          <dd>{price ? exGstWithGst(price.collectionFeeCents) : PENDING}</dd>
        </div>
        <div>
          <dt>Subtotal ex GST</dt>
          <dd>{price ? money(price.subtotalCents) : PENDING}</dd>
        </div>
        <div>
          <dt>GST</dt>
          <dd>{price ? money(price.gstCents) : PENDING}</dd>
        </div>
        <div className="booking-price__total">
          <dt>Total inc GST</dt>
          <dd>{price ? money(price.totalCents) : PENDING}</dd>
        </div>
        <div>
          <dt>Depot</dt>
          <dd>{price ? price.depot.name : PENDING}</dd>
        </div>
      </dl>
    </section>
  )
}
