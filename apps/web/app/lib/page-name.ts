/**
 * Name of a generic content page (requirements §2): the lowercased path with leading and
 * trailing slashes removed. '/Some/Page/' -> 'some/page'.
 */
export function pageNameFromPath(pathname: string): string {
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // keep the raw path when it is not valid percent-encoding
  }
  return decoded.toLowerCase().replace(/^\/+|\/+$/g, '')
}
