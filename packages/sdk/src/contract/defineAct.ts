import type { z } from 'zod';
import type { PermissionKey } from '../permissions/tree.ts';

/**
 * Who may call an act. `public`: anyone. `user`: a signed-in user.
 * `member`: a member of the project named by the act's `key`, whatever their permissions.
 * `owner`: the owner of the project named by the act's `key` (one member; see
 * permissions/grants.ts), whatever their permissions.
 * `{ permission }`: a member of the project named by the act's `key` holding that permission
 * (a dotted path of the permission tree, e.g. `crm.label.add`; see `can`).
 * `{ anyOf }`: a member holding at least one of those permissions (the same capability reached
 * from two menus, such as adding a WhatsApp number from the chat or from the project's accounts).
 */
export type ActAccess =
  | 'public'
  | 'user'
  | 'member'
  | 'owner'
  | { permission: PermissionKey }
  | { anyOf: readonly [PermissionKey, ...PermissionKey[]] };

export type ActShape = 'single' | 'page';

export interface ActDefinition<
  Input extends z.ZodType = z.ZodType,
  Output = unknown,
  Shape extends ActShape = ActShape,
> {
  input: Input;
  access: ActAccess;
  /** One line for docs/acts.md. */
  summary: string;
  /** `page` for acts answering `{ data: [...], total_page }` (`Output` is then the row array). */
  shape: Shape;
  /** Type-only: the `data` the act answers. Never set at run time. */
  readonly __output?: Output;
}

/**
 * Declares an act once; the server attaches its handler, the SDK derives its types,
 * docs/acts.md is generated from the same object.
 *
 *   defineAct<{ challenge: string }>()({ input: z.object({...}), access: 'public', summary: '...' })
 */
export function defineAct<Output>() {
  return <Input extends z.ZodType, Shape extends ActShape = 'single'>(definition: {
    input: Input;
    access: ActAccess;
    summary: string;
    shape?: Shape;
  }): ActDefinition<Input, Output, Shape> =>
    ({ shape: 'single', ...definition }) as ActDefinition<Input, Output, Shape>;
}
