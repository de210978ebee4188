/**
 * The form of a CRM record that is a name and a colour (a stage, a division; a label's form
 * shares the draft but keeps its own check and events): what it holds, its checks, what is sent,
 * the server's field errors, and its pieces of crudDialogRegion (the field events, the save's
 * input).
 */
import { editDraft } from './crudDialog.ts';
import { isHexColor } from './hexColor.ts';
import type { ActCaller } from './sdk.ts';
import { on } from './transitions.ts';
import { serverFieldErrors } from './validation.ts';
import type { FieldError, ValidationKey } from './validation.ts';

/** What the form holds, as typed. */
export interface NameColorDraft {
  name: string;
  color: string;
}

export type NameColorField = 'name' | 'color';
export const NAME_COLOR_FIELDS: readonly NameColorField[] = ['name', 'color'];

/** A field's error: a catalogue key (a shared `validation.*` one or the record's own), or the server's. */
export type NameColorFieldError<Key extends string> = FieldError | { key: ValidationKey | Key };
export type NameColorFieldErrors<Key extends string> = Partial<
  Record<NameColorField, NameColorFieldError<Key>>
>;

/** A record's own message keys for the checks beyond `validation.required`. */
export interface NameColorRules<Key extends string> {
  /** The longest name, after trimming. */
  nameMax: number;
  /** The key of a name that is too long. */
  tooLong: ValidationKey | Key;
  /** The key of a colour that is not `#rrggbb`. */
  notAColor: ValidationKey | Key;
}

/** The form's errors (none: it may be saved): a name of 1 to `nameMax` after trimming, a `#rrggbb` colour. */
export function checkNameColor<Key extends string>(
  draft: NameColorDraft,
  rules: NameColorRules<Key>,
): NameColorFieldErrors<Key> {
  const errors: NameColorFieldErrors<Key> = {};
  const name = draft.name.trim();
  if (name === '') errors.name = { key: 'validation.required' };
  else if (name.length > rules.nameMax) errors.name = { key: rules.tooLong };
  if (!isHexColor(draft.color)) errors.color = { key: rules.notAColor };
  return errors;
}

/** The form as it is sent: the name trimmed, the colour lowercased. */
export function cleanNameColor(draft: NameColorDraft): NameColorDraft {
  return { name: draft.name.trim(), color: draft.color.trim().toLowerCase() };
}

/** The server's field errors of a save (a name another record has), beside their fields. */
export function nameColorServerErrors(error: unknown) {
  return serverFieldErrors(error, NAME_COLOR_FIELDS);
}

const nameOf = ({ value }: { value: string }) => ({ name: value });
const colorOf = ({ value }: { value: string }) => ({ color: value });

/** crudDialogRegion's `fields`: `<prefix>.name` and `<prefix>.color`, each `{ value }`. */
export function nameColorFields<Prefix extends string>(prefix: Prefix) {
  return {
    ...on(`${prefix}.name` as const, editDraft('name', nameOf)),
    ...on(`${prefix}.color` as const, editDraft('color', colorOf)),
  };
}

/** crudDialogRegion's save input: the record edited (`null`: a new one) and the form. */
export function nameColorSaveInput<Row>({
  context,
}: {
  context: { client: ActCaller; key: string; editing: Row | null; draft: NameColorDraft };
}) {
  return { client: context.client, key: context.key, editing: context.editing, draft: context.draft };
}
