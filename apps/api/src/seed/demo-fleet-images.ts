import { mediaIdOf } from '@signalway/shared/publishing'
import sharp from 'sharp'
import type { Executor } from '../db/database.ts'
import { storeImageBytes } from '../modules/content/media.ts'

/*
 * The demo catalogue's pictures (DEMO=1). Nothing can be downloaded while seeding, so each kind of equipment is
 * drawn: a flat illustration on a road under a pale sky, in the site's amber and slate, made here as SVG, turned
 * into a PNG by sharp and then put through the publishing image pipeline like any upload, so the demo shows what
 * staff uploads show (16:9 WebP at 400 and 800 pixels). One picture per service; all ten take well under a second.
 */

const WIDTH = 800
const HEIGHT = 450
const GROUND = 360
const SLATE = '#26323f'
const STEEL = '#5b6773'
const AMBER = '#f5a623'
const LAMP = '#ffcf66'
const WHITE = '#ffffff'

/* The drawings are made a little small and scaled up about its centre, their wheels on the road. */

const wheel = (x: number, r = 24) =>
  `<circle cx="${x}" cy="${GROUND - r + 4}" r="${r}" fill="${SLATE}"/><circle cx="${x}" cy="${GROUND - r + 4}" r="${r / 2.4}" fill="#aab4be"/>`

/** A braked trailer: drawbar to the left, one axle, a deck at `deck` pixels high. */
function trailer(x: number, width: number, deck = 300): string {
  return [
    `<path d="M${x - 70} ${deck + 18} L${x} ${deck + 6}" stroke="${STEEL}" stroke-width="8" stroke-linecap="round"/>`,
    `<rect x="${x - 80}" y="${deck + 12}" width="18" height="18" rx="4" fill="${SLATE}"/>`,
    `<rect x="${x}" y="${deck}" width="${width}" height="24" rx="4" fill="${STEEL}"/>`,
    wheel(x + width / 2),
  ].join('')
}

/** A mast from the deck up to a panel's foot. */
const mast = (x: number, top: number, bottom = 300) =>
  `<rect x="${x - 6}" y="${top}" width="12" height="${bottom - top}" fill="${STEEL}"/>`

/** A dark LED panel with rows of amber dots (lines of a message, no words to misread). */
function ledPanel(x: number, y: number, w: number, h: number, rows: number[]): string {
  const dots = rows.flatMap((length, row) => {
    const cy = y + ((row + 1) * h) / (rows.length + 1)
    return Array.from(
      { length },
      (_, i) => `<circle cx="${x + w / 2 + (i - (length - 1) / 2) * 14}" cy="${cy}" r="4.5" fill="${LAMP}"/>`,
    )
  })
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${SLATE}"/>${dots.join('')}`
}

/** A truck's cab facing right at `x` (its back), with the body drawn by the caller. */
function cab(x: number, lights = true): string {
  return [
    `<path d="M${x} 250 h70 l40 45 v55 h-110 z" fill="${WHITE}" stroke="${SLATE}" stroke-width="4"/>`,
    `<path d="M${x + 78} 262 l28 33 h-28 z" fill="#9fc6e4"/>`,
    lights ? `<rect x="${x + 10}" y="238" width="60" height="12" rx="4" fill="${AMBER}"/>` : '',
    wheel(x + 70, 28),
  ].join('')
}

/** Amber and white chevrons on a crash cushion or a boom. */
function chevrons(x: number, y: number, w: number, h: number, count: number): string {
  const step = w / count
  const stripes = Array.from(
    { length: count },
    (_, i) =>
      `<path d="M${x + i * step + h / 4} ${y} h${step / 2} l${-h / 2} ${h} h${-step / 2} z" fill="${AMBER}"/>`,
  )
  const clip = `chevrons-${x}-${y}`
  return (
    `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${WHITE}"/>` +
    `<g clip-path="url(#${clip})">${stripes.join('')}</g>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${SLATE}" stroke-width="3"/>`
  )
}

/** An amber arrow made of lamps, pointing right. */
function lampArrow(cx: number, cy: number): string {
  const points = [
    [-70, 0],
    [-50, 0],
    [-30, 0],
    [-10, 0],
    [10, 0],
    [30, 0],
    [50, 0],
    [30, -20],
    [10, -40],
    [30, 20],
    [10, 40],
  ]
  return points
    .map(([dx, dy]) => `<circle cx="${cx + (dx ?? 0)}" cy="${cy + (dy ?? 0)}" r="7" fill="${LAMP}"/>`)
    .join('')
}

/** What each service's equipment looks like, drawn on the road. */
const DRAWINGS: Record<string, () => string> = {
  'vms-boards': () => trailer(330, 180) + mast(420, 190) + ledPanel(300, 80, 240, 130, [9, 7, 9]),
  'arrow-boards': () =>
    trailer(340, 150) +
    mast(415, 220) +
    `<rect x="315" y="120" width="200" height="110" rx="8" fill="${SLATE}"/>` +
    lampArrow(425, 175),
  'portable-traffic-lights': () =>
    trailer(350, 120) +
    mast(410, 200) +
    `<rect x="382" y="80" width="56" height="136" rx="12" fill="${SLATE}"/>` +
    `<circle cx="410" cy="108" r="15" fill="#e2483d"/><circle cx="410" cy="148" r="15" fill="#5c4a1e"/><circle cx="410" cy="188" r="15" fill="#2f4a34"/>`,
  'travel-times': () =>
    trailer(330, 180) +
    mast(420, 190) +
    ledPanel(290, 80, 260, 130, [6, 6, 6]) +
    `<circle cx="325" cy="145" r="22" fill="none" stroke="${LAMP}" stroke-width="5"/>` +
    `<path d="M325 145 v-14 M325 145 h10" stroke="${LAMP}" stroke-width="5" stroke-linecap="round"/>`,
  'variable-speed-limit-signs': () =>
    trailer(350, 130) +
    mast(415, 200) +
    `<circle cx="415" cy="150" r="62" fill="${WHITE}" stroke="#d23a2f" stroke-width="13"/>` +
    `<rect x="385" y="127" width="20" height="46" rx="6" fill="${SLATE}"/><rect x="425" y="127" width="20" height="46" rx="6" fill="${SLATE}"/>`,
  'truck-mounted-attenuators': () =>
    `<rect x="250" y="220" width="220" height="110" rx="6" fill="${WHITE}" stroke="${SLATE}" stroke-width="4"/>` +
    cab(470) +
    wheel(300, 28) +
    chevrons(150, 250, 100, 70, 4),
  'highway-trucks': () =>
    `<rect x="220" y="230" width="250" height="100" rx="6" fill="${WHITE}" stroke="${SLATE}" stroke-width="4"/>` +
    cab(470) +
    wheel(280, 28) +
    `<rect x="250" y="110" width="190" height="105" rx="8" fill="${SLATE}"/>` +
    mast(345, 210, 232) +
    lampArrow(350, 162),
  'traffic-utes': () =>
    `<path d="M260 280 h210 v70 h-210 z" fill="${WHITE}" stroke="${SLATE}" stroke-width="4"/>` +
    cab(470) +
    wheel(320, 26) +
    `<rect x="280" y="262" width="150" height="14" rx="5" fill="${AMBER}"/>`,
  'vms-utes': () =>
    `<path d="M260 280 h210 v70 h-210 z" fill="${WHITE}" stroke="${SLATE}" stroke-width="4"/>` +
    cab(470) +
    wheel(320, 26) +
    mast(355, 230, 282) +
    ledPanel(260, 110, 200, 120, [7, 5]),
  portaboom: () =>
    `<rect x="230" y="230" width="70" height="120" rx="6" fill="${STEEL}"/>` +
    `<rect x="240" y="200" width="50" height="36" rx="6" fill="${SLATE}"/><circle cx="265" cy="218" r="10" fill="${LAMP}"/>` +
    chevrons(290, 235, 330, 26, 8) +
    `<rect x="600" y="258" width="12" height="92" fill="${STEEL}"/>`,
}

/** What each drawing shows, for people who cannot see it. */
export const DEMO_IMAGE_ALT: Record<string, string> = {
  'vms-boards': 'Drawing of a trailer-mounted VMS board with its LED panel raised on a mast',
  'arrow-boards': 'Drawing of a trailer-mounted arrow board showing an amber arrow of lamps',
  'portable-traffic-lights': 'Drawing of a portable traffic light on its trailer, showing red',
  'travel-times': 'Drawing of a travel time sign: an LED panel with a clock on a trailer',
  'variable-speed-limit-signs': 'Drawing of a variable speed limit sign on a trailer',
  'truck-mounted-attenuators': 'Drawing of a truck with a striped crash cushion on its back',
  'highway-trucks': 'Drawing of a highway truck with an arrow board above its body',
  'traffic-utes': 'Drawing of a traffic ute with amber lights on its cab and tray',
  'vms-utes': 'Drawing of a ute carrying a VMS board on its tray',
  portaboom: 'Drawing of a portable boom gate with a striped arm',
}

/** The picture of a service's equipment as SVG, 800 × 450. */
export function demoTypeDrawing(service: string): string {
  const drawing = DRAWINGS[service]?.() ?? ''
  const dashes = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${i * 110 - 20}" y="${GROUND + 42}" width="60" height="8" fill="${WHITE}" opacity="0.85"/>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dbe9f4"/><stop offset="1" stop-color="#f6f1e6"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="680" cy="80" r="38" fill="#fbe3a6"/>
<rect y="${GROUND}" width="${WIDTH}" height="${HEIGHT - GROUND}" fill="#49535d"/>
<rect y="${GROUND}" width="${WIDTH}" height="6" fill="${AMBER}"/>
${dashes.join('')}
<g transform="translate(-60 -54) scale(1.15)">${drawing}</g>
</svg>`
}

/**
 * Draws and stores one picture per service; answers each service's upload name. The pictures are stored like an
 * upload by nobody in particular (the seed is no member of staff).
 */
export async function seedDemoTypeImages(
  db: Executor,
  services: readonly string[],
  now: Date,
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  for (const service of new Set(services)) {
    const png = await sharp(Buffer.from(demoTypeDrawing(service)))
      .png()
      .toBuffer()
    const { image } = await storeImageBytes(db, png, null, now)
    const name = mediaIdOf(image)
    if (name) names.set(service, name)
  }
  return names
}
