export {
  checkFile,
  FILE_TOO_SMALL,
  formatKb,
  formatLimit,
  isAcceptedType,
  readAsDataUrl,
  toKb,
  truncateFileName,
  UPLOAD_MODES,
  UPLOADER_DEFAULTS,
  type UploadedFile,
  type UploadMode,
} from './file-rules.ts'
export { FileUpload, type FileUploadProps } from './file-upload.tsx'
