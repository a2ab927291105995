import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { SITE } from '@signalway/shared/site'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { SignPdf } from '@signpdf/signpdf'
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import forge from 'node-forge'
import type { PDFDocument } from 'pdf-lib'

/*
 * The business's seal on every credit application PDF (ADR 023): a PAdES baseline (B-B) signature, so a PDF
 * reader names who sealed the document and any later change to its bytes breaks the seal.
 *
 * - The signature field and its byte range are made by @signpdf (placeholder-pdf-lib and signpdf), with the
 *   ETSI.CAdES.detached sub-filter PAdES asks for.
 * - The CMS SignedData is CAdES: signed attributes content-type, message-digest and ESS signing-certificate-v2
 *   (the certificate's SHA-256), and no signing-time attribute (PAdES puts the time in the signature
 *   dictionary's M entry). It is written with node-forge's DER encoder and signed with Node's crypto (RSA,
 *   SHA-256).
 * - The key and certificate come from a PKCS#12 file named by PDF_SEAL_P12 (node-forge reads it). The demo and
 *   development make a self-signed one in DATA_DIR on first use.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const

/** Room for the CMS in the PDF: a certificate chain of a few certificates and a 4096-bit signature fit. */
const SIGNATURE_LENGTH = 12_000

export interface SealIdentity {
  key: KeyObject
  /** The certificate's DER, and its ASN.1 as node-forge reads it. */
  certificateDer: Buffer
  certificate: forge.pki.Certificate
  /** Certificates of the issuers, if the PKCS#12 file holds them. */
  chain: forge.pki.Certificate[]
}

export interface PdfSealer {
  /** The key and certificate, read (or, in the demo, made) once. */
  identity(): Promise<SealIdentity>
  /** Who the certificate names, e.g. 'Signalway Traffic Hire Pty Ltd'. */
  signerName(): Promise<string>
}

const { asn1 } = forge
const U = asn1.Class.UNIVERSAL
const T = asn1.Type

const oid = (value: string) => asn1.create(U, T.OID, false, asn1.oidToDer(value).getBytes())
const sequence = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SEQUENCE, true, items)
const set = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, items)
const octets = (bytes: Buffer) => asn1.create(U, T.OCTETSTRING, false, bytes.toString('binary'))
const integer = (value: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(value).getBytes())
const derBytes = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary')
const algorithm = (id: string, withNull = false) =>
  sequence(withNull ? [oid(id), asn1.create(U, T.NULL, false, '')] : [oid(id)])

/** The signed attributes in DER's order for a SET OF (sorted by their encodings). */
function signedAttributes(digest: Buffer, certificateDer: Buffer): forge.asn1.Asn1[] {
  const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), set([value])])
  const essCertIdV2 = sequence([octets(createHash('sha256').update(certificateDer).digest())])
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    attribute(OID.signingCertificateV2, sequence([sequence([essCertIdV2])])),
  ]
  return attributes
    .map((node) => ({ node, der: derBytes(node) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ node }) => node)
}

/** CMS SignedData (detached) over `content`, CAdES-BES as PAdES B-B wants it. */
export function cadesSignature(content: Buffer, identity: SealIdentity): Buffer {
  const digest = createHash('sha256').update(content).digest()
  const attributes = signedAttributes(digest, identity.certificateDer)
  // The signature covers the attributes encoded as a SET; in the SignerInfo they are [0] IMPLICIT.
  const signature = sign('sha256', derBytes(set(attributes)), identity.key)
  const tbs = forge.pki.certificateToAsn1(identity.certificate).value[0] as forge.asn1.Asn1
  const tbsFields = tbs.value as forge.asn1.Asn1[]
  // With a version field ([0]) first, the serial number and issuer are the second and fourth fields.
  const offset = (tbsFields[0] as forge.asn1.Asn1).tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0
  const serial = tbsFields[offset] as forge.asn1.Asn1
  const issuer = tbsFields[offset + 2] as forge.asn1.Asn1

  const signerInfo = sequence([
    integer(1),
    sequence([issuer, serial]),
    algorithm(OID.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    algorithm(OID.rsaEncryption, true),
    octets(signature),
  ])
  const certificates = [identity.certificate, ...identity.chain].map((certificate) =>
    forge.pki.certificateToAsn1(certificate),
  )
  const signedData = sequence([
    integer(1),
    set([algorithm(OID.sha256)]),
    sequence([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certificates),
    set([signerInfo]),
  ])
  return derBytes(
    sequence([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]),
  )
}

class CadesSigner extends Signer {
  readonly identity: SealIdentity

  constructor(identity: SealIdentity) {
    super()
    this.identity = identity
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesSignature(pdfBuffer, this.identity)
  }
}

/** Adds the empty signature field the seal goes into; call before the document is saved. */
export function addSealField(
  doc: PDFDocument,
  signerName: string,
  at: Date,
  reason = 'Credit application received and sealed; any change after sealing breaks this seal.',
): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason,
    contactInfo: SITE.accountsEmail,
    name: signerName,
    location: 'Victoria, Australia',
    signingTime: at,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: SITE.name,
  })
}

/** Seals a PDF saved with the field of addSealField (and without object streams). */
export async function sealPdf(pdf: Uint8Array, sealer: PdfSealer): Promise<Uint8Array> {
  const signer = new CadesSigner(await sealer.identity())
  return new SignPdf().sign(Buffer.from(pdf), signer)
}

/** The key, certificate and issuers of a PKCS#12 file. */
export function readPkcs12(p12: Buffer, password: string): SealIdentity {
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(p12.toString('binary')), false, password)
  const bags = (type: string | undefined): forge.pkcs12.Bag[] =>
    type === undefined ? [] : (parsed.getBags({ bagType: type })[type] ?? [])
  const keyBag = bags(forge.pki.oids.pkcs8ShroudedKeyBag)[0] ?? bags(forge.pki.oids.keyBag)[0]
  const certificates = bags(forge.pki.oids.certBag)
    .map((bag) => bag.cert)
    .filter((certificate): certificate is forge.pki.Certificate => certificate !== undefined)
  if (!keyBag?.key) throw new Error('the PKCS#12 file holds no private key')
  const key = createPrivateKey(forge.pki.privateKeyToPem(keyBag.key))
  const rsaKey = keyBag.key as forge.pki.rsa.PrivateKey
  const certificate = certificates.find((candidate: forge.pki.Certificate) => {
    const publicKey = candidate.publicKey as forge.pki.rsa.PublicKey
    return publicKey.n?.compareTo(rsaKey.n) === 0 && publicKey.e?.compareTo(rsaKey.e) === 0
  })
  if (!certificate) throw new Error('the PKCS#12 file holds no certificate for its key')
  return {
    key,
    certificate,
    certificateDer: derBytes(forge.pki.certificateToAsn1(certificate)),
    chain: certificates.filter((candidate: forge.pki.Certificate) => candidate !== certificate),
  }
}

/** A self-signed seal certificate for the demo: RSA 2048, ten years, in a PKCS#12 file protected by `password`. */
export function makeDemoPkcs12(password: string, now = new Date()): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())
  const certificate = forge.pki.createCertificate()
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  // A positive serial of 16 random bytes.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`
  certificate.validity.notBefore = new Date(now.getTime() - 60_000)
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000)
  const name = [
    { name: 'commonName', value: `${SITE.legalName} (demo seal)` },
    { name: 'organizationName', value: SITE.legalName },
    { name: 'countryName', value: 'AU' },
  ]
  certificate.setSubject(name)
  certificate.setIssuer(name)
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ])
  certificate.sign(key, forge.md.sha256.create())
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: 'aes256' })
  return Buffer.from(asn1.toDer(p12).getBytes(), 'binary')
}

/**
 * The seal of PDF_SEAL_P12, or (demo and development) of `demoPath`, made there on first use. Read once; a
 * wrong password or a file without a key is an error at the first seal, or at start-up where the caller
 * checks it (production).
 */
export function createPdfSealer(options: {
  p12Path?: string | undefined
  password: string
  demoPath: string
}): PdfSealer {
  let loaded: Promise<SealIdentity> | undefined
  const load = async () => {
    const path = options.p12Path ?? options.demoPath
    if (!options.p12Path && !existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true })
      try {
        // 'wx': another instance on the same DATA_DIR that made it first wins, and both use its file.
        writeFileSync(path, makeDemoPkcs12(options.password), { mode: 0o600, flag: 'wx' })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
    }
    return readPkcs12(readFileSync(path), options.password)
  }
  const identity = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    })
    return loaded
  }
  return {
    identity,
    async signerName() {
      const subject = (await identity()).certificate.subject.getField('CN') as { value?: string } | null
      return subject?.value ?? SITE.legalName
    },
  }
}
