/** The labels machine's input, context, events, tags and what it announces (labelsMachine.ts). */
import type { Label } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
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

/** The form's label: a new one (`id` null) or one being edited, as typed. */
export interface LabelForm extends LabelDraft {
  id: string | null;
}

export interface LabelsContext {
  client: ActCaller;
  key: string;
  fetchPage: FetchPage<Label, LabelTablePayload>;
  searchDebounceMs: number;
  sort: LabelSort;
  /** The search the table shows ('' for none), and the one typed (waiting for the pause). */
  search: string;
  searchText: string;
  /** The open form (null when closed). */
  form: LabelForm | null;
  /** The form's field errors (client checks or the server's), each until its field changes. */
  fieldErrors: FieldErrors<LabelField>;
  /** Why the last save failed, when it was not a field's fault. */
  formError: FlowError | null;
  /** The label asked to be deleted (`confirmingDelete`, `deleting`) and why that last failed. */
  deleteTarget: Label | null;
  deleteError: FlowError | null;
}

export type LabelsEvent =
  | { type: 'labels.sort'; sort: LabelSort }
  | { type: 'labels.search'; text: string }
  /** Sent by the `labelSearchPause` actor (tests send it themselves). */
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

export type LabelsTag = 'saving' | 'deleting';

/** What the screen is told (toasts): a label saved (`created` for a new one), a label deleted. */
export type LabelsEmitted =
  | { type: 'labels.saved'; label: Label; created: boolean }
  | { type: 'labels.deleted'; id: string; name: string };
