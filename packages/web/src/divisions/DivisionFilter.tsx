import type { Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { loadDivisionFilterOptions } from '@sapa/machines/crm';
import { selectDivisionFilter, type conversationListMachine } from '@sapa/machines/inbox';
import { RecordFilter } from '../chat/RecordFilter.tsx';
import { useT } from '../i18n/I18nProvider.tsx';

/**
 * The inbox's division filter: "Semua divisi", or one of the project's divisions (`division_list`
 * all, by name); the list then asks `conversation_list` with its `divisionId`, and follows
 * conversations put in or taken out of it live. Shown once the project has divisions.
 */
export function DivisionFilter({
  list,
  projectKey,
}: {
  list: Actor<typeof conversationListMachine>;
  projectKey: string;
}) {
  const t = useT();
  const divisionId = useSelector(list, selectDivisionFilter);
  return (
    <RecordFilter
      load={loadDivisionFilterOptions}
      projectKey={projectKey}
      label={t('chat.list.division')}
      allLabel={t('chat.list.allDivisions')}
      testId="division-filter"
      selected={divisionId}
      onSelect={(id) => list.send({ type: 'list.division', divisionId: id })}
      hideWithout
    />
  );
}
