import { useEffect, useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  customerOptOutMachine,
  mayChangeOptOut,
  selectOptOut,
  selectOptOutTarget,
  type OptOutState,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { OptOutStatus } from './OptOutStatus.tsx';
import * as css from './optOut.css.ts';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';

// The opt-out texts are the broadcasts part's (not loaded with the app).
loadBroadcastTexts();

/**
 * A customer's opt-out of broadcasts in the chat's customer panel (customerOptOutMachine): the
 * status, and for a member holding `crm.customer.edit` the way to opt them out or back in, asked
 * first. Follows the conversation's live summary (`state`).
 */
export function CustomerOptOut({
  customerId,
  name,
  state,
  timeZone,
}: {
  customerId: string;
  name: string;
  state: OptOutState;
  timeZone: string;
}) {
  const { project } = useProject();
  if (project === null) return null;
  return (
    <OptOutView
      key={`${project.key}/${customerId}`}
      projectKey={project.key}
      customerId={customerId}
      name={name}
      state={state}
      timeZone={timeZone}
      canChange={mayChangeOptOut(project.permissions)}
    />
  );
}

function OptOutView({
  projectKey,
  customerId,
  name,
  state,
  timeZone,
  canChange,
}: {
  projectKey: string;
  customerId: string;
  name: string;
  state: OptOutState;
  timeZone: string;
  canChange: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const { client } = useRuntime();
  const actor = useActorRef(customerOptOutMachine, {
    input: { client, key: projectKey, customerId, current: state, canChange },
  });
  const { optedOutAt, optedOutVia } = state;
  useEffect(
    () => actor.send({ type: 'customerOptOut.sync', optedOutAt, optedOutVia }),
    [actor, optedOutAt, optedOutVia],
  );
  const current = useSelector(actor, selectOptOut);
  const target = useSelector(actor, selectOptOutTarget);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const optedOut = current.optedOutAt !== null;
  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="customer-opt-out">
      <h3 id={headingId} className={css.title}>
        {t('optOut.title')}
      </h3>
      <OptOutStatus state={current} timeZone={timeZone} />
      {canChange ? (
        <div className={css.actions}>
          <Button
            size="sm"
            tone="secondary"
            data-testid="opt-out-toggle"
            aria-label={t(optedOut ? 'optOut.optInLabel' : 'optOut.optOutLabel', { name })}
            onPress={() => actor.send({ type: 'customerOptOut.ask', optedOut: !optedOut })}
          >
            {t(optedOut ? 'optOut.optIn' : 'optOut.optOut')}
          </Button>
        </div>
      ) : null}
      {target !== null ? (
        <ModalDialog
          title={t(target ? 'optOut.outTitle' : 'optOut.inTitle', { name })}
          isOpen
          onOpenChange={(open) => (open || saving ? null : actor.send({ type: 'customerOptOut.cancel' }))}
        >
          <p className={css.body}>
            {t(
              target
                ? 'optOut.outBody'
                : current.optedOutVia === 'message'
                  ? 'optOut.inBodyMessage'
                  : 'optOut.inBody',
              { name },
            )}
          </p>
          <FormError message={error ? t('optOut.failed', { message: error.message }) : null} />
          <div className={dialog.actions}>
            <Button
              tone="secondary"
              isDisabled={saving}
              onPress={() => actor.send({ type: 'customerOptOut.cancel' })}
            >
              {t('common.cancel')}
            </Button>
            <Button
              data-testid="opt-out-confirm"
              isDisabled={saving}
              onPress={() => actor.send({ type: 'customerOptOut.confirm' })}
            >
              {saving ? t('optOut.saving') : t(target ? 'optOut.optOut' : 'optOut.optIn')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
