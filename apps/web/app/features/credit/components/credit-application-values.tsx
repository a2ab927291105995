import { formatLongDateTime } from '@signalway/shared/business-time'
import type { ApplicationSection } from '@signalway/shared/credit/application-view'
import { SIGNING_MESSAGES } from '@signalway/shared/credit/signing'
import type { CreditApplicationView, CreditSignatureView } from '@signalway/shared/credit-admin'
import { useId } from 'react'

/** A value the applicant left empty (the PDF prints a dash). */
const NOT_GIVEN = 'Not given'

/** Sections 1 to 3 as labelled values (shared/credit/application-view.ts): the record page's and a signer's. */
export function ApplicationSectionList({ sections }: { sections: readonly ApplicationSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.number}
          className="credit-values"
          aria-label={`${section.number}. ${section.title}`}
        >
          <h3 className="credit-values__title">
            {section.number}. {section.title}
          </h3>
          {section.groups.map((group, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one submitted application, in order.
            <div key={index} className="credit-values__group">
              {group.heading ? <h4 className="credit-values__heading">{group.heading}</h4> : null}
              <dl className="credit-values__rows">
                {group.rows.map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd className={row.value ? undefined : 'credit-values__empty'}>
                      {row.value || NOT_GIVEN}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </>
  )
}

/**
 * The application as submitted, for the accounts team to read without opening the PDF: every
 * value of sections 1 to 3 in the PDF's words and order, the agreement and the drawn signatures, a Pty Ltd
 * company's guarantees, the trust deed, and the signing record.
 */
export function CreditApplicationValues({ application }: { application: CreditApplicationView }) {
  const headingId = useId()
  return (
    <section className="credit-record__panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-record__title">
        The Application
      </h2>
      <ApplicationSectionList sections={application.sections} />
      <section className="credit-values" aria-label="4. Credit Terms and Conditions">
        <h3 className="credit-values__title">4. Credit Terms and Conditions</h3>
        <p className="credit-values__agreed">
          {application.agreedTerms
            ? 'Agreed to the Terms and Conditions of Hire, and signed by:'
            : 'The Terms and Conditions of Hire were not agreed.'}
        </p>
        <Signatures signatures={application.signatures} />
      </section>
      {application.guarantors.length > 0 ? (
        <section className="credit-values" aria-label="5. Guarantee and Indemnity">
          <h3 className="credit-values__title">5. Guarantee and Indemnity</h3>
          <Signatures signatures={application.guarantors} />
        </section>
      ) : null}
      {application.trustDeed ? (
        <p className="credit-record__hint">
          Trust deed <strong>{application.trustDeed.name}</strong>: its pages follow the application in the
          signed PDF. SHA-256 <code className="credit-values__digest">{application.trustDeed.sha256}</code>.
        </p>
      ) : null}
      <section className="credit-values" aria-label="Signing record">
        <h3 className="credit-values__title">Signing Record</h3>
        <dl className="credit-values__rows">
          <div>
            <dt>IP address</dt>
            <dd>{application.signingRecord.ip}</dd>
          </div>
          <div>
            <dt>Browser</dt>
            <dd>{application.signingRecord.userAgent || NOT_GIVEN}</dd>
          </div>
          <div>
            <dt>SHA-256 of the submitted application</dt>
            <dd>
              <code className="credit-values__digest">{application.signingRecord.payloadSha256}</code>
            </dd>
          </div>
        </dl>
        {application.signingRecord.remoteSigners.map((signer) => (
          <div key={`${signer.name}-${signer.signedAt}`} className="credit-values__group">
            <h4 className="credit-values__heading">
              {signer.onDevice ? 'Signed on the sender’s device' : 'Signed on their own device'}:{' '}
              {signer.name} ({signer.role})
            </h4>
            {signer.onDevice ? <p className="form-note">{SIGNING_MESSAGES.signedOnDevice}</p> : null}
            <dl className="credit-values__rows">
              <div>
                <dt>{signer.onDevice ? 'Email given (no link sent)' : 'Link sent to'}</dt>
                <dd>{signer.email}</dd>
              </div>
              <div>
                <dt>Signed</dt>
                <dd>{formatLongDateTime(signer.signedAt, { seconds: true })}</dd>
              </div>
              <div>
                <dt>IP address</dt>
                <dd>{signer.ip}</dd>
              </div>
              <div>
                <dt>Browser</dt>
                <dd>{signer.userAgent || NOT_GIVEN}</dd>
              </div>
              <div>
                <dt>SHA-256 of the text they were shown</dt>
                <dd>
                  <code className="credit-values__digest">{signer.textSha256}</code>
                </dd>
              </div>
            </dl>
            {signer.sameDeviceAs?.length ? (
              <p className="signing-notice">{SIGNING_MESSAGES.sameDevice(signer.sameDeviceAs)}</p>
            ) : null}
            {signer.sameDeviceAsSender ? (
              <p className="signing-notice">{SIGNING_MESSAGES.sameDeviceAsSender}</p>
            ) : null}
          </div>
        ))}
      </section>
    </section>
  )
}

function Signatures({ signatures }: { signatures: readonly CreditSignatureView[] }) {
  return (
    <ul className="credit-values__signatures">
      {signatures.map((signature, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the signatures of one submitted application, in order.
        <li key={index}>
          <figure className="credit-values__signature">
            {signature.image ? (
              <img src={signature.image} alt={`Signature of ${signature.name}`} width={300} height={100} />
            ) : (
              <span className="credit-values__empty">The signature image is missing.</span>
            )}
            <figcaption>
              {signature.role}: {signature.name}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}
