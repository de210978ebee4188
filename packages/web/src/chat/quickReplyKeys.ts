/**
 * The composer's keys while its `/` menu is open, as one pure decision (tested in Node): Escape
 * closes it; with options to choose from, ArrowDown / ArrowUp move and Enter inserts (Shift+Enter
 * still breaks the line). Anything else is the text box's.
 */
import type { QuickReplyMenuEvent } from '@sapa/machines';

export interface MenuKeyPress {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An IME composition is under way (Enter confirms it, not the menu). */
  isComposing: boolean;
}

export function menuKeyEvent(
  press: MenuKeyPress,
  menu: { open: boolean; hasOptions: boolean },
): QuickReplyMenuEvent | null {
  if (!menu.open || press.isComposing || press.altKey || press.ctrlKey || press.metaKey) return null;
  if (press.key === 'Escape') return { type: 'quickReplyMenu.close' };
  if (!menu.hasOptions) return null;
  if (press.key === 'ArrowDown') return { type: 'quickReplyMenu.next' };
  if (press.key === 'ArrowUp') return { type: 'quickReplyMenu.prev' };
  if (press.key === 'Enter' && !press.shiftKey) return { type: 'quickReplyMenu.confirm' };
  return null;
}
