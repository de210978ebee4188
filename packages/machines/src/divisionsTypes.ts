/** The divisions machine's input, context, events, tags and what it announces (divisionsMachine.ts). */
import type { Division } from '@sapa/sdk';
import type { CrudDialogContext, CrudDialogTag } from './crudDialog.ts';
import type { SearchContext } from './debouncedSearch.ts';
import type { DivisionDraft, DivisionFieldErrors, DivisionTablePayload } from './divisionActors.ts';
import type { ActCaller } from './sdk.ts';
import type { FetchPage } from './tableMachine.ts';

export interface DivisionsInput {
  client: ActCaller;
  key: string;
  /** Where the table's pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<Division, DivisionTablePayload>;
  /** Whether the viewer may add and remove members (`crm.divisi.add_user`); the server decides again. */
  canManageMembers?: boolean;
  /** Quiet time after the last keystroke before a search runs. Default 300. */
  searchDebounceMs?: number;
}

/** The search (debouncedSearch.ts), the dialog (crudDialog.ts) and the members it may open. */
export interface DivisionsContext
  extends SearchContext, CrudDialogContext<Division, DivisionDraft, DivisionFieldErrors> {
  client: ActCaller;
  key: string;
  fetchPage: FetchPage<Division, DivisionTablePayload>;
  canManageMembers: boolean;
  /** The division whose members are open (`dialog.members`). */
  membersOf: Division | null;
}

export type DivisionsEvent =
  | { type: 'divisions.search'; text: string }
  /** Sent by the search pause (tests send it themselves). */
  | { type: 'divisions.searchSettled' }
  /** "Tambah divisi": the form opens empty, with the palette's first colour (`crm.divisi.add`). */
  | { type: 'divisions.add' }
  /** The form opens with this division (a row of the table; `crm.divisi.edit`). */
  | { type: 'divisions.edit'; division: Division }
  | { type: 'divisions.name'; value: string }
  | { type: 'divisions.color'; value: string }
  | { type: 'divisions.save' }
  /** The open dialog closes (not while it saves or deletes). */
  | { type: 'divisions.cancel' }
  /** Asks to delete a division of the table (`crm.divisi.hapus`). */
  | { type: 'divisions.delete'; division: Division }
  | { type: 'divisions.confirmDelete' }
  /** Opens a division's members (the `members` child, a divisionMembersMachine). */
  | { type: 'divisions.members'; division: Division };

export type DivisionsTag = CrudDialogTag | 'members';

/** What the screen is told (toasts): a division saved (`created` for a new one), a division deleted. */
export type DivisionsEmitted =
  | { type: 'divisions.saved'; division: Division; created: boolean }
  | { type: 'divisions.deleted'; id: string; name: string };
