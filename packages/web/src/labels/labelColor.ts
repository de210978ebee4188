/**
 * How a label's colour is drawn: the text that reads on it, a stand-in while a colour is being
 * typed, the accessible name of each palette colour, and the table's sort as TanStack Table's
 * sorting state (one column at a time, one direction each: the server's).
 */
import type { SortingState } from '@tanstack/react-table';
import type { MessageKey } from '@sapa/sdk';
import { isLabelColor, labelPalette, type LabelSort } from '@sapa/machines';

/** Shown in place of a colour that is not `#rrggbb` yet. */
export const NO_COLOR = '#9e9e9e';

/** A colour to draw `value` with: itself when it is `#rrggbb`, else a neutral grey. */
export function swatchColor(value: string): string {
  return isLabelColor(value) ? value.trim().toLowerCase() : NO_COLOR;
}

function channel(hex: string): number {
  const value = Number.parseInt(hex, 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Black or white, whichever contrasts more with `color` (WCAG relative luminance). */
export function textOn(color: string): '#000000' | '#ffffff' {
  const hex = swatchColor(color).slice(1);
  const luminance =
    0.2126 * channel(hex.slice(0, 2)) + 0.7152 * channel(hex.slice(2, 4)) + 0.0722 * channel(hex.slice(4, 6));
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05: equal near L = 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

const colorNames: Record<(typeof labelPalette)[number], MessageKey> = {
  '#e53935': 'labels.color.red',
  '#fb8c00': 'labels.color.orange',
  '#f9a825': 'labels.color.yellow',
  '#43a047': 'labels.color.green',
  '#00897b': 'labels.color.teal',
  '#039be5': 'labels.color.lightBlue',
  '#1e88e5': 'labels.color.blue',
  '#5e35b1': 'labels.color.purple',
  '#d81b60': 'labels.color.pink',
  '#6d4c41': 'labels.color.brown',
};

/** The palette with each colour's catalogue name. */
export const paletteColors = labelPalette.map((value) => ({ value, name: colorNames[value] }));

/** The palette colour `value` is (any case), or null for another colour. */
export function paletteValue(value: string): string | null {
  const color = value.trim().toLowerCase();
  return paletteColors.some((item) => item.value === color) ? color : null;
}

/** The table column of each sort, and its direction. */
const sortColumns: Record<LabelSort, { id: string; desc: boolean }> = {
  name: { id: 'name', desc: false },
  newest: { id: 'createdAt', desc: true },
  customers: { id: 'customers', desc: true },
};

export function sortingOf(sort: LabelSort): SortingState {
  return [sortColumns[sort]];
}

/** The sort a header press asks for: its column's; pressing the sorted column again keeps it. */
export function sortFrom(state: SortingState, current: LabelSort): LabelSort {
  const id = state[0]?.id;
  const entry = Object.entries(sortColumns).find(([, column]) => column.id === id);
  return entry === undefined ? current : (entry[0] as LabelSort);
}
