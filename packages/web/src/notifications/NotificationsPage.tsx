import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatDateTime } from '@sapa/sdk';
import type { Notification } from '@sapa/sdk';
import {
  notificationTarget,
  notificationText,
  notificationsMachine,
  selectNotifications,
  selectNotificationsError,
  selectNotificationsHasMore,
  selectNotificationsLoadingMore,
  selectNotificationsStatus,
  selectNotificationsUnread,
} from '@sapa/machines/personal';
import type { NotificationTarget } from '@sapa/machines/personal';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { accountsPath, chatPath, membersPath } from '../routes.ts';
import * as layout from '../layout/layout.css.ts';
import * as hidden from '../chat/chat.css.ts';
import * as css from './notifications.css.ts';

type NotificationsActor = ReturnType<typeof useActorRef<typeof notificationsMachine>>;

function targetPath(target: NotificationTarget): string {
  switch (target.screen) {
    case 'chat':
      return chatPath(target.key, target.conversationId);
    case 'members':
      return membersPath(target.key);
    case 'accounts':
      return accountsPath(target.key);
    case 'billing':
      return `/project/billing/${encodeURIComponent(target.key)}`;
  }
}

/**
 * `/notification`: the user's notifications (notificationsMachine), unread first, newest on top,
 * 20 at a time with "load more"; live over the socket. Opening one marks it read and goes to
 * what it is about; each can be marked read on its own, or all at once.
 */
export function NotificationsPage() {
  const t = useT();
  const { client, realtime, inbox } = useRuntime();
  const actor = useActorRef(notificationsMachine, { input: { client, feed: realtime } });
  useEffect(() => {
    const subscription = inbox.connection.on('resync', () => actor.send({ type: 'notifications.resync' }));
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
  const status = useSelector(actor, selectNotificationsStatus);
  const items = useSelector(actor, selectNotifications);
  const unread = useSelector(actor, selectNotificationsUnread);
  const hasMore = useSelector(actor, selectNotificationsHasMore);
  const loadingMore = useSelector(actor, selectNotificationsLoadingMore);
  const error = useSelector(actor, selectNotificationsError);
  return (
    <section className={css.page} aria-labelledby="notifications-title">
      <h1 id="notifications-title" className={layout.pageTitle}>
        {t('notification.title')}
      </h1>
      {status === 'loading' && items.length === 0 ? <Spinner label={t('notification.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.page}>
          <p role="alert" className={css.error}>
            {t('notification.error')} {error?.message}
          </p>
          <div>
            <Button onPress={() => actor.send({ type: 'notifications.retry' })}>
              {t('notification.retry')}
            </Button>
          </div>
        </div>
      ) : null}
      {status === 'ready' ? (
        <>
          <div className={css.toolbar}>
            <p className={css.count} data-testid="notification-unread" aria-live="polite">
              {unread > 0 ? t('notification.unreadCount', { count: unread }) : t('notification.allRead')}
            </p>
            <Button
              tone="secondary"
              size="sm"
              isDisabled={unread === 0 && items.every((item) => item.read)}
              onPress={() => actor.send({ type: 'notifications.readAll' })}
            >
              {t('notification.readAll')}
            </Button>
          </div>
          {error === null ? null : (
            <p role="alert" className={css.error}>
              {error.message}
            </p>
          )}
          {items.length === 0 ? (
            <p className={css.empty}>{t('notification.empty')}</p>
          ) : (
            <ul className={css.list} aria-label={t('notification.list')}>
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} actor={actor} />
              ))}
            </ul>
          )}
          {hasMore ? (
            <div>
              <Button
                tone="secondary"
                isDisabled={loadingMore}
                onPress={() => actor.send({ type: 'notifications.more' })}
              >
                {t('notification.more')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function NotificationRow({ item, actor }: { item: Notification; actor: NotificationsActor }) {
  const t = useT();
  const { key, params } = notificationText(item);
  const text = t(key, params);
  return (
    <li className={css.item} data-testid="notification" {...(item.read ? {} : { 'data-unread': true })}>
      <span className={item.read ? css.readDot : css.dot} aria-hidden />
      <Link
        href={targetPath(notificationTarget(item))}
        className={css.body}
        onClick={() => actor.send({ type: 'notifications.read', id: item.id })}
      >
        <span className={css.text}>
          {item.read ? null : <span className={hidden.visuallyHidden}>{t('notification.unread')}: </span>}
          {text}
        </span>
        <span className={css.time}>{formatDateTime(item.createdAt)}</span>
      </Link>
      {item.read ? null : (
        <Button
          tone="ghost"
          size="sm"
          aria-label={t('notification.markReadLabel', { text })}
          onPress={() => actor.send({ type: 'notifications.read', id: item.id })}
        >
          {t('notification.markRead')}
        </Button>
      )}
    </li>
  );
}
