/**
 * Ties the composer to its `/` menu (quickReplyMenuMachine): each new draft goes to the menu
 * (`quickReplyMenu.draft`), and an inserted quick reply comes back as the composer's text
 * (`composer.type`) and, when it has a file, a gallery file in the tray (`composer.pickGallery`).
 * Answers the function that undoes it. No React here.
 */
import type { Actor, ActorRefFrom } from 'xstate';
import type { composerMachine } from '@sapa/machines/inbox';
import type { quickReplyMenuMachine } from '@sapa/machines/crm';

export function linkQuickReplies(
  composer: ActorRefFrom<typeof composerMachine>,
  menu: Actor<typeof quickReplyMenuMachine>,
): () => void {
  let last: string | null = null;
  const tell = () => {
    const { text } = composer.getSnapshot().context;
    if (text === last) return;
    last = text;
    menu.send({ type: 'quickReplyMenu.draft', text });
  };
  const subscription = composer.subscribe(tell);
  tell();
  const inserts = menu.on('quickReplyMenu.insert', ({ text, media }) => {
    composer.send({ type: 'composer.type', text });
    if (media !== null) composer.send({ type: 'composer.pickGallery', items: [media] });
  });
  return () => {
    subscription.unsubscribe();
    inserts.unsubscribe();
  };
}
