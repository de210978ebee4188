import { describe, expect, it } from 'vitest';
import { columnId, defaultColumnSizing, validateColumns } from './validateColumns.ts';

describe('validateColumns', () => {
  it('accepts columns with an id, an accessorKey or a string header', () => {
    expect(() =>
      validateColumns([{ id: 'actions', header: () => null }, { accessorKey: 'name' }, { header: 'Nama' }]),
    ).not.toThrow();
  });

  it('throws for a column without an id or string header', () => {
    expect(() => validateColumns([{ id: 'a' }, { header: () => 'Nama' }])).toThrow(
      new TypeError('Column 1 requires an id or a string header'),
    );
    expect(() => validateColumns([{}])).toThrow('Column 0 requires an id or a string header');
    expect(() => validateColumns([{ header: '' }])).toThrow(TypeError);
  });

  it('checks the columns of a group', () => {
    expect(() =>
      validateColumns([{ id: 'group', columns: [{ id: 'a' }, { accessorFn: 1 } as never] }]),
    ).toThrow('Column 0.1 requires an id or a string header');
  });

  it('resolves ids as TanStack Table does', () => {
    expect(columnId({ id: 'x', header: 'Nama' })).toBe('x');
    expect(columnId({ accessorKey: 'customer.name' })).toBe('customer_name');
    expect(columnId({ header: 'Nama' })).toBe('Nama');
  });

  it('sizes columns 150 wide with a minimum of 20', () => {
    expect(defaultColumnSizing).toEqual({ size: 150, minSize: 20 });
  });
});
