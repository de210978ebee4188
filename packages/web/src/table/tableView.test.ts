import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '@tanstack/react-table';
import { validateColumns } from '@sapa/sdk';
import { ariaSort, columnShapes, px, sameLinks, sortMark, tableBody } from './tableView.ts';

interface Label {
  id: string;
  name: string;
  color: string;
}

describe('tableBody', () => {
  it('shows the empty message only for an empty result', () => {
    expect(tableBody('empty', 0)).toBe('empty');
    expect(tableBody('ready', 3)).toBe('rows');
  });

  it('keeps the previous rows while loading and after a failure, and a blank row without any', () => {
    expect(tableBody('loading', 2)).toBe('rows');
    expect(tableBody('failed', 2)).toBe('rows');
    expect(tableBody('loading', 0)).toBe('blank');
    expect(tableBody('failed', 0)).toBe('blank');
  });
});

describe('sort headers', () => {
  it('says the direction in aria-sort and draws it as an arrow', () => {
    expect([ariaSort('asc'), ariaSort('desc'), ariaSort(false)]).toEqual(['ascending', 'descending', 'none']);
    expect([sortMark('asc'), sortMark('desc'), sortMark(false)]).toEqual(['▲', '▼', '↕']);
  });
});

describe('column sizes', () => {
  it('writes whole, non-negative pixels', () => {
    expect(px(150)).toBe('150px');
    expect(px(20.4)).toBe('20px');
    expect(px(-5)).toBe('0px');
  });
});

describe('sameLinks', () => {
  const link = (index: number, current = false) => ({ index, number: index + 1, current });

  it('is true for the same pages with the same current one', () => {
    expect(sameLinks([link(0, true), link(1)], [link(0, true), link(1)])).toBe(true);
  });

  it('is false when the pages or the current one differ', () => {
    expect(sameLinks([link(0, true), link(1)], [link(0), link(1, true)])).toBe(false);
    expect(sameLinks([link(0, true)], [link(0, true), link(1)])).toBe(false);
    expect(sameLinks([link(0, true), link(1)], [link(0, true), link(2)])).toBe(false);
  });
});

describe('columnShapes', () => {
  it('passes what validateColumns reads, groups included', () => {
    const columns: ColumnDef<Label>[] = [
      { accessorKey: 'name', header: 'Nama' },
      { id: 'actions', header: () => null },
      {
        header: 'Tampilan',
        columns: [{ accessorKey: 'color' }, { id: 'size', accessorFn: (row) => row.id.length }],
      },
    ];
    expect(columnShapes(columns)).toEqual([
      { id: undefined, accessorKey: 'name', header: 'Nama', columns: undefined },
      { id: 'actions', accessorKey: undefined, header: columns[1]?.header, columns: undefined },
      {
        id: undefined,
        accessorKey: undefined,
        header: 'Tampilan',
        columns: [
          { id: undefined, accessorKey: 'color', header: undefined, columns: undefined },
          { id: 'size', accessorKey: undefined, header: undefined, columns: undefined },
        ],
      },
    ]);
  });

  it('lets validateColumns refuse a column without an id or string header (SPEC.md section 5)', () => {
    const good: ColumnDef<Label>[] = [{ accessorKey: 'name' }, { id: 'actions' }, { header: 'Warna' }];
    expect(() => validateColumns(columnShapes(good))).not.toThrow();
    // TanStack's types refuse this column; plain JavaScript and dynamic columns can still build it.
    const noId = {
      accessorFn: (row: Label) => row.color,
      header: () => 'Warna',
    } as unknown as ColumnDef<Label>;
    const bad: ColumnDef<Label>[] = [{ accessorKey: 'name' }, noId];
    expect(() => validateColumns(columnShapes(bad))).toThrow(
      new TypeError('Column 1 requires an id or a string header'),
    );
  });
});
