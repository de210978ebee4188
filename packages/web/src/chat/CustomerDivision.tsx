import { useEffect, useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ConversationSummary } from '@sapa/sdk';
import {
  conversationDivisionMachine,
  divisionPermissions,
  selectConversationDivision,
  selectDivisionChoices,
  selectDivisionOptionsStatus,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { ColorChip } from '../crm/ColorChip.tsx';
import * as choice from '../crm/choice.css.ts';
import { FailureRow } from '../crm/FailureRow.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { OptionSelect } from './OptionSelect.tsx';

/** The select's key for "no division" (keys cannot be null). */
const NO_DIVISION = 'no-division';

/**
 * The open conversation's division in the chat's customer panel (conversationDivisionMachine): a
 * chip of its colour, a select to put it in a division with `crm.chat.add_divisi` ("Tanpa
 * divisi" takes it out, with `crm.chat.delete_divisi`), or, with only the latter, a button that
 * takes it out. Follows changes made elsewhere live.
 */
export function CustomerDivision({ conversation }: { conversation: ConversationSummary }) {
  const { project } = useProject();
  if (project === null) return null;
  const may = divisionPermissions(project.permissions);
  return (
    <DivisionPicker
      key={`${project.key}/${conversation.id}`}
      projectKey={project.key}
      conversation={conversation}
      canSet={may.setOnConversation}
      canClear={may.clearOnConversation}
    />
  );
}

function DivisionPicker({
  projectKey,
  conversation,
  canSet,
  canClear,
}: {
  projectKey: string;
  conversation: ConversationSummary;
  canSet: boolean;
  canClear: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const { client, inbox } = useRuntime();
  const actor = useActorRef(conversationDivisionMachine, {
    input: { client, key: projectKey, conversation, canSet, canClear },
  });
  // The socket's news of this conversation (a change made elsewhere, a reconnection).
  useEffect(
    () =>
      inbox.router.attachConversation(projectKey, {
        conversationId: conversation.id,
        thread: null,
        conversation: {
          send: (event) => {
            if (event.type === 'conversation.updated' || event.type === 'conversation.resync')
              actor.send(event);
          },
        },
        onRemoved: () => undefined,
      }),
    [inbox.router, projectKey, conversation.id, actor],
  );
  const division = useSelector(actor, selectConversationDivision);
  const options = useSelector(actor, selectDivisionChoices);
  const optionsStatus = useSelector(actor, selectDivisionOptionsStatus);
  const optionsError = useSelector(actor, (snapshot) => snapshot.context.optionsError);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  const items = [
    { id: NO_DIVISION, label: t('conversationDivision.none'), color: null },
    ...options.map((option) => ({ id: option.id, label: option.name, color: option.color })),
  ];
  // Its own division shows even before (or without) the project's list.
  if (division !== null && !items.some((item) => item.id === division.id))
    items.push({ id: division.id, label: division.name, color: division.color });
  return (
    <section className={choice.section} aria-labelledby={headingId} data-testid="customer-division-section">
      <h3 id={headingId} className={choice.title}>
        {t('conversationDivision.title')}
      </h3>
      <ColorChip
        testId="customer-division"
        name={division?.name ?? t('conversationDivision.none')}
        color={division?.color ?? null}
      />
      {canSet ? (
        <OptionSelect
          label={t('conversationDivision.change')}
          testId="division-select"
          options={items}
          selected={division?.id ?? NO_DIVISION}
          isDisabled={changing || optionsStatus !== 'ready'}
          disabledKeys={canClear || division === null ? [] : [NO_DIVISION]}
          onSelect={(id) =>
            actor.send(
              id === NO_DIVISION
                ? { type: 'conversationDivision.clear' }
                : { type: 'conversationDivision.set', divisionId: id },
            )
          }
        />
      ) : null}
      {!canSet && canClear && division !== null ? (
        <Button
          size="sm"
          tone="secondary"
          isDisabled={changing}
          data-testid="division-clear"
          onPress={() => actor.send({ type: 'conversationDivision.clear' })}
        >
          {t('conversationDivision.clear')}
        </Button>
      ) : null}
      {changing ? <p className={choice.muted}>{t('conversationDivision.changing')}</p> : null}
      {changeError ? (
        <FailureRow
          message={t('conversationDivision.changeFailed', { message: changeError.message })}
          action={t('common.close')}
          tone="ghost"
          onAction={() => actor.send({ type: 'conversationDivision.dismiss' })}
        />
      ) : null}
      {canSet && optionsStatus === 'failed' ? (
        <FailureRow
          message={t('conversationDivision.optionsFailed', { message: optionsError?.message ?? '' })}
          action={t('common.retry')}
          onAction={() => actor.send({ type: 'conversationDivision.retryOptions' })}
        />
      ) : null}
    </section>
  );
}
