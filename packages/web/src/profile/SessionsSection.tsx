import { useActorRef, useSelector } from '@xstate/react';
import { formatDateTime } from '@sapa/sdk';
import type { UserSession } from '@sapa/sdk';
import {
  describeUserAgent,
  selectSessionRevoking,
  selectSessions,
  selectSessionsListError,
  selectSessionsListStatus,
  sessionsListMachine,
} from '@sapa/machines/personal';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useAnnouncements } from '../crm/CrmPage.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './profile.css.ts';

/** "Chrome on Windows", or what is known of it. */
function useDeviceName(): (session: UserSession) => string {
  const t = useT();
  return (session) => {
    const { browser, os } = describeUserAgent(session.userAgent);
    if (browser === null && os === null) return t('profile.sessions.unknownDevice');
    return t('profile.sessions.device', {
      browser: browser ?? t('profile.sessions.unknownBrowser'),
      os: os ?? t('profile.sessions.unknownOs'),
    });
  };
}

/**
 * The user's signed-in devices (sessionsListMachine), this one first, each with its address,
 * when it was last used and a button that signs it out. Signing out this device signs out here.
 */
export function SessionsSection() {
  const t = useT();
  const { client, session } = useRuntime();
  const deviceName = useDeviceName();
  const actor = useActorRef(sessionsListMachine, { input: { client } });
  const status = useSelector(actor, selectSessionsListStatus);
  const sessions = useSelector(actor, selectSessions);
  const revoking = useSelector(actor, selectSessionRevoking);
  const error = useSelector(actor, selectSessionsListError);
  useAnnouncements(actor, {
    'sessionsList.revoked': ({ session: revoked }) => ({
      message: t('profile.sessions.revoked', { device: deviceName(revoked) }),
    }),
    'sessionsList.signedOut': () => {
      // The server has ended this token already: forget it here and go to the login page.
      session.send({ type: 'session.ended' });
      return null;
    },
  });
  if (status === 'loading') return <Spinner label={t('profile.sessions.loading')} />;
  if (status === 'failed')
    return (
      <div className={css.form}>
        <p role="alert" className={css.error}>
          {t('profile.sessions.error')} {error?.message}
        </p>
        <div>
          <Button onPress={() => actor.send({ type: 'sessionsList.retry' })}>
            {t('profile.sessions.retry')}
          </Button>
        </div>
      </div>
    );
  return (
    <>
      {error === null ? null : (
        <p role="alert" className={css.error}>
          {error.message}
        </p>
      )}
      <ul className={css.sessions} aria-label={t('profile.sessions.list')}>
        {sessions.map((entry) => {
          const name = deviceName(entry);
          return (
            <li key={entry.id} className={css.sessionItem} data-testid="profile-session">
              <div className={css.sessionText}>
                <span className={css.sessionName}>
                  {name}
                  {entry.current ? (
                    <span className={css.badge}>{t('profile.sessions.thisDevice')}</span>
                  ) : null}
                </span>
                <span className={css.hint}>
                  {entry.ip === null ? null : `${t('profile.sessions.ip', { ip: entry.ip })} · `}
                  {t('profile.sessions.lastSeen', { time: formatDateTime(entry.lastSeenAt) })}
                </span>
              </div>
              <Button
                tone="secondary"
                size="sm"
                isDisabled={revoking !== null}
                aria-label={t('profile.sessions.signOutLabel', {
                  device: entry.current ? t('profile.sessions.thisDevice') : name,
                })}
                onPress={() => actor.send({ type: 'sessionsList.revoke', id: entry.id })}
              >
                {t('profile.sessions.signOut')}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
