/**
 * Ties the composer to its attachment tray (an upload queue): what the composer asks of the
 * tray (`composer.toTray`: add files, clear) goes to the queue, and what the tray holds comes
 * back to the composer as `composer.trayChanged`, only when a file, its state or its server id
 * changed. Answers the function that undoes it. No React here.
 */
import type { ActorRefFrom } from 'xstate';
import type { MediaFile } from '@sapa/sdk';
import { trayItemsOf, type composerMachine, type TrayItem } from '@sapa/machines/inbox';
import { type uploadQueueMachine } from '@sapa/machines/uploads';
import { sameItems } from '../uploads/sameItems.ts';

export function linkTray(
  composer: ActorRefFrom<typeof composerMachine>,
  tray: ActorRefFrom<typeof uploadQueueMachine>,
): () => void {
  const commands = composer.on('composer.toTray', ({ command }) => tray.send(command));
  let last: TrayItem[] | null = null;
  const tell = () => {
    const items = trayItemsOf(tray.getSnapshot());
    if (sameItems(last, items)) return;
    last = items;
    composer.send({ type: 'composer.trayChanged', items });
  };
  const subscription = tray.subscribe(tell);
  tell();
  return () => {
    commands.unsubscribe();
    subscription.unsubscribe();
  };
}

/** What the tray shows of a file beside its caption: an image's thumbnail and its size. */
export interface TrayPreview {
  /** An image to show (a gallery image's link); `null`: none (FilePond shows picked files). */
  url: string | null;
  /** Bytes: the loaded file's, else the gallery's figure while it loads; 0 while unknown. */
  size: number;
}

/** A tray item's preview, from the gallery files the composer holds (`context.picked`). */
export function trayPreviewOf(item: TrayItem, picked: Readonly<Record<string, MediaFile>>): TrayPreview {
  const file = item.serverId === null ? undefined : picked[item.serverId];
  return {
    url: file !== undefined && file.mimeType.startsWith('image/') ? file.url : null,
    size: item.size > 0 ? item.size : (file?.size ?? 0),
  };
}
