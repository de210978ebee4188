/** The labels machine's input, context, events, tags and what it announces (labelsMachine.ts). */
import type { Label } from '@sapa/sdk';
import type { CrudDialogContext, CrudDialogTag } from './crudDialog.ts';
import type { SearchContext } from './debouncedSearch.ts';
import type { LabelDraft, LabelField, LabelSort, LabelTablePayload } from './labelActors.ts';
import type { ActCaller } from './sdk.ts';
import type { FetchPage } from './tableMachine.ts';
import type { FieldErrors } from './validation.ts';

export interface LabelsInput {
  client: ActCaller;
  key: string;
  /** Where the table's pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<Label, LabelTablePayload>;
  /** Quiet time after the last keystroke before a search runs. Default 300. */
  searchDebounceMs?: number;
}

/** The open form's label (`selectLabelForm`): a new one (`id` null) or one being edited, as typed. */
export interface LabelForm extends LabelDraft {
  id: string | null;
}

/** The sort, the search (debouncedSearch.ts) and the dialog (crudDialog.ts) over the table. */
export interface LabelsContext
  extends SearchContext, CrudDialogContext<Label, LabelDraft, FieldErrors<LabelField>> {
  client: ActCaller;
  key: string;
  fetchPage: FetchPage<Label, LabelTablePayload>;
  sort: LabelSort;
}

export type LabelsEvent =
  | { type: 'labels.sort'; sort: LabelSort }
  | { type: 'labels.search'; text: string }
  /** Sent by the `delay` actor (tests send it themselves). */
  | { type: 'labels.searchSettled' }
  /** Opens the form for a new label (`crm.label.add`). */
  | { type: 'labels.add' }
  /** Opens the form on a label of the table (`crm.label.edit`). */
  | { type: 'labels.edit'; label: Label }
  | { type: 'labels.name'; name: string }
  | { type: 'labels.color'; color: string }
  | { type: 'labels.submit' }
  /** Closes the form, or calls the delete off. */
  | { type: 'labels.cancel' }
  /** Asks to delete a label of the table (`crm.label.hapus`). */
  | { type: 'labels.delete'; label: Label }
  | { type: 'labels.confirmDelete' };

export type LabelsTag = CrudDialogTag;

/** What the screen is told (toasts): a label saved (`created` for a new one), a label deleted. */
export type LabelsEmitted =
  | { type: 'labels.saved'; label: Label; created: boolean }
  | { type: 'labels.deleted'; id: string; name: string };
