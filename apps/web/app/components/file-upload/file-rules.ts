import { isPdfDataUrl, LIMITS, MESSAGES } from '@signalway/shared'

/**
 * The uploader's rules (requirements §5 "File upload", §9): what a mode accepts, the size bounds,
 * names over 16 characters truncated, sizes shown in KB. Pure, so they are unit-tested alone.
 */

/** Which files a mode accepts. The trust deed uses 'Pdf'. */
export type UploadMode = 'Any' | 'Pdf' | 'Image' | 'Document'

interface ModeRules {
  /** Lower-case extensions with their dot; empty for any. */
  extensions: readonly string[]
  /** The file input's accept attribute. */
  accept: string | undefined
  /** Read out with the field: what the mode takes. */
  description: string
  /** A check of the content once read (a renamed file is still refused). */
  verify?: (dataUrl: string) => boolean
}

export const UPLOAD_MODES: Record<UploadMode, ModeRules> = {
  Any: { extensions: [], accept: undefined, description: 'Any file type' },
  Pdf: {
    extensions: ['.pdf'],
    accept: '.pdf,application/pdf',
    description: 'PDF only',
    verify: isPdfDataUrl,
  },
  Image: {
    extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
    accept: '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp',
    description: 'PNG, JPEG, GIF or WebP images',
  },
  Document: {
    extensions: ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.txt'],
    accept: '.pdf,.doc,.docx,.xls,.xlsx,.csv,.txt',
    description: 'PDF, Word, Excel, CSV or text documents',
  },
}

/** Requirements §9: at most 5 files, at most 100000 bytes each, at least 0. */
export const UPLOADER_DEFAULTS = {
  maxFiles: LIMITS.uploaderMaxFiles,
  maxSize: LIMITS.uploaderMaxSize,
  minSize: LIMITS.uploaderMinSize,
  nameLength: LIMITS.fileNameTruncate,
} as const

/** Ours: a file under the minimum size (the requirements give no text; the default minimum is 0). */
export const FILE_TOO_SMALL = 'File is too small.'

/** An uploaded file as the forms keep it (requirements §3): name, data URL and size in KB. */
export interface UploadedFile {
  name: string
  data: string
  /** KB */
  size: number
}

export interface SizeRules {
  maxSize: number
  minSize: number
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot).toLowerCase()
}

/** True when the mode takes a file of this name (by its extension). */
export function isAcceptedType(name: string, mode: UploadMode): boolean {
  const { extensions } = UPLOAD_MODES[mode]
  return extensions.length === 0 || extensions.includes(extensionOf(name))
}

/** The first rule a picked file breaks, as the message to show, or null. Sizes in bytes. */
export function checkFile(
  file: { name: string; size: number },
  mode: UploadMode,
  rules: SizeRules = UPLOADER_DEFAULTS,
): string | null {
  if (!isAcceptedType(file.name, mode)) return MESSAGES.fileTypeNotSupported
  if (file.size > rules.maxSize) return MESSAGES.fileTooLarge
  if (file.size < rules.minSize) return FILE_TOO_SMALL
  return null
}

/** Names longer than 16 characters keep their first 16 and end with an ellipsis. */
export function truncateFileName(name: string, max: number = UPLOADER_DEFAULTS.nameLength): string {
  const characters = Array.from(name)
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name
}

/** Bytes to KB (2 decimals), the unit the forms keep and show. */
export function toKb(bytes: number): number {
  return Math.round((bytes / 1024) * 100) / 100
}

const kbFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 })

/** '9.8 KB', '10,240 KB'; a non-empty file under 0.1 KB shows as '0.1 KB'. */
export function formatKb(kb: number): string {
  const shown = kb > 0 && kb < 0.1 ? 0.1 : kb
  return `${kbFormat.format(shown)} KB`
}

/** A byte limit in words for hints: '10 MB', '97.7 KB'. */
export function formatLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${kbFormat.format(bytes / (1024 * 1024))} MB`
  return formatKb(toKb(bytes))
}

/**
 * Reads a file as a data URL, reporting progress (0 to 1) from the reader's progress events.
 * An aborted signal stops the read and rejects with an AbortError.
 */
export function readAsDataUrl(
  file: Blob,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    const abort = () => reader.abort()
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    reader.onload = () => {
      signal?.removeEventListener('abort', abort)
      onProgress(1)
      resolve(typeof reader.result === 'string' ? reader.result : '')
    }
    reader.onerror = () => {
      signal?.removeEventListener('abort', abort)
      reject(reader.error ?? new Error('The file could not be read.'))
    }
    reader.onabort = () => {
      signal?.removeEventListener('abort', abort)
      reject(new DOMException('The read was aborted.', 'AbortError'))
    }
    if (signal?.aborted) {
      reject(new DOMException('The read was aborted.', 'AbortError'))
      return
    }
    signal?.addEventListener('abort', abort)
    reader.readAsDataURL(file)
  })
}
