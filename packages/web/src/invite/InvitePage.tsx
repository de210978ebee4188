import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import {
  invitePageMachine,
  selectInvitePageStatus,
  selectInvitePreview,
  selectInviteTarget,
} from '@sapa/machines/team';
import { AuthLayout, FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './invite.css.ts';
import { loadTeamTexts } from '../i18n/teamTexts.ts';

// The project area's texts are not loaded with the app.
loadTeamTexts();

/**
 * `/invite/{code}` for a signed-in user (the session machine sends a signed-out one to sign in
 * or register and back here): who invites to which project with which starting permissions, and
 * "Gabung ke proyek"; once joined, the project's first screen the member may open
 * (invitePageMachine). A code that no longer works, or a project the user is in already, says so.
 */
export function InvitePage({ code }: { code: string }) {
  const t = useT();
  const { client } = useRuntime();
  const [, navigate] = useLocation();
  const actor = useActorRef(invitePageMachine, { input: { client, code } });
  const status = useSelector(actor, selectInvitePageStatus);
  const invite = useSelector(actor, selectInvitePreview);
  const target = useSelector(actor, selectInviteTarget);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useEffect(() => {
    if (status === 'joined' && target !== null) navigate(target, { replace: true });
  }, [status, target, navigate]);
  return (
    <AuthLayout title={t('invitePage.title')}>
      <div className={css.body} data-testid="invite-page">
        {status === 'loading' || status === 'joined' ? <Spinner label={t('invitePage.loading')} /> : null}
        {status === 'failed' ? (
          <>
            <FormError message={t('invitePage.failed', { message: error?.message ?? '' })} />
            <div className={css.actions}>
              <Button onPress={() => actor.send({ type: 'invite.retry' })}>{t('common.retry')}</Button>
            </div>
          </>
        ) : null}
        {status === 'invalid' ? (
          <p className={css.text} role="alert">
            {t('invitePage.invalid')}
          </p>
        ) : null}
        {invite !== null && status !== 'invalid' && status !== 'loading' && status !== 'failed' ? (
          <>
            <p className={css.text} data-testid="invite-summary">
              {t('invitePage.body', { inviter: invite.inviterName, project: invite.projectName })}
            </p>
            <p className={css.muted}>
              {t('invitePage.template', { template: t(`template.${invite.template}`) })}
            </p>
          </>
        ) : null}
        {status === 'closed' && invite !== null ? (
          <p className={css.text} role="alert">
            {t('invitePage.status', { status: t(`invites.status.${invite.status}`).toLowerCase() })}
          </p>
        ) : null}
        {status === 'member' && invite !== null ? (
          <>
            <p className={css.text}>{t('invitePage.memberAlready', { project: invite.projectName })}</p>
            <div className={css.actions}>
              <Button onPress={() => (target ? navigate(target) : null)}>{t('invitePage.open')}</Button>
            </div>
          </>
        ) : null}
        {status === 'ready' || status === 'joining' ? (
          <>
            <FormError message={error ? t('invitePage.acceptFailed', { message: error.message }) : null} />
            <div className={css.actions}>
              <Button
                data-testid="invite-accept"
                isDisabled={status === 'joining'}
                onPress={() => actor.send({ type: 'invite.accept' })}
              >
                {status === 'joining' ? t('invitePage.accepting') : t('invitePage.accept')}
              </Button>
            </div>
          </>
        ) : null}
        {status === 'invalid' || status === 'closed' || status === 'failed' ? (
          <div className={css.actions}>
            <Button tone="secondary" onPress={() => navigate('/')}>
              {t('invitePage.home')}
            </Button>
          </div>
        ) : null}
      </div>
    </AuthLayout>
  );
}
