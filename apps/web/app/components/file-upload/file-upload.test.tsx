// @vitest-environment happy-dom
import { LIMITS, MESSAGES } from '@signalway/shared'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  checkFile,
  FILE_TOO_SMALL,
  formatKb,
  isAcceptedType,
  toKb,
  truncateFileName,
  UPLOADER_DEFAULTS,
  type UploadedFile,
} from './file-rules.ts'
import { FileUpload, type FileUploadProps } from './file-upload.tsx'

const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'

function Harness({
  onChange = () => {},
  ...props
}: Partial<Omit<FileUploadProps, 'value' | 'onChange'>> & { onChange?: (files: UploadedFile[]) => void }) {
  const [files, setFiles] = useState<UploadedFile[]>([])
  return (
    <FileUpload
      label="Trust Deed"
      {...props}
      value={files}
      onChange={(next) => {
        setFiles(next)
        onChange(next)
      }}
    />
  )
}

const input = () => screen.getByLabelText(/Trust Deed/, { selector: 'input' }) as HTMLInputElement

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('uploader rules (requirements §5 File upload, §9)', () => {
  it('defaults: at most 5 files, at most 100000 bytes, at least 0, names cut after 16 characters', () => {
    expect(UPLOADER_DEFAULTS).toEqual({ maxFiles: 5, maxSize: 100000, minSize: 0, nameLength: 16 })
  })

  it('Pdf mode accepts only .pdf (any case); Any accepts everything', () => {
    expect(isAcceptedType('trust-deed.pdf', 'Pdf')).toBe(true)
    expect(isAcceptedType('TRUST-DEED.PDF', 'Pdf')).toBe(true)
    expect(isAcceptedType('trust-deed.docx', 'Pdf')).toBe(false)
    expect(isAcceptedType('pdf', 'Pdf')).toBe(false)
    expect(isAcceptedType('notes.txt', 'Any')).toBe(true)
  })

  it("'File type is not supported.' and 'File is too large.', by the default limits", () => {
    expect(checkFile({ name: 'deed.exe', size: 10 }, 'Pdf')).toBe(MESSAGES.fileTypeNotSupported)
    expect(checkFile({ name: 'deed.pdf', size: 100_001 }, 'Pdf')).toBe(MESSAGES.fileTooLarge)
    expect(checkFile({ name: 'deed.pdf', size: 100_000 }, 'Pdf')).toBeNull()
    expect(checkFile({ name: 'deed.pdf', size: 0 }, 'Pdf')).toBeNull()
    expect(checkFile({ name: 'deed.pdf', size: 5 }, 'Pdf', { maxSize: 100, minSize: 10 })).toBe(
      FILE_TOO_SMALL,
    )
    const trustDeed = { maxSize: LIMITS.trustDeedMaxBytes, minSize: 0 }
    expect(checkFile({ name: 'deed.pdf', size: 10_485_760 }, 'Pdf', trustDeed)).toBeNull()
    expect(checkFile({ name: 'deed.pdf', size: 10_485_761 }, 'Pdf', trustDeed)).toBe(MESSAGES.fileTooLarge)
  })

  it('names longer than 16 characters are truncated with an ellipsis', () => {
    expect(truncateFileName('sixteen-char.pdf')).toBe('sixteen-char.pdf')
    expect(truncateFileName('the-family-trust-deed.pdf')).toBe('the-family-trust…')
  })

  it('sizes are kept and shown in KB', () => {
    expect(toKb(2048)).toBe(2)
    expect(toKb(1536)).toBe(1.5)
    expect(formatKb(toKb(1536))).toBe('1.5 KB')
    expect(formatKb(toKb(10_485_760))).toBe('10,240 KB')
    expect(formatKb(toKb(20))).toBe('0.1 KB')
  })
})

describe('FileUpload', () => {
  it('reads an accepted PDF as a data URL and lists it with its truncated name and size in KB', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness mode="Pdf" maxFiles={1} maxSize={LIMITS.trustDeedMaxBytes} onChange={onChange} />)
    expect(input().type).toBe('file')
    expect(input().accept).toContain('.pdf')
    expect(input().multiple).toBe(false)
    await user.upload(input(), new File([PDF_TEXT], 'the-family-trust-deed.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(onChange).toHaveBeenCalled())
    const [file] = (onChange.mock.lastCall?.[0] ?? []) as UploadedFile[]
    expect(file?.name).toBe('the-family-trust-deed.pdf')
    expect(file?.data).toMatch(/^data:application\/pdf;base64,JVBER/)
    expect(file?.size).toBe(toKb(PDF_TEXT.length))
    const list = screen.getByRole('list', { name: 'Added files' })
    const shown = within(list).getByText('the-family-trust…')
    expect(shown.getAttribute('title')).toBe('the-family-trust-deed.pdf')
    expect(within(list).getByText(formatKb(toKb(PDF_TEXT.length)))).toBeTruthy()
    expect(within(list).getByRole('button', { name: 'Remove the-family-trust-deed.pdf' })).toBeTruthy()
  })

  it("refuses another type with 'File type is not supported.'", async () => {
    const user = userEvent.setup({ applyAccept: false })
    const onChange = vi.fn()
    render(<Harness mode="Pdf" maxFiles={1} onChange={onChange} />)
    await user.upload(input(), new File(['hello'], 'deed.docx', { type: 'application/msword' }))
    expect(await screen.findByText(/File type is not supported\./)).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('refuses a renamed file that is not a PDF by its content', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness mode="Pdf" maxFiles={1} onChange={onChange} />)
    await user.upload(input(), new File(['just text'], 'renamed.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText(/File type is not supported\./)).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
  })

  it("refuses a file over the maximum with 'File is too large.'", async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness mode="Pdf" maxFiles={1} maxSize={10} onChange={onChange} />)
    await user.upload(input(), new File([PDF_TEXT], 'deed.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText(/File is too large\./)).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('takes at most 5 files by default', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    expect(input().multiple).toBe(true)
    const files = Array.from({ length: 6 }, (_, i) => new File([`file ${i}`], `file-${i}.txt`))
    await user.upload(input(), files)
    expect(await screen.findByText(/You can add at most 5 files\./)).toBeTruthy()
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toHaveLength(5))
  })

  it('shows the reading progress in a progress bar, and Remove takes a file away', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    class SlowReader extends EventTarget {
      result: string | null = null
      error = null
      onprogress: ((event: ProgressEvent) => void) | null = null
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      onabort: (() => void) | null = null
      abort() {}
      readAsDataURL() {
        this.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent)
        finish = () => {
          this.result = `data:application/pdf;base64,${btoa(PDF_TEXT)}`
          this.onload?.()
        }
      }
    }
    vi.stubGlobal('FileReader', SlowReader)
    render(<Harness mode="Pdf" maxFiles={1} />)
    await user.upload(input(), new File([PDF_TEXT], 'deed.pdf', { type: 'application/pdf' }))
    const progress = await screen.findByRole('progressbar', { name: 'Reading deed.pdf' })
    expect(progress.getAttribute('value')).toBe('40')
    act(() => finish())
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Remove deed.pdf' }))
    expect(screen.queryByRole('list', { name: 'Added files' })).toBeNull()
    expect(document.activeElement).toBe(input())
  })

  it('shows the field error it is given', () => {
    render(
      <FileUpload label="Trust Deed" value={[]} onChange={() => {}} error="Please add at least one file." />,
    )
    expect(screen.getByText('Please add at least one file.')).toBeTruthy()
    expect(input().getAttribute('aria-invalid')).toBe('true')
  })
})
