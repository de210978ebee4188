import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts.ts';

const press = (
  key: string,
  mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('inbox shortcuts', () => {
  it('moves between conversations with Alt+arrows, even from a text field', () => {
    expect(shortcutOf(press('ArrowDown', { altKey: true }), true)).toBe('next');
    expect(shortcutOf(press('ArrowUp', { altKey: true }), false)).toBe('previous');
    expect(shortcutOf(press('ArrowDown'), false)).toBeNull();
  });

  it('focuses the search with Ctrl+K or Cmd+K anywhere, and / outside text fields', () => {
    expect(shortcutOf(press('k', { ctrlKey: true }), true)).toBe('search');
    expect(shortcutOf(press('K', { metaKey: true }), false)).toBe('search');
    expect(shortcutOf(press('/'), false)).toBe('search');
    expect(shortcutOf(press('/'), true)).toBeNull();
  });

  it('focuses the composer with r and opens the help with ?, never while typing', () => {
    expect(shortcutOf(press('r'), false)).toBe('composer');
    expect(shortcutOf(press('r'), true)).toBeNull();
    expect(shortcutOf(press('r', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutOf(press('?', { shiftKey: true }), false)).toBe('help');
    expect(shortcutOf(press('?', { shiftKey: true }), true)).toBeNull();
    expect(shortcutOf(press('x'), false)).toBeNull();
  });
});
