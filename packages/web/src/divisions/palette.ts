/** The division form's palette with each colour's accessible name (catalogue keys). */
import type { MessageKey } from '@sapa/sdk';
import { divisionPalette } from '@sapa/machines/crm';

const colorNames: Record<(typeof divisionPalette)[number], MessageKey> = {
  '#1e88e5': 'divisions.color.blue',
  '#00897b': 'divisions.color.teal',
  '#43a047': 'divisions.color.green',
  '#f9a825': 'divisions.color.yellow',
  '#fb8c00': 'divisions.color.orange',
  '#e53935': 'divisions.color.red',
  '#d81b60': 'divisions.color.pink',
  '#8e24aa': 'divisions.color.purple',
  '#5e35b1': 'divisions.color.deepPurple',
  '#64748b': 'divisions.color.slate',
};

export const divisionColors = divisionPalette.map((value) => ({ value, name: colorNames[value] }));
