/**
 * `@sapa/machines/table`: the paged, searchable table every list screen embeds (customers, labels,
 * stages, divisions, quick replies, members, invites). `createTableMachine<Row, Payload>()` gives
 * a table for one row type; `fetchActPage(client)` reads its pages from a `*_list` act.
 */
export {
  createTableMachine,
  fetchActPage,
  samePayload,
  selectTableStatus,
  selectCanPrev,
  selectCanNext,
  selectPageLinks,
  selectRows,
  selectTableError,
} from '../tableMachine.ts';
export type {
  FetchPage,
  TableInput,
  TableEvent,
  TableStatus,
  TablePageLink,
  TableActorRef,
  TablePatch,
} from '../tableMachine.ts';
