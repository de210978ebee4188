/**
 * Desktop notifications of customers' messages (SPEC.md section 9): while the page is hidden, a
 * new inbound message shows a notification with the favicon as icon and plays a short sound;
 * clicking it focuses the window and opens that conversation. Permission is asked only from a
 * user gesture (`requestPermission`, behind a button), never on load. The browser is behind a
 * small port, so the rules run in Node tests. No React here.
 */
import { conversationPreview } from '@sapa/sdk';
import type { InboundMessage, InboxRouter } from '@sapa/machines/inbox';

export type NotificationPermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

export interface DesktopNotice {
  title: string;
  body: string;
  icon: string;
  /** One notification per conversation: a newer message replaces the older one. */
  tag: string;
  onClick(): void;
}

/** What the notifier needs of the browser. */
export interface NotificationPort {
  permission(): NotificationPermissionState;
  requestPermission(): Promise<NotificationPermissionState>;
  isHidden(): boolean;
  show(notice: DesktopNotice): void;
  /** Readies the sound (browsers allow audio only after a user gesture). */
  unlockSound(): void;
  playSound(): void;
  focus(): void;
}

export interface DesktopNotifierOptions {
  router: Pick<InboxRouter, 'onInbound'>;
  port: NotificationPort;
  /** The notification's title for a customer's name (translated when it shows). */
  title: (customerName: string) => string;
  /** Opens the conversation of a message (the inbox at `/crm/chat/{key}/{conversationId}`). */
  open: (key: string, conversationId: string) => void;
  icon?: string;
}

export interface DesktopNotifier {
  getSnapshot(): NotificationPermissionState;
  subscribe(listener: () => void): () => void;
  /** Call from a click: asks the browser, and readies the sound. */
  requestPermission(): Promise<void>;
  stop(): void;
}

export const FAVICON = '/favicon.svg';

/** The notice body of a message: its one-line preview (SPEC.md section 3). */
export function noticeBody(message: InboundMessage['message']): string {
  return conversationPreview(message).text;
}

export function createDesktopNotifier(options: DesktopNotifierOptions): DesktopNotifier {
  const { port } = options;
  const listeners = new Set<() => void>();
  let permission = port.permission();
  const set = (next: NotificationPermissionState) => {
    if (next === permission) return;
    permission = next;
    for (const listener of [...listeners]) listener();
  };
  const off = options.router.onInbound((event) => {
    if (port.permission() !== 'granted' || !port.isHidden()) return;
    port.show({
      title: options.title(event.customerName),
      body: noticeBody(event.message),
      icon: options.icon ?? FAVICON,
      tag: event.conversationId,
      onClick: () => {
        port.focus();
        options.open(event.key, event.conversationId);
      },
    });
    port.playSound();
  });
  return {
    getSnapshot: () => permission,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async requestPermission() {
      port.unlockSound();
      if (permission === 'unsupported') return;
      set(await port.requestPermission());
    },
    stop: off,
  };
}

/** The browser's Notification and Web Audio APIs as a `NotificationPort`. */
export function createBrowserNotificationPort(win: Window & typeof globalThis = window): NotificationPort {
  const supported = typeof win.Notification === 'function';
  let audio: AudioContext | null = null;
  return {
    permission: () => (supported ? win.Notification.permission : 'unsupported'),
    requestPermission: async () => (supported ? await win.Notification.requestPermission() : 'unsupported'),
    isHidden: () => win.document.visibilityState === 'hidden',
    show(notice) {
      const notification = new win.Notification(notice.title, {
        body: notice.body,
        icon: notice.icon,
        tag: notice.tag,
      });
      notification.onclick = () => {
        notice.onClick();
        notification.close();
      };
    },
    unlockSound() {
      if (typeof win.AudioContext !== 'function') return;
      const context = audio ?? new win.AudioContext();
      audio = context;
      void context.resume();
    },
    playSound() {
      if (audio === null) return;
      // A short two-tone chime.
      const start = audio.currentTime;
      for (const [offset, frequency] of [
        [0, 880],
        [0.12, 1320],
      ] as const) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.15, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.18);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + 0.2);
      }
    },
    focus: () => win.focus(),
  };
}
