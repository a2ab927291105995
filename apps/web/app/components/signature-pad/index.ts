export {
  drawStroke,
  drawTypedName,
  fitFontSize,
  SCRIPT_FONT_FAMILY,
  SIGNATURE_DEFAULTS,
  toCanvasPoint,
} from './signature-canvas.ts'
export { SignaturePad, type SignaturePadProps } from './signature-pad.tsx'
