/**
 * Labels' colours and sort as the screen shows them: the accessible name of each palette colour,
 * and the table's sort as TanStack Table's sorting state (one column at a time, one direction
 * each: the server's). How any colour is drawn is `../crm/color.ts`.
 */
import type { SortingState } from '@tanstack/react-table';
import type { MessageKey } from '@sapa/sdk';
import { labelPalette, type LabelSort } from '@sapa/machines/crm';

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
