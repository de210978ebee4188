import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  quickReplyMenuMachine,
  selectActiveQuickReply,
  selectQuickReplyMenuKeys,
  selectQuickReplyMenuOpen,
  selectQuickReplyMenuStatus,
  selectQuickReplyOptions,
} from './quickReplyMenuMachine.ts';
import type { QuickReplyMenuEmitted } from './quickReplyMenuMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import {
  allQuickReplies,
  brochureFile,
  budiValues,
  harga,
  promo,
  quickReplyKey,
  salam,
} from './paths/quickReplyFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('quickReplyMenu', (get) => {
  it('loads the quick replies once, all of them', () => {
    for (const { run } of get().runs) {
      const lists = run.world.client.calls.filter((call) => call.name === 'quick_reply_list');
      const retries = run.steps.filter((step) => step.event.type === 'quickReplyMenu.retry').length;
      expect(lists).toHaveLength(1 + retries);
      for (const call of lists) expect(call.fields).toEqual({ key: quickReplyKey, all: true });
    }
  });

  it('inserts only from an open menu, filled for the customer', () => {
    const inserts = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(inserts).toContain(
      'inserts /promo: "Promo minggu ini untuk Budi (+62812****789), salam Sari" with brosur.pdf',
    );
    expect(inserts).toContain('inserts /harga: "Daftar harga terlampir ya kak Budi."');
    for (const { run } of get().runs)
      for (const [index, step] of run.steps.entries())
        if (step.effects.length > 0) {
          const before = run.steps[index - 1]?.snapshot;
          if (before) expect(selectQuickReplyMenuOpen(before as never)).toBe(true);
          expect(selectQuickReplyMenuOpen(step.snapshot as never)).toBe(false);
        }
  });
});

async function start() {
  const client = createFakeClient();
  const actor = createActor(quickReplyMenuMachine, {
    input: { client, key: quickReplyKey, values: budiValues },
  });
  const inserted: QuickReplyMenuEmitted[] = [];
  actor.on('quickReplyMenu.insert', (event: QuickReplyMenuEmitted) => inserted.push(event));
  actor.start();
  client.settle('quick_reply_list', { data: allQuickReplies });
  await flush();
  return { client, actor, inserted };
}

const shortcuts = (snapshot: Parameters<typeof selectQuickReplyOptions>[0]) =>
  selectQuickReplyOptions(snapshot).map((reply) => reply.shortcut);

describe('the / menu', () => {
  it('opens on a leading slash, narrows by what follows, and closes for plain text', async () => {
    const { actor } = await start();
    actor.send({ type: 'quickReplyMenu.draft', text: 'Halo /promo' });
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'quickReplyMenu.draft', text: '/' });
    expect(shortcuts(actor.getSnapshot())).toEqual(['harga', 'promo', 'salam']);
    actor.send({ type: 'quickReplyMenu.draft', text: '/a' });
    // Shortcuts containing it first, then texts containing it.
    expect(shortcuts(actor.getSnapshot())).toEqual(['harga', 'salam', 'promo']);
    actor.send({ type: 'quickReplyMenu.draft', text: '/zz' });
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(true);
    expect(selectQuickReplyMenuKeys(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'quickReplyMenu.draft', text: '/zz ' });
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(false);
  });

  it('moves with the arrows (wrapping round) and inserts the active one with its file', async () => {
    const { actor, inserted } = await start();
    actor.send({ type: 'quickReplyMenu.draft', text: '/' });
    expect(selectActiveQuickReply(actor.getSnapshot())).toBe(harga.id);
    actor.send({ type: 'quickReplyMenu.prev' });
    expect(selectActiveQuickReply(actor.getSnapshot())).toBe(salam.id);
    actor.send({ type: 'quickReplyMenu.next' });
    actor.send({ type: 'quickReplyMenu.next' });
    expect(selectActiveQuickReply(actor.getSnapshot())).toBe(promo.id);
    actor.send({ type: 'quickReplyMenu.confirm' });
    expect(inserted).toEqual([
      {
        type: 'quickReplyMenu.insert',
        text: 'Promo minggu ini untuk Budi (+62812****789), salam Sari',
        media: brochureFile,
        reply: promo,
      },
    ]);
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(false);
  });

  it('Escape keeps it closed while the draft is a / query; a fresh one opens it again', async () => {
    const { actor, inserted } = await start();
    actor.send({ type: 'quickReplyMenu.draft', text: '/sal' });
    actor.send({ type: 'quickReplyMenu.close' });
    actor.send({ type: 'quickReplyMenu.draft', text: '/sala' });
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'quickReplyMenu.confirm' });
    expect(inserted).toEqual([]);
    actor.send({ type: 'quickReplyMenu.draft', text: '' });
    actor.send({ type: 'quickReplyMenu.draft', text: '/' });
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(true);
  });

  it('inserts a clicked option with the values of now', async () => {
    const { actor, inserted } = await start();
    actor.send({ type: 'quickReplyMenu.values', values: { nama: 'Budi Santoso' } });
    actor.send({ type: 'quickReplyMenu.draft', text: '/' });
    actor.send({ type: 'quickReplyMenu.choose', id: salam.id });
    expect(inserted.map((event) => event.text)).toEqual(['Halo Budi Santoso, ada yang bisa kami bantu?']);
  });

  it('shows the loading and the failure, and retries', async () => {
    const client = createFakeClient();
    const actor = createActor(quickReplyMenuMachine, {
      input: { client, key: quickReplyKey, values: budiValues },
    }).start();
    actor.send({ type: 'quickReplyMenu.draft', text: '/' });
    expect(selectQuickReplyMenuStatus(actor.getSnapshot())).toBe('loading');
    expect(selectQuickReplyMenuOpen(actor.getSnapshot())).toBe(true);
    client.settle('quick_reply_list', { error: networkError });
    await flush();
    expect(selectQuickReplyMenuStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'quickReplyMenu.retry' });
    client.settle('quick_reply_list', { data: allQuickReplies });
    await flush();
    expect(selectQuickReplyMenuStatus(actor.getSnapshot())).toBe('ready');
    expect(shortcuts(actor.getSnapshot())).toEqual(['harga', 'promo', 'salam']);
  });
});
