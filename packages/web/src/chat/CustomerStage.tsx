import { useEffect, useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDateTime, type StageMove } from '@sapa/sdk';
import {
  customerStageMachine,
  selectCustomerStage,
  selectCustomerStageStatus,
  selectStageOptions,
  stagePermissions,
} from '@sapa/machines/crm';
import { ColorChip } from '../crm/ColorChip.tsx';
import * as choice from '../crm/choice.css.ts';
import { FailureRow } from '../crm/FailureRow.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from '../stages/customerStage.css.ts';
import { automationName } from './automationName.ts';
import { OptionSelect } from './OptionSelect.tsx';

/** The select's key for "no stage" (keys cannot be null). */
const NO_STAGE = 'no-stage';
/** Moves shown, newest first. */
const HISTORY_SHOWN = 5;

/**
 * The customer's stage in the chat's customer panel (customerStageMachine): a chip of its colour,
 * a select to move them with `crm.chat.add_stage`, and their last moves (from → to, by whom or
 * by which automation rule, when). Follows everyone's moves live. Hidden for a member who may not
 * see stages.
 */
export function CustomerStage({ customerId, timeZone }: { customerId: string; timeZone: string }) {
  const { project } = useProject();
  if (project === null) return null;
  const may = stagePermissions(project.permissions);
  if (!may.seeOnCustomer) return null;
  return (
    <CustomerStageView
      key={`${project.key}/${customerId}`}
      projectKey={project.key}
      customerId={customerId}
      canChange={may.setOnCustomer}
      timeZone={timeZone}
    />
  );
}

function CustomerStageView({
  projectKey,
  customerId,
  canChange,
  timeZone,
}: {
  projectKey: string;
  customerId: string;
  canChange: boolean;
  timeZone: string;
}) {
  const t = useT();
  const headingId = useId();
  const { client, inbox } = useRuntime();
  const actor = useActorRef(customerStageMachine, {
    input: { client, key: projectKey, customerId, canChange },
  });
  useEffect(() => inbox.router.attachStages(projectKey, actor), [inbox.router, projectKey, actor]);
  const status = useSelector(actor, selectCustomerStageStatus);
  const current = useSelector(actor, selectCustomerStage);
  const options = useSelector(actor, selectStageOptions);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const optionsError = useSelector(actor, (snapshot) => snapshot.context.optionsError);
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const stage = current?.stage ?? null;
  const items = [
    { id: NO_STAGE, label: t('customerStage.none'), color: null },
    ...options.map((option) => ({ id: option.id, label: option.name, color: option.color })),
  ];
  return (
    <section className={choice.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={choice.title}>
        {t('customerStage.title')}
      </h3>
      {status === 'loading' ? <p className={choice.muted}>{t('customerStage.loading')}</p> : null}
      {status === 'failed' ? (
        <FailureRow
          message={t('customerStage.failed', { message: error?.message ?? '' })}
          action={t('common.retry')}
          onAction={() => actor.send({ type: 'customerStage.retry' })}
        />
      ) : null}
      {status === 'ready' ? (
        <>
          <ColorChip
            testId="customer-stage"
            name={stage?.name ?? t('customerStage.none')}
            color={stage?.color ?? null}
          />
          {canChange ? (
            <OptionSelect
              label={t('customerStage.change')}
              testId="stage-select"
              options={items}
              selected={stage?.id ?? NO_STAGE}
              isDisabled={changing || options.length === 0}
              onSelect={(id) =>
                actor.send({ type: 'customerStage.set', stageId: id === NO_STAGE ? null : id })
              }
            />
          ) : null}
          {changing ? <p className={choice.muted}>{t('customerStage.changing')}</p> : null}
          {changeError ? (
            <p className={choice.error} role="alert">
              {t('customerStage.changeFailed', { message: changeError.message })}
            </p>
          ) : null}
          {canChange && optionsError ? (
            <FailureRow
              message={t('customerStage.optionsFailed', { message: optionsError.message })}
              action={t('common.retry')}
              onAction={() => actor.send({ type: 'customerStage.retryOptions' })}
            />
          ) : null}
          <StageHistory moves={current?.history ?? []} timeZone={timeZone} />
        </>
      ) : null}
    </section>
  );
}

function StageHistory({ moves, timeZone }: { moves: readonly StageMove[]; timeZone: string }) {
  const t = useT();
  if (moves.length === 0) return <p className={choice.muted}>{t('customerStage.noHistory')}</p>;
  return (
    <ol className={css.history} aria-label={t('customerStage.history')} data-testid="stage-history">
      {moves.slice(0, HISTORY_SHOWN).map((move) => {
        const by = moverName(t, move);
        const date = formatDateTime(move.at, timeZone);
        return (
          <li key={`${move.at}-${move.to?.id ?? 'none'}`} className={css.move}>
            <span>
              {t('customerStage.move', { from: stageName(t, move.from), to: stageName(t, move.to) })}
            </span>
            <span className={css.moveMeta}>
              {by === null ? t('customerStage.at', { date }) : t('customerStage.by', { name: by, date })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Who made a move: the member, or automation ("Otomatis · <rule>"). */
function moverName(t: Translate, move: StageMove): string | null {
  if (move.by !== null) return move.by.name;
  return move.automation === null ? null : automationName(t, move.automation);
}

/** A move's end: no stage, or the stage's name (kept even once the stage is deleted). */
function stageName(t: Translate, stage: StageMove['from']): string {
  return stage === null ? t('customerStage.none') : stage.name;
}
