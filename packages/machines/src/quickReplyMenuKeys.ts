/**
 * The composer's keys while its `/` menu is open, as one decision read from the menu's snapshot:
 * Escape closes it; with options to choose from, ArrowDown / ArrowUp move; Enter (without Shift)
 * belongs to the open menu whatever it offers. With a match Enter inserts the active option;
 * with none (`/har` matches nothing, or the replies are still loading or failed) it does nothing
 * and the draft stays: the literal `/har` is never sent to the customer. Escape first, and Enter
 * then sends the text as typed. Anything else is the text box's. No DOM here: the web passes the
 * key press's fields.
 */
import { selectQuickReplyMenuKeys, selectQuickReplyMenuOpen } from './quickReplyMenuMachine.ts';
import type { QuickReplyMenuEvent, QuickReplyMenuSnapshot } from './quickReplyMenuMachine.ts';

export interface MenuKeyPress {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An IME composition is under way (Enter confirms it, not the menu). */
  isComposing: boolean;
}

/** The menu's event for a key of the text box, or `null` when the key is the text box's. */
export function quickReplyMenuKey(
  press: MenuKeyPress,
  menu: QuickReplyMenuSnapshot,
): QuickReplyMenuEvent | null {
  if (!selectQuickReplyMenuOpen(menu)) return null;
  if (press.isComposing || press.altKey || press.ctrlKey || press.metaKey) return null;
  if (press.key === 'Escape') return { type: 'quickReplyMenu.close' };
  // Held even with nothing to insert: Enter on "no match" must not send the query as a message.
  if (press.key === 'Enter' && !press.shiftKey) return { type: 'quickReplyMenu.confirm' };
  if (!selectQuickReplyMenuKeys(menu)) return null;
  if (press.key === 'ArrowDown') return { type: 'quickReplyMenu.next' };
  if (press.key === 'ArrowUp') return { type: 'quickReplyMenu.prev' };
  return null;
}
