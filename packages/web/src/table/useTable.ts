import { useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { createTableMachine } from '@sapa/machines/table';
import type { FetchPage, TableActorRef } from '@sapa/machines/table';

/**
 * Runs a table machine for a screen: it fetches page 0 of `payload` at once, and again (from
 * page 0) whenever `payload` changes by value. `fetchPage` may change between renders (a new
 * closure); the latest one is used. Hand the result to `<DataTable actor={...}>`, and send it
 * `table.refresh` after a create, edit or delete.
 *
 *   const table = useTable(fetchActPage<'label_list'>(client), { act: 'label_list', key, search });
 */
export function useTable<Row, Payload>(
  fetchPage: FetchPage<Row, Payload>,
  payload: Payload,
): TableActorRef<Row, Payload> {
  const latest = useRef(fetchPage);
  useEffect(() => {
    latest.current = fetchPage;
  }, [fetchPage]);
  const [machine] = useState(() => createTableMachine<Row, Payload>());
  const actor = useActorRef(machine, {
    input: { fetchPage: (request) => latest.current(request), payload },
  });
  // The machine ignores a payload equal to the one it has (the first one included).
  useEffect(() => {
    actor.send({ type: 'table.payload', payload });
  }, [actor, payload]);
  return actor;
}
