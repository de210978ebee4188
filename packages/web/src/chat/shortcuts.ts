/**
 * The inbox's keyboard shortcuts, as data and as one pure decision (tested in Node):
 * Alt+ArrowDown / Alt+ArrowUp next / previous conversation; Ctrl+K (Cmd+K on a Mac), or `/`
 * outside a text field, focuses the search; `r` outside a text field focuses the composer;
 * `?` outside a text field opens the shortcuts dialog. Escape in the search goes to the
 * composer (the search field handles it); Enter sends and Shift+Enter breaks the line (the
 * composer handles them).
 */
import type { MessageKey } from '@sapa/sdk';

export type ShortcutAction = 'next' | 'previous' | 'search' | 'composer' | 'help';

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** What a key press does on the inbox, or `null`; `inTextField` when focus is in an input. */
export function shortcutOf(press: KeyPress, inTextField: boolean): ShortcutAction | null {
  if (press.altKey && !press.ctrlKey && !press.metaKey) {
    if (press.key === 'ArrowDown') return 'next';
    if (press.key === 'ArrowUp') return 'previous';
    return null;
  }
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k') return 'search';
  if (press.ctrlKey || press.metaKey || press.altKey || inTextField) return null;
  if (press.key === '/') return 'search';
  if (press.key === 'r' || press.key === 'R') return press.shiftKey ? null : 'composer';
  if (press.key === '?') return 'help';
  return null;
}

/** Whether an element takes typing (so single-key shortcuts leave it alone). */
export function isTextField(element: Element | null): boolean {
  if (element === null) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
  }
  return (element as HTMLElement).isContentEditable === true;
}

/** The shortcuts as the dialog lists them: keys, and what they do. */
export const shortcutList: ReadonlyArray<{ keys: readonly string[]; label: MessageKey }> = [
  { keys: ['Alt', '↓'], label: 'chat.shortcuts.next' },
  { keys: ['Alt', '↑'], label: 'chat.shortcuts.previous' },
  { keys: ['Ctrl', 'K'], label: 'chat.shortcuts.search' },
  { keys: ['/'], label: 'chat.shortcuts.search' },
  { keys: ['r'], label: 'chat.shortcuts.composer' },
  { keys: ['Esc'], label: 'chat.shortcuts.searchToComposer' },
  { keys: ['Enter'], label: 'chat.shortcuts.send' },
  { keys: ['Shift', 'Enter'], label: 'chat.shortcuts.newLine' },
  { keys: ['?'], label: 'chat.shortcuts.help' },
];
