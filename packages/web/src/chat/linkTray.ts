/**
 * Ties the composer to its attachment tray (an upload queue): what the composer asks of the
 * tray (`composer.toTray`: add files, clear) goes to the queue, and what the tray holds comes
 * back to the composer as `composer.trayChanged`, only when a file, its state or its server id
 * changed. Answers the function that undoes it. No React here.
 */
import type { Actor, ActorRefFrom } from 'xstate';
import { trayItemsOf, type composerMachine, type TrayItem, type uploadQueueMachine } from '@sapa/machines';
import { sameItems } from '../uploads/sameItems.ts';

export function linkTray(
  composer: Actor<typeof composerMachine>,
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
