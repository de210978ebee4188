import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MediaFile, QuickReply } from '@sapa/sdk';
import { composerMachine, type ComposerEmitted, type TrayCommand } from '@sapa/machines/inbox';
import { quickReplyMenuMachine, selectQuickReplyMenuOpen } from '@sapa/machines/crm';
import { linkQuickReplies } from './linkQuickReplies.ts';

const brochure: MediaFile = {
  id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  type: 'pdf',
  mimeType: 'application/pdf',
  filename: 'brosur.pdf',
  size: 250_000,
  url: '/media/7a6b5c4d?sig=def',
};
const promo: QuickReply = {
  id: '9b1e0000-0000-4000-8000-000000000002',
  shortcut: 'promo',
  text: 'Promo untuk {nama} ({nomor}) dari {agen}',
  media: brochure,
  createdAt: '2025-03-01T02:00:00Z',
  updatedAt: '2025-03-01T02:00:00Z',
};

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe("the composer's / menu", () => {
  it('opens on the draft, and an insert becomes the text and a gallery file in the tray', async () => {
    const client = {
      act: () => Promise.resolve({ code: '1' as const, msg: 'OK', data: [promo] }),
    } as never;
    const composer = createActor(composerMachine, { input: { windowOpen: true } }).start();
    const menu = createActor(quickReplyMenuMachine, {
      input: { client, key: 'k1abcdefgh', values: { nama: 'Budi', nomor: '+62812****789', agen: 'Sari' } },
    }).start();
    const commands: TrayCommand[] = [];
    composer.on('composer.toTray', (event: Extract<ComposerEmitted, { type: 'composer.toTray' }>) =>
      commands.push(event.command),
    );
    const unlink = linkQuickReplies(composer, menu);
    await tick();
    composer.send({ type: 'composer.type', text: '/pro' });
    expect(selectQuickReplyMenuOpen(menu.getSnapshot())).toBe(true);
    menu.send({ type: 'quickReplyMenu.confirm' });
    expect(composer.getSnapshot().context.text).toBe('Promo untuk Budi (+62812****789) dari Sari');
    expect(commands).toEqual([
      { type: 'queue.add', sources: [{ kind: 'server', id: brochure.id, origin: 'local' }] },
    ]);
    expect(selectQuickReplyMenuOpen(menu.getSnapshot())).toBe(false);
    unlink();
    composer.send({ type: 'composer.type', text: '/' });
    expect(selectQuickReplyMenuOpen(menu.getSnapshot())).toBe(false);
  });
});
