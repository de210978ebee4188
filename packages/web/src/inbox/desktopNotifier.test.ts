import { describe, expect, it } from 'vitest';
import type { InboundMessage } from '@sapa/machines/inbox';
import { createDesktopNotifier, noticeBody } from './desktopNotifier.ts';
import type { DesktopNotice, NotificationPermissionState, NotificationPort } from './desktopNotifier.ts';

function fakePort(permission: NotificationPermissionState, hidden: boolean) {
  const shown: DesktopNotice[] = [];
  const effects: string[] = [];
  const port: NotificationPort & { hidden: boolean; granted: NotificationPermissionState } = {
    hidden,
    granted: permission,
    permission: () => port.granted,
    requestPermission: async () => {
      effects.push('asked');
      port.granted = 'granted';
      return 'granted';
    },
    isHidden: () => port.hidden,
    show: (notice) => shown.push(notice),
    unlockSound: () => effects.push('sound ready'),
    playSound: () => effects.push('sound'),
    focus: () => effects.push('focus'),
  };
  return { port, shown, effects };
}

function fakeRouter() {
  const listeners = new Set<(event: InboundMessage) => void>();
  return {
    onInbound(listener: (event: InboundMessage) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    write(event: InboundMessage) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

const message: InboundMessage['message'] = {
  id: 'm1',
  conversationId: 'c1',
  seq: 3,
  direction: 'in',
  clientId: null,
  type: 'png',
  caption: 'lihat',
  url: '/media/x',
  filename: null,
  name: null,
  phone: null,
  replyTo: null,
  status: 'delivered',
  error: null,
  senderId: null,
  template: null,
  pricing: null,
  broadcast: null,
  automation: null,
  createdAt: '2025-03-01T10:00:00Z',
};
const event: InboundMessage = { key: 'k1', conversationId: 'c1', seq: 3, customerName: 'Sari', message };

describe('desktop notifications', () => {
  it('notify only while the page is hidden and permission is granted, with the favicon and a sound', () => {
    const router = fakeRouter();
    const { port, shown, effects } = fakePort('granted', false);
    const opened: string[] = [];
    createDesktopNotifier({
      router,
      port,
      title: (name) => `Pesan baru dari ${name}`,
      open: (key, id) => opened.push(`${key}/${id}`),
    });
    router.write(event);
    expect(shown).toEqual([]);
    port.hidden = true;
    router.write(event);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: 'Pesan baru dari Sari',
      body: 'Image',
      icon: '/favicon.svg',
      tag: 'c1',
    });
    expect(effects).toEqual(['sound']);
    shown[0]?.onClick();
    expect(effects).toEqual(['sound', 'focus']);
    expect(opened).toEqual(['k1/c1']);
  });

  it('asks permission only when told (a click), and then notifies', async () => {
    const router = fakeRouter();
    const { port, shown, effects } = fakePort('default', true);
    const notifier = createDesktopNotifier({ router, port, title: () => 'Pesan baru', open: () => {} });
    router.write(event);
    expect(shown).toEqual([]);
    expect(effects).toEqual([]);
    let heard = 0;
    notifier.subscribe(() => (heard += 1));
    await notifier.requestPermission();
    expect(effects).toEqual(['sound ready', 'asked']);
    expect(notifier.getSnapshot()).toBe('granted');
    expect(heard).toBe(1);
    router.write(event);
    expect(shown).toHaveLength(1);
    notifier.stop();
    router.write(event);
    expect(shown).toHaveLength(1);
  });

  it('previews the message as the conversation list does', () => {
    expect(noticeBody({ ...message, type: 'text', caption: 'Halo kak' })).toBe('Halo kak');
    expect(noticeBody({ ...message, type: 'ogg' })).toBe('Audio');
  });
});
