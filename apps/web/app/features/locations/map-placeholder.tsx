/**
 * A drawn street map (no tiles, no third party) standing in for the real map until the visitor
 * asks for it. Decorative: the address next to it says where the place is.
 */
export function MapPlaceholder({ variant }: { variant: number }) {
  // Three layouts, so the three cards do not look identical.
  const roads = [
    'M0 60H400M0 150H400M120 0V240M290 0V240M0 220L400 110',
    'M0 90H400M0 190H400M80 0V240M250 0V240M0 20L400 230',
    'M0 50H400M0 130H400M0 210H400M170 0V240M330 0V240',
  ][variant % 3]
  const minor = [
    'M40 0V240M200 0V240M360 0V240M0 105H400M0 190H400',
    'M160 0V240M330 0V240M0 140H400M0 40H400',
    'M60 0V240M250 0V240M0 90H400M0 170H400',
  ][variant % 3]
  return (
    <svg
      className="map-placeholder"
      viewBox="0 0 400 240"
      width="400"
      height="240"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="400" height="240" fill="#e8eef5" />
      <path d="M300 160h100v80H300zM0 0h70v40H0z" fill="#cfe3cf" />
      <path d={minor} stroke="#ffffff" strokeWidth="6" fill="none" />
      <path d={roads} stroke="#ffffff" strokeWidth="14" fill="none" />
      <path d={roads} stroke="#d5dce5" strokeWidth="1.5" fill="none" />
      <g transform="translate(200 112)">
        <ellipse cx="0" cy="34" rx="14" ry="5" fill="#0b1a2b" opacity="0.2" />
        <path d="M0 34C-4 22-22 8-22-8a22 22 0 0 1 44 0c0 16-18 30-22 42z" fill="#e85d04" />
        <circle cx="0" cy="-8" r="8" fill="#ffffff" />
      </g>
    </svg>
  )
}
