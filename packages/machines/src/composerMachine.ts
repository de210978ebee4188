/**
 * The composer of an open conversation: the text being written, the message it replies to, the
 * attachment tray, captions and contact cards. Sending emits `{ type: 'composer.send', draft }`
 * once per message; whoever holds the thread forwards each as `thread.send`, whose outbox
 * delivers it (retries included).
 *
 * The composer knows the 24-hour window (`composer.window { open, closesAt, accountDeleted }`,
 * told by the open conversation): while it is open it counts down (`selectWindowLeft`, the
 * `clock` actor ticking `composer.tick`); while it is closed nothing free-form can be sent or
 * attached and the web offers the template picker instead of the text box (`selectComposerMode`
 * `templates`), keeping whatever was written for when the customer writes again; a conversation
 * whose number was deleted is read-only (`readOnly`). Templates go through the picker
 * (`templatePickerMachine`), never through the composer.
 *
 * The tray is an upload queue (`uploadQueueMachine`, at most `CHAT_MAX_ATTACHMENTS` files) the
 * composer does not own: it asks for changes by emitting `{ type: 'composer.toTray', command }`
 * (`queue.add`, `queue.clear`) and hears what the tray holds as `composer.trayChanged`
 * (`trayItemsOf` of the queue's snapshot). The tray's state is the composer's: `empty`,
 * `uploading` (a file loads or uploads), `attached` (files are on the server, none busy) or
 * `failed` (only refused or failed files).
 *
 * A send from the tray: each processed file goes as its own message by `mediaId` (the server
 * decides its type from the file), with its own caption. One file without a caption takes the
 * text as its caption; otherwise a text goes after the files as a message of its own. The reply
 * quotes the first message. Then the tray is cleared (files that failed go with it).
 */
import { assign, emit, enqueueActions, fromCallback, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { windowRemainingMs } from '@sapa/sdk';
import type { MediaFile, ThreadMessage } from '@sapa/sdk';
import { isTrayItemPending, isTrayItemReady, trayDrafts, trayItemsOf, trayStatusOf } from './composerTray.ts';
import type { TrayCommand, TrayDraftSource, TrayItem, TrayStatus } from './composerTray.ts';
import type { ThreadDraft } from './threadMessages.ts';
import type { UploadSource } from './uploadMachine.ts';
import { checkContactCard } from './validation.ts';
import type { ContactField, FieldErrors } from './validation.ts';

/** The message a reply quotes. */
export type ReplyTarget = Pick<
  ThreadMessage,
  'id' | 'type' | 'caption' | 'filename' | 'name' | 'phone' | 'url' | 'direction'
>;

export { isTrayItemPending, isTrayItemReady, trayDrafts, trayItemsOf, trayStatusOf };
export type { TrayCommand, TrayDraftSource, TrayItem, TrayStatus };

export interface ComposerInput {
  /** Whether the 24-hour window is open when the composer starts (default true). */
  windowOpen?: boolean;
  /** When it closes (`ConversationSummary.windowClosesAt`; default null: no countdown). */
  windowClosesAt?: string | null;
  /** The conversation's number was deleted: nothing can be sent (default false). */
  accountDeleted?: boolean;
  /** The clock the countdown reads (default `Date.now`). */
  now?: () => number;
}

/** What the composer offers: the text box, only templates (window closed), or nothing (number deleted). */
export type ComposerMode = 'write' | 'templates' | 'readOnly';

/** The time left in an open window, as the countdown shows it; `soon` in its last hour. */
export interface WindowLeft {
  hours: number;
  minutes: number;
  soon: boolean;
}

export interface ComposerContext {
  text: string;
  replyTo: ReplyTarget | null;
  windowOpen: boolean;
  windowClosesAt: string | null;
  accountDeleted: boolean;
  /** The countdown's clock, and when it last ticked (ms since the epoch). */
  readClock: () => number;
  now: number;
  /** The tray's files, in its order. */
  attachments: TrayItem[];
  /** Each tray file's caption, by tray item id. */
  captions: Record<string, string>;
  /** Gallery files put in the tray, by file id: their type and link show while they send. */
  picked: Record<string, MediaFile>;
  contactErrors: FieldErrors<ContactField>;
  /** Contact cards sent so far: the web closes its dialog when this grows. */
  contactsSent: number;
}

export type ComposerEvent =
  | { type: 'composer.type'; text: string }
  | { type: 'composer.reply'; message: ReplyTarget }
  | { type: 'composer.cancelReply' }
  /**
   * The conversation's window (judged by its summary) and number: `closesAt` and
   * `accountDeleted` are kept as they were when left out.
   */
  | { type: 'composer.window'; open: boolean; closesAt?: string | null; accountDeleted?: boolean }
  /** Sent by the `clock` actor: the countdown moves on. */
  | { type: 'composer.tick'; now: number }
  | { type: 'composer.submit' }
  /** Files dropped on the thread, pasted into the composer or browsed. */
  | { type: 'composer.attachFiles'; sources: UploadSource[] }
  /** Files chosen in the gallery: they go in the tray as stored files, not uploaded again. */
  | { type: 'composer.pickGallery'; items: MediaFile[] }
  /** What the tray holds now (`trayItemsOf`). */
  | { type: 'composer.trayChanged'; items: TrayItem[] }
  | { type: 'composer.caption'; id: string; text: string }
  | { type: 'composer.clearTray' }
  | { type: 'composer.sendContact'; name: string; phone: string }
  /** The contact card dialog closed: its errors go. */
  | { type: 'composer.closeContact' };

export type ComposerEmitted =
  { type: 'composer.send'; draft: ThreadDraft } | { type: 'composer.toTray'; command: TrayCommand };

export type ComposerTag = 'busy' | 'attached';

type Context = ComposerContext;

/** How often the countdown moves on. */
export const COMPOSER_TICK_MS = 30_000;

/** Ticks `composer.tick` with the clock's time every `COMPOSER_TICK_MS`. */
const clock = fromCallback<{ type: 'clock.none' }, { now: () => number }>(({ sendBack, input }) => {
  const timer = setInterval(() => sendBack({ type: 'composer.tick', now: input.now() }), COMPOSER_TICK_MS);
  return () => clearInterval(timer);
});

/** Free-form messages may go: the window is open and the number still belongs to the project. */
function maySend(context: Context): boolean {
  return context.windowOpen && !context.accountDeleted;
}

/** The text as sent: its ends trimmed, its inner line breaks kept. */
function trimmed(text: string): string {
  return text.trim();
}

function replyOf(context: Context): { replyTo?: string } {
  return context.replyTo === null ? {} : { replyTo: context.replyTo.id };
}

function textDraft(context: Context): ThreadDraft {
  return { type: 'text', caption: trimmed(context.text), ...replyOf(context) };
}

function draftSource(context: Context): TrayDraftSource {
  return { ...context, replyTo: context.replyTo?.id ?? null };
}

function inTray(context: Context, serverId: string): boolean {
  return context.attachments.some((item) => item.serverId === serverId);
}

const cleared = { text: '', replyTo: null } as const;
const emptyTray: Pick<Context, 'attachments' | 'captions' | 'picked'> = {
  attachments: [],
  captions: {},
  picked: {},
};

export const composerMachine = setup({
  types: {} as {
    context: ComposerContext;
    events: ComposerEvent;
    input: ComposerInput;
    emitted: ComposerEmitted;
    tags: ComposerTag;
  },
  actors: { clock },
  guards: {
    canWriteText: ({ context }) => maySend(context) && trimmed(context.text) !== '',
    windowOpen: ({ context }) => maySend(context),
    canAttach: ({ context }, params: { sources: readonly UploadSource[] }) =>
      maySend(context) && params.sources.length > 0,
    canPick: ({ context }, params: { items: readonly MediaFile[] }) =>
      maySend(context) && params.items.some((item) => !inTray(context, item.id)),
    inTray: ({ context }, params: { id: string }) =>
      context.attachments.some((item) => item.id === params.id),
    trayIs: (_, params: { items: readonly TrayItem[]; status: TrayStatus }) =>
      trayStatusOf(params.items) === params.status,
    contactValid: ({ context }, params: { name: string; phone: string }) =>
      maySend(context) && checkContactCard(params).ok,
  },
  actions: {
    type: assign((_, params: { text: string }) => ({ text: params.text })),
    reply: assign((_, params: { message: ReplyTarget }) => ({ replyTo: params.message })),
    cancelReply: assign({ replyTo: null }),
    setWindow: assign(
      ({ context }, params: { open: boolean; closesAt?: string | null; accountDeleted?: boolean }) => ({
        windowOpen: params.open,
        windowClosesAt: params.closesAt === undefined ? context.windowClosesAt : params.closesAt,
        // A deleted number stays deleted.
        accountDeleted: context.accountDeleted || params.accountDeleted === true,
        now: context.readClock(),
      }),
    ),
    tick: assign((_, params: { now: number }) => ({ now: params.now })),
    sendText: emit(({ context }) => ({ type: 'composer.send', draft: textDraft(context) }) as const),
    sendTray: enqueueActions(({ context, enqueue }) => {
      for (const draft of trayDrafts(draftSource(context))) enqueue.emit({ type: 'composer.send', draft });
    }),
    clearDraft: assign({ ...cleared }),
    addToTray: emit((_, params: { sources: UploadSource[] }) => ({
      type: 'composer.toTray' as const,
      command: { type: 'queue.add' as const, sources: params.sources },
    })),
    pickGallery: enqueueActions(({ context, enqueue }, params: { items: readonly MediaFile[] }) => {
      const fresh = params.items.filter(
        (item, index) =>
          !inTray(context, item.id) && params.items.findIndex((other) => other.id === item.id) === index,
      );
      enqueue.assign({
        picked: { ...context.picked, ...Object.fromEntries(fresh.map((item) => [item.id, item])) },
      });
      enqueue.emit({
        type: 'composer.toTray',
        command: {
          type: 'queue.add',
          sources: fresh.map((item) => ({ kind: 'server', id: item.id, origin: 'local' }) as const),
        },
      });
    }),
    keepTray: assign(({ context }, params: { items: TrayItem[] }) => ({
      attachments: params.items,
      // Captions and gallery details of files no longer in the tray go with them.
      captions: Object.fromEntries(
        Object.entries(context.captions).filter(([id]) => params.items.some((item) => item.id === id)),
      ),
      picked: Object.fromEntries(
        Object.entries(context.picked).filter(([id]) =>
          params.items.some((item) => item.serverId === id || item.serverId === null),
        ),
      ),
    })),
    caption: assign(({ context }, params: { id: string; text: string }) => ({
      captions: { ...context.captions, [params.id]: params.text },
    })),
    clearTray: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'composer.toTray', command: { type: 'queue.clear' } });
      enqueue.assign({ ...emptyTray });
    }),
    sendContact: emit(({ context }, params: { name: string; phone: string }) => {
      const card = checkContactCard(params);
      const value = card.ok ? card.value : { name: params.name, phone: params.phone };
      return {
        type: 'composer.send',
        draft: { type: 'vcard', name: value.name, phone: value.phone, ...replyOf(context) },
      } as const;
    }),
    clearContactErrors: assign({ contactErrors: {} }),
    contactSent: assign(({ context }) => ({ contactErrors: {}, contactsSent: context.contactsSent + 1 })),
    showContactErrors: assign((_, params: { name: string; phone: string }) => {
      const card = checkContactCard(params);
      return { contactErrors: card.ok ? {} : card.fieldErrors };
    }),
  },
}).createMachine({
  id: 'composer',
  context: ({ input }) => {
    const readClock = input.now ?? Date.now;
    return {
      ...cleared,
      windowOpen: input.windowOpen ?? true,
      windowClosesAt: input.windowClosesAt ?? null,
      accountDeleted: input.accountDeleted ?? false,
      readClock,
      now: readClock(),
      ...emptyTray,
      contactErrors: {},
      contactsSent: 0,
    };
  },
  invoke: { id: 'clock', src: 'clock', input: ({ context }) => ({ now: context.readClock }) },
  initial: 'empty',
  on: {
    'composer.tick': { actions: { type: 'tick', params: ({ event }) => event } },
    'composer.type': { actions: { type: 'type', params: ({ event }) => event } },
    'composer.reply': { actions: { type: 'reply', params: ({ event }) => event } },
    'composer.cancelReply': { actions: 'cancelReply' },
    'composer.window': { actions: { type: 'setWindow', params: ({ event }) => event } },
    'composer.attachFiles': {
      guard: { type: 'canAttach', params: ({ event }) => event },
      actions: { type: 'addToTray', params: ({ event }) => event },
    },
    'composer.pickGallery': {
      guard: { type: 'canPick', params: ({ event }) => event },
      actions: { type: 'pickGallery', params: ({ event }) => event },
    },
    'composer.trayChanged': [
      {
        guard: { type: 'trayIs', params: ({ event }) => ({ items: event.items, status: 'empty' }) },
        target: '.empty',
        actions: { type: 'keepTray', params: ({ event }) => event },
      },
      {
        guard: { type: 'trayIs', params: ({ event }) => ({ items: event.items, status: 'uploading' }) },
        target: '.uploading',
        actions: { type: 'keepTray', params: ({ event }) => event },
      },
      {
        guard: { type: 'trayIs', params: ({ event }) => ({ items: event.items, status: 'attached' }) },
        target: '.attached',
        actions: { type: 'keepTray', params: ({ event }) => event },
      },
      { target: '.failed', actions: { type: 'keepTray', params: ({ event }) => event } },
    ],
    'composer.caption': {
      guard: { type: 'inTray', params: ({ event }) => event },
      actions: { type: 'caption', params: ({ event }) => event },
    },
    'composer.closeContact': { actions: 'clearContactErrors' },
    'composer.sendContact': [
      {
        guard: { type: 'contactValid', params: ({ event }) => event },
        actions: [{ type: 'sendContact', params: ({ event }) => event }, 'contactSent', 'cancelReply'],
      },
      {
        guard: 'windowOpen',
        actions: { type: 'showContactErrors', params: ({ event }) => event },
      },
    ],
  },
  states: {
    /** No files: Enter sends the text. */
    empty: {
      on: {
        'composer.submit': { guard: 'canWriteText', actions: ['sendText', 'clearDraft'] },
      },
    },
    /** A file is loading or uploading: nothing goes until it is done. */
    uploading: {
      tags: ['busy'],
      on: { 'composer.clearTray': { target: 'empty', actions: 'clearTray' } },
    },
    attached: {
      tags: ['attached'],
      on: {
        'composer.submit': {
          guard: 'windowOpen',
          target: 'empty',
          actions: ['sendTray', 'clearDraft', 'clearTray'],
        },
        'composer.clearTray': { target: 'empty', actions: 'clearTray' },
      },
    },
    /** Only refused or failed files: they show why until removed; a text still sends (and clears them). */
    failed: {
      on: {
        'composer.submit': {
          guard: 'canWriteText',
          target: 'empty',
          actions: ['sendText', 'clearDraft', 'clearTray'],
        },
        'composer.clearTray': { target: 'empty', actions: 'clearTray' },
      },
    },
  },
});

export type ComposerSnapshot = SnapshotFrom<typeof composerMachine>;

export function selectTrayStatus(snapshot: ComposerSnapshot): TrayStatus {
  if (snapshot.matches('uploading')) return 'uploading';
  if (snapshot.matches('attached')) return 'attached';
  if (snapshot.matches('failed')) return 'failed';
  return 'empty';
}

/** Whether `composer.submit` would send something now. */
export function selectCanSend(snapshot: ComposerSnapshot): boolean {
  const { text } = snapshot.context;
  if (!maySend(snapshot.context)) return false;
  if (snapshot.matches('attached')) return true;
  return (snapshot.matches('empty') || snapshot.matches('failed')) && trimmed(text) !== '';
}

/** Whether files may be added now (dropped, pasted, browsed or picked from the gallery). */
export function selectCanAttach(snapshot: ComposerSnapshot): boolean {
  return maySend(snapshot.context);
}

/**
 * `write`: the text box (the window is open); `templates`: the window is closed, only a template
 * can reach the customer (what was written waits); `readOnly`: the number was deleted.
 */
export function selectComposerMode(snapshot: ComposerSnapshot): ComposerMode {
  if (snapshot.context.accountDeleted) return 'readOnly';
  return snapshot.context.windowOpen ? 'write' : 'templates';
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The open window's time left (null when closed or its end is unknown), rounded down to minutes. */
export function selectWindowLeft(snapshot: ComposerSnapshot): WindowLeft | null {
  const { windowClosesAt, now } = snapshot.context;
  if (selectComposerMode(snapshot) !== 'write' || windowClosesAt === null) return null;
  const left = windowRemainingMs({ windowClosesAt }, new Date(now));
  if (left <= 0) return null;
  return {
    hours: Math.floor(left / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
    soon: left < HOUR_MS,
  };
}

/** Something written or attached is waiting (kept while the window is closed). */
export function selectHasDraft(snapshot: ComposerSnapshot): boolean {
  return snapshot.context.text.trim() !== '' || snapshot.context.attachments.length > 0;
}

/** The messages `composer.submit` would send from the tray now. */
export function selectTrayDrafts(snapshot: ComposerSnapshot): ThreadDraft[] {
  return snapshot.matches('attached') ? trayDrafts(draftSource(snapshot.context)) : [];
}
