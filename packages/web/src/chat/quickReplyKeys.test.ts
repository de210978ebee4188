import { describe, expect, it } from 'vitest';
import { menuKeyEvent, type MenuKeyPress } from './quickReplyKeys.ts';

const press = (key: string, extra: Partial<MenuKeyPress> = {}): MenuKeyPress => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...extra,
});

describe("the composer's keys while the / menu is open", () => {
  const open = { open: true, hasOptions: true };

  it('moves with the arrows, inserts with Enter and closes with Escape', () => {
    expect(menuKeyEvent(press('ArrowDown'), open)).toEqual({ type: 'quickReplyMenu.next' });
    expect(menuKeyEvent(press('ArrowUp'), open)).toEqual({ type: 'quickReplyMenu.prev' });
    expect(menuKeyEvent(press('Enter'), open)).toEqual({ type: 'quickReplyMenu.confirm' });
    expect(menuKeyEvent(press('Escape'), open)).toEqual({ type: 'quickReplyMenu.close' });
  });

  it('leaves Shift+Enter, typing, IME compositions and Alt+arrows to the text box and the inbox', () => {
    expect(menuKeyEvent(press('Enter', { shiftKey: true }), open)).toBeNull();
    expect(menuKeyEvent(press('a'), open)).toBeNull();
    expect(menuKeyEvent(press('Enter', { isComposing: true }), open)).toBeNull();
    expect(menuKeyEvent(press('ArrowDown', { altKey: true }), open)).toBeNull();
  });

  it('with nothing to insert, only Escape is the menu’s; closed, nothing is', () => {
    const empty = { open: true, hasOptions: false };
    expect(menuKeyEvent(press('Enter'), empty)).toBeNull();
    expect(menuKeyEvent(press('ArrowDown'), empty)).toBeNull();
    expect(menuKeyEvent(press('Escape'), empty)).toEqual({ type: 'quickReplyMenu.close' });
    expect(menuKeyEvent(press('Escape'), { open: false, hasOptions: false })).toBeNull();
    expect(menuKeyEvent(press('Enter'), { open: false, hasOptions: true })).toBeNull();
  });
});
