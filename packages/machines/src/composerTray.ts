/**
 * The composer's attachment tray as the composer sees it: each file's state and server id (from
 * the upload queue), whether the tray is done, and the messages a send from it makes. Pure
 * functions; `composerMachine` holds the state.
 */
import { messageTypeOf } from '@sapa/sdk';
import type { MediaFile } from '@sapa/sdk';
import type { ThreadDraft } from './threadMessages.ts';
import type { UploadSource, UploadStatus } from './uploadMachine.ts';
import type { UploadQueueSnapshot } from './uploadQueueMachine.ts';

/** One file of the tray. */
export interface TrayItem {
  id: string;
  status: UploadStatus;
  /** The stored file's id once processed (or the gallery file's). */
  serverId: string | null;
  filename: string;
  /** MIME type ('' when unknown). */
  mimeType: string;
  size: number;
  origin: 'input' | 'local' | 'limbo';
}

/** What the composer asks of its tray (events of the upload queue). */
export type TrayCommand = { type: 'queue.add'; sources: UploadSource[] } | { type: 'queue.clear' };

/** `empty`; `uploading` (a file loads or uploads); `attached` (files on the server, none busy); `failed` (only refused or failed files). */
export type TrayStatus = 'empty' | 'uploading' | 'attached' | 'failed';

/** What a send from the tray reads. */
export interface TrayDraftSource {
  attachments: readonly TrayItem[];
  /** Each file's caption, by tray item id. */
  captions: Readonly<Record<string, string>>;
  /** Gallery files, by file id: their type and link show while they send. */
  picked: Readonly<Record<string, MediaFile>>;
  /** The text box. */
  text: string;
  /** The message the send replies to. */
  replyTo: string | null;
}

/** Tray states that mean "not done yet": loading, waiting for a slot, uploading, reverting. */
const pendingStatuses: readonly UploadStatus[] = ['loading', 'idle', 'busy', 'processing'];

export function isTrayItemPending(item: TrayItem): boolean {
  return pendingStatuses.includes(item.status);
}

/** A file the server holds, ready to go by its id. */
export function isTrayItemReady(item: TrayItem): item is TrayItem & { serverId: string } {
  return item.status === 'processing-complete' && item.serverId !== null;
}

export function trayStatusOf(items: readonly TrayItem[]): TrayStatus {
  if (items.length === 0) return 'empty';
  if (items.some(isTrayItemPending)) return 'uploading';
  if (items.some(isTrayItemReady)) return 'attached';
  return 'failed';
}

/** The tray's files from its queue's snapshot, in order. */
export function trayItemsOf(snapshot: UploadQueueSnapshot): TrayItem[] {
  return snapshot.context.items.map((item) => {
    const file = item.ref.getSnapshot().context;
    return {
      id: item.id,
      status: item.status,
      serverId: item.serverId,
      filename: file.filename,
      mimeType: file.type,
      size: file.size,
      origin: file.origin,
    };
  });
}

function fileDraft(
  source: TrayDraftSource,
  item: TrayItem & { serverId: string },
  caption: string,
): ThreadDraft {
  const picked = source.picked[item.serverId];
  return {
    type: picked?.type ?? messageTypeOf(item.mimeType, item.filename),
    mediaId: item.serverId,
    filename: picked?.filename ?? item.filename,
    ...(picked === undefined ? {} : { url: picked.url }),
    ...(caption === '' ? {} : { caption }),
  };
}

/**
 * The messages a send from the tray makes, in order: each processed file by its `mediaId` with
 * its own caption (files that failed are left out); one file without a caption takes the text
 * as its caption, otherwise the text follows as a message of its own. The first one replies.
 */
export function trayDrafts(source: TrayDraftSource): ThreadDraft[] {
  const ready = source.attachments.filter(isTrayItemReady);
  const text = source.text.trim();
  const captionOf = (item: TrayItem) => (source.captions[item.id] ?? '').trim();
  const only = ready.length === 1 ? ready[0] : undefined;
  const textIsCaption = only !== undefined && captionOf(only) === '';
  const drafts = ready.map((item) => fileDraft(source, item, textIsCaption ? text : captionOf(item)));
  if (!textIsCaption && text !== '') drafts.push({ type: 'text', caption: text });
  const [first, ...rest] = drafts;
  if (first === undefined) return [];
  return [source.replyTo === null ? first : { ...first, replyTo: source.replyTo }, ...rest];
}
