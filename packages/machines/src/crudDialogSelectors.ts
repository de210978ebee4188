/**
 * What a CRM table's dialog region (crudDialog.ts) shows, read by selectors so screens need not
 * know its context: the row being edited, the draft, its errors, the row asked to be deleted.
 */
import type { CrudDialogContext, CrudDialogTag } from './crudDialog.ts';

/** The snapshot of a machine with a crud dialog region, as these selectors read it. */
export interface CrudDialogSnapshot<Row, Draft = unknown, Errors extends object = object> {
  context: CrudDialogContext<Row, Draft, Errors>;
  hasTag(tag: CrudDialogTag): boolean;
}

/** The row the form edits (`null`: a new one). */
export function selectEditing<Row>(snapshot: CrudDialogSnapshot<Row>): Row | null {
  return snapshot.context.editing;
}

/** What the form holds, as typed. */
export function selectDraft<Draft>(snapshot: CrudDialogSnapshot<unknown, Draft>): Draft {
  return snapshot.context.draft;
}

/** The form's field errors (its checks or the server's). */
export function selectFieldErrors<Errors extends object>(
  snapshot: CrudDialogSnapshot<unknown, unknown, Errors>,
): Errors {
  return snapshot.context.fieldErrors;
}

/** Why the last save failed, when it was not a field's fault. */
export function selectSaveError(snapshot: CrudDialogSnapshot<unknown>) {
  return snapshot.context.saveError;
}

/** The row asked to be deleted. */
export function selectDeleteTarget<Row>(snapshot: CrudDialogSnapshot<Row>): Row | null {
  return snapshot.context.deleteTarget;
}

/** Why deleting the target last failed. */
export function selectDeleteError(snapshot: CrudDialogSnapshot<unknown>) {
  return snapshot.context.deleteError;
}

/** Whether the form's save is under way. */
export function selectSaving(snapshot: CrudDialogSnapshot<unknown>): boolean {
  return snapshot.hasTag('saving');
}

/** Whether the delete is under way. */
export function selectDeleting(snapshot: CrudDialogSnapshot<unknown>): boolean {
  return snapshot.hasTag('deleting');
}
