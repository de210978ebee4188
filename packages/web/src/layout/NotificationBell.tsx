/**
 * The header's bell: the unread count (`notificationBellMachine`: `notification_count`, then the
 * socket's `notification.new` / `notification.count`; counted again after a reconnect). It links
 * to `/notification`; its name says the count.
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import {
  followNotifications,
  notificationBellMachine,
  selectUnreadNotifications,
} from '@sapa/machines/personal';
import { Svg } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './frame.css.ts';

const BellIcon = () => (
  <Svg size={20}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Svg>
);

export function NotificationBell() {
  const t = useT();
  const { client, realtime, inbox } = useRuntime();
  const actor = useActorRef(notificationBellMachine, { input: { client } });
  useEffect(() => followNotifications(realtime, actor), [realtime, actor]);
  useEffect(() => {
    const subscription = inbox.connection.on('resync', () => actor.send({ type: 'bell.refresh' }));
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
  const unread = useSelector(actor, selectUnreadNotifications) ?? 0;
  return (
    <Link
      href="/notification"
      className={css.iconButton}
      aria-label={unread > 0 ? t('frame.bellUnread', { count: unread }) : t('frame.bell')}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className={css.badge} aria-hidden="true" data-testid="bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
