import type { EquipmentType } from '@signalway/shared/fleet'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { fromPrice } from '../prices.ts'
import { typeImage } from '../type-image.ts'

/** How many of a type's specifications its card shows; its own page shows them all. */
const CARD_SPECIFICATIONS = 3

/**
 * The equipment types of one service, as cards: a small image when the type has one, name (to the type's page), short description, key
 * specifications, the price from a day with its GST or "Price on application", and the quote form with the
 * service ticked. Nothing when the service has no types.
 */
export function EquipmentTypeList({
  types,
  serviceSlug,
  headingId,
}: {
  types: readonly EquipmentType[]
  serviceSlug: string
  headingId: string
}) {
  if (types.length === 0) return null
  return (
    <section className="section section--alt" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>Equipment for hire</h2>
        <ul className="card-grid">
          {types.map((type) => (
            <li key={type.slug} className="card equipment-type">
              <CardImage type={type} />
              <div className="card__body equipment-type__body">
                <h3 className="card__title">
                  <Link to={paths.equipmentType(type.slug)}>{type.name}</Link>
                </h3>
                <p className="card__text">{type.description}</p>
                {type.specifications.length > 0 ? (
                  <dl className="equipment-specs">
                    {type.specifications.slice(0, CARD_SPECIFICATIONS).map((spec) => (
                      <div key={spec.label}>
                        <dt>{spec.label}</dt>
                        <dd>{spec.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                <p className="equipment-type__price">{fromPrice(type)}</p>
                <p className="equipment-type__actions">
                  <Link to={paths.getAQuoteFor(serviceSlug)}>
                    Get a quote<span className="visually-hidden"> for {type.name}</span>
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * Below the service's own text, so it waits until it is near (lazy); a type without an image shows none. The
 * card's title names the type just below, so the picture is not announced again (empty alternative text).
 */
function CardImage({ type }: { type: EquipmentType }) {
  const image = typeImage(type, 'small')
  if (!image) return null
  return (
    <img
      className="card__image equipment-type__image"
      src={image.src}
      srcSet={image.srcSet}
      sizes="(min-width: 40rem) 25rem, 100vw"
      width={image.width}
      height={image.height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  )
}
