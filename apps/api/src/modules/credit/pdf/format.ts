/** '004085616' -> '004 085 616'; other values unchanged. */
export function formatAcn(value: string): string {
  const digits = value.replace(/\s+/gu, '')
  return /^\d{9}$/u.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value
}

/** Bytes as '1.2 MB', '34 KB' or '512 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}
