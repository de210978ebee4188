/**
 * The inbox list's filters beyond the chips, shown on demand under its "Filter" button: a
 * WhatsApp-number filter (with more than one number), and the label, stage and division filters,
 * each offering the project's records. A chunk of its own (`LazyListFilters.tsx`): the inbox's
 * first rows do not wait for the pickers' code.
 */
import type { Actor } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import {
  labelOptionsMachine,
  loadStageFilterOptions,
  selectLabelOptions,
  selectLabelOptionsStatus,
} from '@sapa/machines/crm';
import {
  selectAccountFilter,
  selectLabelFilter,
  selectStageFilter,
  type conversationListMachine,
} from '@sapa/machines/inbox';
import type { WhatsAppAccount } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { DivisionFilter } from '../divisions/DivisionFilter.tsx';
import { OptionSelect } from './OptionSelect.tsx';
import { RecordFilter } from './RecordFilter.tsx';

type ListActor = Actor<typeof conversationListMachine>;

const ALL_NUMBERS = 'all-numbers';

/** The panel's filters; they mount the first time the panel opens, and their options load then. */
export function ListFilters({
  list,
  projectKey,
  accounts,
}: {
  list: ListActor;
  projectKey: string;
  accounts: readonly WhatsAppAccount[];
}) {
  const t = useT();
  const accountId = useSelector(list, selectAccountFilter);
  return (
    <>
      {accounts.length > 1 ? (
        <OptionSelect
          label={t('chat.list.account')}
          options={[
            { id: ALL_NUMBERS, label: t('chat.list.allAccounts') },
            ...accounts.map((account) => ({
              id: account.id,
              label: `${account.name} (${account.displayPhone})`,
            })),
          ]}
          selected={accountId ?? ALL_NUMBERS}
          onSelect={(id) => list.send({ type: 'list.account', accountId: id === ALL_NUMBERS ? null : id })}
        />
      ) : null}
      <LabelFilter list={list} projectKey={projectKey} />
      <StageFilter list={list} projectKey={projectKey} />
      <DivisionFilter list={list} projectKey={projectKey} />
    </>
  );
}

const ALL_LABELS = 'all-labels';

/**
 * The inbox's label filter: "Semua label", or one of the project's labels (labelOptionsMachine,
 * loaded as the inbox opens; a failure offers a retry); the list then asks `conversation_list`
 * with its `labelId`.
 */
function LabelFilter({ list, projectKey }: { list: ListActor; projectKey: string }) {
  const t = useT();
  const { client } = useRuntime();
  const labels = useActorRef(labelOptionsMachine, { input: { client, key: projectKey } });
  const status = useSelector(labels, selectLabelOptionsStatus);
  const options = useSelector(labels, selectLabelOptions);
  const labelId = useSelector(list, selectLabelFilter);
  return (
    <>
      <OptionSelect
        label={t('chat.list.labelFilter')}
        testId="label-filter"
        options={[
          { id: ALL_LABELS, label: t('chat.list.allLabels') },
          ...options.map((label) => ({ id: label.id, label: label.name })),
        ]}
        selected={labelId ?? ALL_LABELS}
        onSelect={(id) => list.send({ type: 'list.label', labelId: id === ALL_LABELS ? null : id })}
      />
      {status === 'failed' ? (
        <Button size="sm" tone="ghost" onPress={() => labels.send({ type: 'labelOptions.retry' })}>
          {t('chat.list.labelsRetry')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The inbox's stage filter: "Semua tahap", or one of the project's stages (`stage_list` all, in
 * board order); the list then asks `conversation_list` with its `stageId`.
 */
function StageFilter({ list, projectKey }: { list: ListActor; projectKey: string }) {
  const t = useT();
  const stageId = useSelector(list, selectStageFilter);
  return (
    <RecordFilter
      load={loadStageFilterOptions}
      projectKey={projectKey}
      label={t('chat.list.stage')}
      allLabel={t('chat.list.allStages')}
      testId="stage-filter"
      selected={stageId}
      onSelect={(id) => list.send({ type: 'list.stage', stageId: id })}
    />
  );
}
