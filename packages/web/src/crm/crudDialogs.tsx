import type { MessageKey } from '@sapa/sdk';
import {
  selectDeleteError,
  selectDeleteTarget,
  selectDeleting,
  selectDraft,
  selectEditing,
  selectFieldErrors,
  selectSaveError,
  selectSaving,
} from '@sapa/machines/crm';
import type { CrudDialogSnapshot, NameColorDraft } from '@sapa/machines/crm';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import { useSelector } from '@xstate/react';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';

/** A CRM table's events prefix, which also names its catalogue's texts (`labels.deleteTitle`, ...). */
export type CrudPrefix = 'labels' | 'stages' | 'quickReply' | 'divisions';

/** A CRM table's actor, as its dialogs read it and send it `Event`s. */
export type CrudActor<Event extends EventObject, Row, Draft = unknown, Errors extends object = object> = Pick<
  ActorRef<Snapshot<unknown> & CrudDialogSnapshot<Row, Draft, Errors>, Event>,
  'getSnapshot' | 'subscribe' | 'send'
>;

/** What the delete dialog sends. */
type DeleteEvent<Prefix extends string> = { type: `${Prefix}.confirmDelete` } | { type: `${Prefix}.cancel` };

/** What a name-and-colour form sends. */
type NameColorEvent<Prefix extends string> =
  | { type: `${Prefix}.name` | `${Prefix}.color`; value: string }
  | { type: `${Prefix}.save` }
  | { type: `${Prefix}.cancel` };

/** A field's error as text: a catalogue key (the form's checks) or the server's message as is. */
export function fieldErrorText(
  t: Translate,
  error: { key: MessageKey } | { message: string } | undefined,
): string | null {
  if (error === undefined) return null;
  return 'key' in error ? t(error.key) : error.message;
}

/**
 * Asks before a row of a CRM table goes (its machine's `confirmingDelete` / `deleting`): the
 * module's `<prefix>.deleteTitle`, `.deleteBody` (each given `params` of the row), `.delete` on
 * the button and `.deleteFailed` with the server's message, which stays shown for a retry.
 */
export function CrudDeleteDialog<Prefix extends CrudPrefix, Row>({
  actor,
  prefix,
  params,
  confirmTestId,
}: {
  actor: CrudActor<DeleteEvent<Prefix>, Row>;
  prefix: Prefix;
  /** What the title and the body say of the row (`{ name }`, `{ count }`). */
  params: (row: Row) => Record<string, string | number>;
  confirmTestId: string;
}) {
  const t = useT();
  const target = useSelector(actor, selectDeleteTarget<Row>);
  const error = useSelector(actor, selectDeleteError);
  const busy = useSelector(actor, selectDeleting);
  const values = target === null ? {} : params(target);
  return (
    <ConfirmDeleteDialog
      title={t(`${prefix}.deleteTitle`, values)}
      body={t(`${prefix}.deleteBody`, values)}
      error={error ? t(`${prefix}.deleteFailed`, { message: error.message }) : null}
      busy={busy}
      confirmText={t(`${prefix}.delete`)}
      confirmTestId={confirmTestId}
      onConfirm={() => actor.send({ type: `${prefix}.confirmDelete` })}
      onCancel={() => actor.send({ type: `${prefix}.cancel` })}
    />
  );
}

/** The open form of a CRM table's machine: the row edited (null: a new one), the draft, its errors, the save. */
export function useCrudForm<Row, Draft, Errors extends object>(actor: CrudActor<never, Row, Draft, Errors>) {
  return {
    editing: useSelector(actor, selectEditing<Row>),
    draft: useSelector(actor, selectDraft<Draft>),
    errors: useSelector(actor, selectFieldErrors<Errors>),
    saveError: useSelector(actor, selectSaveError),
    saving: useSelector(actor, selectSaving),
  };
}

/**
 * The state and events of a name-and-colour form (a stage's, a division's: `<prefix>.name`,
 * `.color` with `{ value }`, `.save`, `.cancel`), ready for NameColorFormDialog's props.
 */
export function useNameColorForm<
  Prefix extends string,
  Row,
  Errors extends Partial<Record<'name' | 'color', { key: MessageKey } | { message: string }>>,
>(actor: CrudActor<NameColorEvent<Prefix>, Row, NameColorDraft, Errors>, prefix: Prefix) {
  const t = useT();
  const { editing, draft, errors, saveError, saving } = useCrudForm(actor);
  return {
    isNew: editing === null,
    draft,
    name: {
      value: draft.name,
      onChange: (value: string) => actor.send({ type: `${prefix}.name`, value }),
      error: fieldErrorText(t, errors.name),
    },
    color: {
      value: draft.color,
      onChange: (value: string) => actor.send({ type: `${prefix}.color`, value }),
      error: fieldErrorText(t, errors.color),
    },
    saveError,
    saving,
    onSubmit: () => actor.send({ type: `${prefix}.save` }),
    onCancel: () => actor.send({ type: `${prefix}.cancel` }),
  };
}
