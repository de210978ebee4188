import type { PromiseActorLogic } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActCaller } from '@sapa/machines/inbox';
import { useRuntime } from '../RuntimeProvider.tsx';
import { OptionSelect } from './OptionSelect.tsx';

/** The select's key for "all" (keys cannot be null). */
const ALL = 'all';

/**
 * An inbox filter by one of the project's records (a stage, a division): "all" (`null`), or one
 * of them, loaded once by `load` (it answers `null` when they could not be loaded). Without
 * records the filter is disabled or, with `hideWithout`, not shown, while none is chosen.
 */
export function RecordFilter<Row extends { id: string; name: string }>({
  load,
  projectKey,
  label,
  allLabel,
  testId,
  selected,
  onSelect,
  hideWithout = false,
}: {
  load: PromiseActorLogic<Row[] | null, { client: ActCaller; key: string }>;
  projectKey: string;
  label: string;
  allLabel: string;
  /** `data-testid` of the button that opens the choices. */
  testId: string;
  selected: string | null;
  onSelect(id: string | null): void;
  hideWithout?: boolean;
}) {
  const { client } = useRuntime();
  const loaded = useActorRef(load, { input: { client, key: projectKey } });
  const options = useSelector(loaded, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  const none = options === null || (hideWithout && options.length === 0);
  if (hideWithout && none && selected === null) return null;
  return (
    <OptionSelect
      label={label}
      testId={testId}
      options={[
        { id: ALL, label: allLabel },
        ...(options ?? []).map((row) => ({ id: row.id, label: row.name })),
      ]}
      selected={selected ?? ALL}
      isDisabled={none && selected === null}
      onSelect={(id) => onSelect(id === ALL ? null : id)}
    />
  );
}
