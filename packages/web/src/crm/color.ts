/**
 * How a record's colour (a label's, a stage's, any `#rrggbb` the CRM keeps) is drawn: a stand-in
 * while a colour is being typed, the text that reads on it, and which palette colour a typed
 * value is.
 */
import { isHexColor } from '@sapa/machines/crm';

/** Shown in place of a colour that is not `#rrggbb` (yet). */
export const NO_COLOR = '#9e9e9e';

/** A colour to draw `value` with: itself when it is `#rrggbb` (lowercased), else a neutral grey. */
export function drawnColor(value: string | null): string {
  return value !== null && isHexColor(value) ? value.trim().toLowerCase() : NO_COLOR;
}

function channel(hex: string): number {
  const value = Number.parseInt(hex, 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Black or white, whichever contrasts more with `color` (WCAG relative luminance). */
export function textOn(color: string | null): '#000000' | '#ffffff' {
  const hex = drawnColor(color).slice(1);
  const luminance =
    0.2126 * channel(hex.slice(0, 2)) + 0.7152 * channel(hex.slice(2, 4)) + 0.0722 * channel(hex.slice(4, 6));
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05: equal near L = 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The palette colour `value` is (any case, spaces around), or null for another colour. */
export function paletteValue(palette: readonly string[], value: string): string | null {
  const color = value.trim().toLowerCase();
  return palette.includes(color) ? color : null;
}
