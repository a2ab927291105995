import { applicationSections, personRole } from '@signalway/shared/credit/application-view'
import { signingFlags } from '@signalway/shared/credit/signing'
import type { CreditApplicationView, CreditSignatureView } from '@signalway/shared/credit-admin'
import type { Executor } from '../../db/database.ts'
import type { CreditApplicationRow } from '../../db/schema.ts'
import { findFilesByIds } from '../files/repository.ts'

/** The stored application (credit_applications.payload): the submitted sections with file ids for the blobs. */
interface StoredApplication {
  section1: Parameters<typeof applicationSections>[0]['section1'] & {
    trustDeed: { name: string; size: number; sha256: string; fileId: string } | null
  }
  section2: Parameters<typeof applicationSections>[0]['section2']
  section3: Parameters<typeof applicationSections>[0]['section3']
  section4: {
    agreeTerms: boolean
    signatures: { name: string; fileId: string }[]
    guarantors: { name: string; fileId: string }[]
    /** Signed on the signers' own devices (ADR 025). */
    remoteSigners?: {
      name: string
      role: string
      email: string
      signedAt: string
      ip: string
      userAgent: string
      textSha256: string
      /** Signed on the sender's device (mixed signing, ADR 036). */
      onDevice?: boolean
    }[]
  }
}

/**
 * One application as the back office's record page shows it (ADR 020): every value of sections 1 to 3 as
 * the PDF prints them, the drawn signatures and guarantees, the trust deed and the signing record.
 */
export async function applicationView(
  db: Executor,
  row: CreditApplicationRow,
): Promise<CreditApplicationView> {
  const stored = JSON.parse(row.payload) as StoredApplication
  const deed = stored.section1.trustDeed
  const { signatures = [], guarantors = [] } = stored.section4
  const remoteSigners = stored.section4.remoteSigners ?? []
  // Several people's signatures from one IP address and browser, or from the sender's: the record points it out.
  const flags = signingFlags(remoteSigners, { ip: row.ip, userAgent: row.user_agent })
  const files = await findFilesByIds(
    db,
    [...signatures, ...guarantors].map((signature) => signature.fileId),
  )
  const image = (fileId: string) => {
    const file = files.find((candidate) => candidate.id === fileId)
    return file ? `data:image/png;base64,${Buffer.from(file.data).toString('base64')}` : ''
  }
  const view =
    (role: string) =>
    (signature: { name: string; fileId: string }): CreditSignatureView => ({
      name: signature.name,
      role,
      image: image(signature.fileId),
    })
  return {
    sections: applicationSections(
      stored,
      deed
        ? { name: deed.name, bytes: deed.size, note: 'its pages follow the application in the signed PDF' }
        : undefined,
    ),
    agreedTerms: stored.section4.agreeTerms === true,
    signatures: signatures.map(view(personRole(stored.section1.customerType))),
    guarantors: guarantors.map(view('Guarantor')),
    trustDeed: deed ? { name: deed.name, size: deed.size, sha256: deed.sha256 } : null,
    signingRecord: {
      ip: row.ip,
      userAgent: row.user_agent,
      payloadSha256: row.payload_sha256,
      remoteSigners: remoteSigners.map(
        ({ name, role, email, signedAt, ip, userAgent, textSha256, onDevice }, index) => ({
          name,
          role,
          email,
          signedAt,
          ip,
          userAgent,
          textSha256,
          onDevice: onDevice === true,
          sameDeviceAs: flags[index]?.sameDeviceAs ?? [],
          sameDeviceAsSender: flags[index]?.sameDeviceAsSender === true,
        }),
      ),
    },
  }
}
