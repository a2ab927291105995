export * from './file-rules.ts'
export { FileUpload, type FileUploadProps } from './file-upload.tsx'
