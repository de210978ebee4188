import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { composerMachine } from './composerMachine.ts';
import type { ComposerEmitted } from './composerMachine.ts';
import { quickReplyMenuKey } from './quickReplyMenuKeys.ts';
import type { MenuKeyPress } from './quickReplyMenuKeys.ts';
import { quickReplyMenuMachine } from './quickReplyMenuMachine.ts';
import type { QuickReplyMenuEmitted } from './quickReplyMenuMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { allQuickReplies, budiValues, quickReplyKey } from './paths/quickReplyFixtures.ts';
import { flush } from './paths/replay.ts';

const press = (key: string, extra: Partial<MenuKeyPress> = {}): MenuKeyPress => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...extra,
});

/** The menu with the project's quick replies loaded (or still loading), and a composer beside it. */
async function start(loaded = true) {
  const client = createFakeClient();
  const menu = createActor(quickReplyMenuMachine, {
    input: { client, key: quickReplyKey, values: budiValues },
  });
  const inserted: QuickReplyMenuEmitted[] = [];
  menu.on('quickReplyMenu.insert', (event: QuickReplyMenuEmitted) => inserted.push(event));
  menu.start();
  if (loaded) client.settle('quick_reply_list', { data: allQuickReplies });
  await flush();
  const composer = createActor(composerMachine, { input: { windowOpen: true } }).start();
  const sent: ComposerEmitted[] = [];
  composer.on('composer.send', (event) => sent.push(event));
  /** What the text box does with a key: the menu's, or Enter submits the composer. */
  const key = (pressed: MenuKeyPress) => {
    const event = quickReplyMenuKey(pressed, menu.getSnapshot());
    if (event !== null) menu.send(event);
    else if (pressed.key === 'Enter' && !pressed.shiftKey) composer.send({ type: 'composer.submit' });
  };
  const type = (text: string) => {
    composer.send({ type: 'composer.type', text });
    menu.send({ type: 'quickReplyMenu.draft', text });
  };
  return { menu, composer, inserted, sent, key, type };
}

describe("the composer's keys while the / menu is open", () => {
  it('moves with the arrows, inserts with Enter and closes with Escape', async () => {
    const { menu, key, inserted, sent, type } = await start();
    type('/');
    expect(quickReplyMenuKey(press('ArrowDown'), menu.getSnapshot())).toEqual({
      type: 'quickReplyMenu.next',
    });
    expect(quickReplyMenuKey(press('ArrowUp'), menu.getSnapshot())).toEqual({ type: 'quickReplyMenu.prev' });
    expect(quickReplyMenuKey(press('Escape'), menu.getSnapshot())).toEqual({ type: 'quickReplyMenu.close' });
    key(press('Enter'));
    expect(inserted).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('leaves Shift+Enter, typing, IME compositions and Alt+arrows to the text box', async () => {
    const { menu, type } = await start();
    type('/');
    expect(quickReplyMenuKey(press('Enter', { shiftKey: true }), menu.getSnapshot())).toBeNull();
    expect(quickReplyMenuKey(press('a'), menu.getSnapshot())).toBeNull();
    expect(quickReplyMenuKey(press('Enter', { isComposing: true }), menu.getSnapshot())).toBeNull();
    expect(quickReplyMenuKey(press('ArrowDown', { altKey: true }), menu.getSnapshot())).toBeNull();
  });

  it('holds Enter on a query that matches nothing: nothing is sent and the draft stays', async () => {
    const { menu, composer, key, inserted, sent, type } = await start();
    type('/har-tidak-ada');
    expect(quickReplyMenuKey(press('ArrowDown'), menu.getSnapshot())).toBeNull();
    key(press('Enter'));
    expect(sent).toEqual([]);
    expect(inserted).toEqual([]);
    expect(composer.getSnapshot().context.text).toBe('/har-tidak-ada');
    // Escape first: then Enter sends the text as typed, on purpose.
    key(press('Escape'));
    key(press('Enter'));
    expect(sent.map((event) => event.type === 'composer.send' && event.draft.caption)).toEqual([
      '/har-tidak-ada',
    ]);
  });

  it('holds Enter while the quick replies are still loading', async () => {
    const { composer, key, sent, type } = await start(false);
    type('/har');
    key(press('Enter'));
    expect(sent).toEqual([]);
    expect(composer.getSnapshot().context.text).toBe('/har');
  });

  it('leaves every key to the text box while the draft is not a / query', async () => {
    const { menu, key, sent, type } = await start();
    type('halo');
    expect(quickReplyMenuKey(press('Escape'), menu.getSnapshot())).toBeNull();
    key(press('Enter'));
    expect(sent).toHaveLength(1);
  });
});
