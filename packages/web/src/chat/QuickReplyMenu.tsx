import { useEffect, useId, type KeyboardEvent } from 'react';
import type { Actor, ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import type { QuickReply, QuickReplyValues } from '@sapa/sdk';
import {
  quickReplyMenuKey,
  quickReplyMenuMachine,
  selectActiveQuickReply,
  selectQuickReplyMenuKeys,
  selectQuickReplyMenuOpen,
  selectQuickReplyMenuStatus,
  selectQuickReplyOptions,
} from '@sapa/machines/crm';
import { selectUser } from '@sapa/machines/auth';
import { type composerMachine } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { linkQuickReplies } from './linkQuickReplies.ts';
import * as css from './quickReplyMenu.css.ts';

type MenuActor = Actor<typeof quickReplyMenuMachine>;

/** The customer the composer writes to, as its placeholders read them. */
export interface QuickReplyCustomer {
  name: string;
  /** As the viewer sees it (possibly masked). */
  phone: string;
}

export interface QuickReplyMenuBinding {
  menu: MenuActor;
  /** The listbox's id, and the active option's element id (for the text box's ARIA). */
  listId: string;
  activeId: string | null;
  open: boolean;
  /** The listbox shows (the menu is open with options). */
  listed: boolean;
  /** Handles a key of the text box for the menu; `true` when it did (the caller stops there). */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
}

function valuesOf(name: string, phone: string, agent: string | null): QuickReplyValues {
  return agent === null ? { nama: name, nomor: phone } : { nama: name, nomor: phone, agen: agent };
}

function optionId(listId: string, reply: Pick<QuickReply, 'id'>): string {
  return `${listId}-${reply.id}`;
}

/**
 * The composer's `/` menu for one open conversation: its machine (the project's quick replies,
 * loaded once), tied to the composer, with the placeholders' values kept up to date.
 */
export function useQuickReplyMenu(
  composer: ActorRefFrom<typeof composerMachine>,
  projectKey: string,
  customer: QuickReplyCustomer,
): QuickReplyMenuBinding {
  const { client, session } = useRuntime();
  const agent = useSelector(session, (snapshot) => selectUser(snapshot)?.name ?? null);
  const { name, phone } = customer;
  const menu = useActorRef(quickReplyMenuMachine, {
    input: { client, key: projectKey, values: valuesOf(name, phone, agent) },
  });
  useEffect(() => linkQuickReplies(composer, menu), [composer, menu]);
  useEffect(() => {
    menu.send({ type: 'quickReplyMenu.values', values: valuesOf(name, phone, agent) });
  }, [menu, name, phone, agent]);
  const listId = useId();
  const open = useSelector(menu, selectQuickReplyMenuOpen);
  const listed = useSelector(menu, selectQuickReplyMenuKeys);
  const active = useSelector(menu, selectActiveQuickReply);
  return {
    menu,
    listId,
    open,
    listed,
    activeId: active === null ? null : optionId(listId, { id: active }),
    onKeyDown: (event) => {
      // The menu decides (Enter on a query that matches nothing is held, never sent).
      const next = quickReplyMenuKey(
        { ...event, isComposing: event.nativeEvent.isComposing },
        menu.getSnapshot(),
      );
      if (next === null) return false;
      event.preventDefault();
      event.stopPropagation();
      menu.send(next);
      return true;
    },
  };
}

/**
 * The `/` menu above the text box (`data-testid="quick-reply-menu"`): a listbox of the matching
 * quick replies (`data-testid="quick-reply-option"` with `data-shortcut`), the active one
 * highlighted. Focus stays in the text box (`aria-activedescendant`); a click inserts.
 */
export function QuickReplyMenu({ binding }: { binding: QuickReplyMenuBinding }) {
  const t = useT();
  const { menu, listId, open } = binding;
  const status = useSelector(menu, selectQuickReplyMenuStatus);
  const options = useSelector(menu, selectQuickReplyOptions);
  const active = useSelector(menu, selectActiveQuickReply);
  const error = useSelector(menu, (snapshot) => snapshot.context.error);
  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (active !== null)
      document.getElementById(optionId(listId, { id: active }))?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);
  if (!open) return null;
  return (
    <div className={css.anchor}>
      <div className={css.popover} data-testid="quick-reply-menu">
        {status === 'loading' ? (
          <p className={css.note} role="status">
            {t('chat.quickReply.loading')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <p className={css.note} role="alert">
            {t('chat.quickReply.failed', { message: error?.message ?? '' })}
            <Button size="sm" tone="secondary" onPress={() => menu.send({ type: 'quickReplyMenu.retry' })}>
              {t('common.retry')}
            </Button>
          </p>
        ) : null}
        {status === 'ready' && options.length === 0 ? (
          <p className={css.note} role="status">
            {t('chat.quickReply.empty')}
          </p>
        ) : null}
        {options.length > 0 ? (
          <ul id={listId} role="listbox" className={css.list} aria-label={t('chat.quickReply.menu')}>
            {options.map((reply) => (
              <li
                key={reply.id}
                id={optionId(listId, reply)}
                role="option"
                aria-selected={reply.id === active}
                className={css.option({ active: reply.id === active })}
                data-testid="quick-reply-option"
                data-shortcut={reply.shortcut}
                // Keep the focus (and the caret) in the text box.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => menu.send({ type: 'quickReplyMenu.highlight', id: reply.id })}
                onClick={() => menu.send({ type: 'quickReplyMenu.choose', id: reply.id })}
              >
                <span className={css.shortcut}>/{reply.shortcut}</span>
                <span className={css.text}>
                  {reply.text}
                  {reply.media === null
                    ? ''
                    : ` · ${t('chat.quickReply.withFile', { name: reply.media.filename })}`}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <span className={css.hint} aria-hidden="true">
          {t('chat.quickReply.hint')}
        </span>
      </div>
    </div>
  );
}
