/**
 * The per-project permission tree of SPEC.md section 6, spelled exactly as the spec spells it
 * (`hapus` = delete, `auto_replay`, `quick_replay`; there is no `auto_divisi` node even though the
 * route /crm/auto-divisi exists). A permission key is a dotted path: `crm.menu`, `crm.chat.view`.
 *
 * One addition to the spec's list (issue 14): `crm.chat` has `send` (replies, attachments and
 * quick replies from the composer) and `assign` (handing a conversation to a member), so that
 * seeing the inbox (`view`) no longer lets a member act in it.
 */
const standard = ['menu', 'view', 'add', 'edit', 'hapus'] as const;

export const permissionTree = {
  report: { keys: ['menu'], children: {} },
  advertiser: {
    keys: ['menu'],
    children: {
      domain: ['menu', 'view', 'add', 'hapus'],
      campaign: standard,
      link_generator: standard,
      connector: standard,
      trigger: standard,
      log: ['menu'],
    },
  },
  crm: {
    keys: ['menu'],
    children: {
      chat: [
        'menu',
        'view',
        'send',
        'assign',
        'add_divisi',
        'delete_divisi',
        'add_stage',
        'add_label',
        'show_user_contact_detail',
        'show_all_chat',
        'add_account',
        'edit_account',
        'logout_account',
        'rename_client',
      ],
      broadcast: standard,
      autofu: standard,
      customer: standard,
      label: standard,
      stage: standard,
      auto_stage: standard,
      auto_replay: standard,
      quick_replay: standard,
      divisi: [...standard, 'add_user'],
      gallery: ['menu', 'view', 'add', 'hapus'],
    },
  },
  project: {
    keys: ['menu', 'edit'],
    children: {
      account: standard,
      billing: ['menu', 'view', 'pay'],
      user: ['menu', 'view', 'create_invite', 'set_permission', 'hapus'],
    },
  },
} as const;

type Tree = typeof permissionTree;
type TopKey = {
  [Top in keyof Tree & string]: `${Top}.${Tree[Top]['keys'][number]}`;
}[keyof Tree & string];
type ChildKey = {
  [Top in keyof Tree & string]: {
    [
      Child in keyof Tree[Top]['children'] & string
    ]: Tree[Top]['children'][Child] extends readonly (infer K extends string)[]
      ? `${Top}.${Child}.${K}`
      : never;
  }[keyof Tree[Top]['children'] & string];
}[keyof Tree & string];

/** Every permission of the tree as a dotted key, e.g. `'crm.chat.view'`, `'project.billing.pay'`. */
export type PermissionKey = TopKey | ChildKey;

/** Every key of the tree, in tree order. */
export const allPermissionKeys: readonly PermissionKey[] = Object.freeze(
  Object.entries(permissionTree).flatMap(([top, node]) => [
    ...node.keys.map((key) => `${top}.${key}`),
    ...Object.entries(node.children as Record<string, readonly string[]>).flatMap(([child, keys]) =>
      keys.map((key) => `${top}.${child}.${key}`),
    ),
  ]) as PermissionKey[],
);

const known: ReadonlySet<string> = new Set(allPermissionKeys);

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && known.has(value);
}
