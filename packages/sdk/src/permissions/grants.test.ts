import { describe, expect, it } from 'vitest';
import { acts } from '../contract/acts.ts';
import { accessAllows } from './access.ts';
import {
  addedKeys,
  grantProblem,
  mayDeleteProject,
  mayEditPermissions,
  mayGrant,
  mayLeaveProject,
  mayManagePermissions,
  mayRemoveMember,
  mayTakeAway,
  mayTransferOwnership,
  ownerKeys,
  removalProblem,
} from './grants.ts';
import { roleTemplates, templatePermissions } from './templates.ts';
import type { RoleTemplate } from './templates.ts';

const owner = templatePermissions('owner');
const admin = templatePermissions('admin');
const agent = templatePermissions('agent');

/**
 * The project of the table below: its owner (holding the Owner template) and, for every other
 * template, two members holding it (an editor and a target). Three members may set permissions:
 * the owner and both admins.
 */
const HOLDERS = 3;

/** Who a change is about: the project's owner, another member with a template, or the editor. */
type Target = RoleTemplate | 'self';

/** What an act answers: `ok`, `unchanged` (nothing to do), or the refusal's reason. */
type Outcome =
  | 'ok'
  | 'unchanged'
  | 'forbidden'
  | 'owner_protected'
  | 'owner_keys'
  | 'owner_must_transfer'
  | 'self_escalation'
  | 'grant_beyond_own'
  | 'last_permission_holder';

/**
 * Per editor and target: taking every key away (`member_permissions_set` with none), giving the
 * Owner template's keys (every key), removing them (`member_remove`; on oneself: leaving,
 * `project_leave`) and handing the project over (`project_transfer`). The owner editing "owner"
 * edits themselves, so the owner has no `self` row.
 */
type Row = Record<'cut' | 'raise' | 'remove' | 'transfer', Outcome>;

const refusedAll: Row = {
  cut: 'forbidden',
  raise: 'forbidden',
  remove: 'forbidden',
  transfer: 'forbidden',
};
const ownerEditsMember: Row = { cut: 'ok', raise: 'ok', remove: 'ok', transfer: 'ok' };
const adminEditsMember: Row = {
  cut: 'ok',
  raise: 'grant_beyond_own',
  remove: 'forbidden',
  transfer: 'forbidden',
};
const leavesOnly: Row = { ...refusedAll, remove: 'ok' };

const expected: Record<RoleTemplate, Partial<Record<Target, Row>>> = {
  owner: {
    owner: { cut: 'owner_keys', raise: 'ok', remove: 'owner_must_transfer', transfer: 'unchanged' },
    admin: ownerEditsMember,
    agent: ownerEditsMember,
    viewer: ownerEditsMember,
  },
  admin: {
    owner: { ...refusedAll, cut: 'owner_protected', raise: 'owner_protected' },
    admin: adminEditsMember,
    agent: adminEditsMember,
    viewer: adminEditsMember,
    self: { cut: 'ok', raise: 'self_escalation', remove: 'ok', transfer: 'forbidden' },
  },
  agent: { owner: refusedAll, admin: refusedAll, agent: refusedAll, viewer: refusedAll, self: leavesOnly },
  viewer: { owner: refusedAll, admin: refusedAll, agent: refusedAll, viewer: refusedAll, self: leavesOnly },
};

/** Deleting the project, per editor. */
const deletes: Record<RoleTemplate, Outcome> = {
  owner: 'ok',
  admin: 'forbidden',
  agent: 'forbidden',
  viewer: 'forbidden',
};

interface Member {
  permissions: readonly string[];
  owner: boolean;
}

const memberOf = (template: RoleTemplate): Member => ({
  permissions: templatePermissions(template),
  owner: template === 'owner',
});

/** The act's answer by the contract's access and the SDK's rules, as the server composes them. */
function outcome(editorTemplate: RoleTemplate, target: Target, operation: keyof Row): Outcome {
  const editor = memberOf(editorTemplate);
  const self = target === 'self' || (target === 'owner' && editor.owner);
  const other = target === 'self' ? editor : memberOf(target);
  switch (operation) {
    case 'cut':
    case 'raise': {
      if (!accessAllows(acts.member_permissions_set.access, editor)) return 'forbidden';
      const problem = grantProblem({
        editor: editor.permissions,
        before: other.permissions,
        after: operation === 'cut' ? [] : owner,
        self,
        targetIsOwner: other.owner,
        permissionHolders: HOLDERS,
      });
      return problem ?? 'ok';
    }
    case 'remove': {
      const access = self ? acts.project_leave.access : acts.member_remove.access;
      if (!accessAllows(access, editor)) return 'forbidden';
      return removalProblem(other, HOLDERS, self) ?? 'ok';
    }
    case 'transfer':
      if (!accessAllows(acts.project_transfer.access, editor)) return 'forbidden';
      return self ? 'unchanged' : 'ok';
  }
}

describe('who may change whose membership: every template against every other', () => {
  const cells = roleTemplates.flatMap((editor) =>
    (Object.keys(expected[editor]) as Target[]).map((target) => [editor, target] as const),
  );

  it('declares every editor against every target', () => {
    expect(cells).toHaveLength(4 + 3 * 5);
  });

  it.each(cells)('%s editing %s', (editor, target) => {
    const row = expected[editor][target];
    const seen = {
      cut: outcome(editor, target, 'cut'),
      raise: outcome(editor, target, 'raise'),
      remove: outcome(editor, target, 'remove'),
      transfer: outcome(editor, target, 'transfer'),
    };
    expect(seen).toEqual(row);
  });

  it.each(roleTemplates)('%s deleting the project', (editor) => {
    expect(accessAllows(acts.project_delete.access, memberOf(editor)) ? 'ok' : 'forbidden').toBe(
      deletes[editor],
    );
  });

  it('offers on the screens exactly what the acts allow', () => {
    for (const [editorTemplate, target] of cells) {
      const editor = memberOf(editorTemplate);
      const acting = { role: editor.owner ? ('owner' as const) : ('member' as const), ...editor };
      const self = target === 'self' || (target === 'owner' && editor.owner);
      const ref = { self, role: target === 'owner' ? ('owner' as const) : ('member' as const) };
      const row = expected[editorTemplate][target] as Row;
      const where = `${editorTemplate} → ${target}`;
      // The editor opens for whoever some change may be saved for (taking keys away, at least).
      expect(mayEditPermissions(acting, ref), where).toBe(
        row.cut === 'ok' || row.raise === 'ok' || row.cut === 'owner_keys',
      );
      if (!self) expect(mayRemoveMember(acting, ref), where).toBe(row.remove === 'ok');
      else expect(mayLeaveProject(acting), where).toBe(row.remove === 'ok');
      expect(mayTransferOwnership(acting, ref), where).toBe(row.transfer === 'ok');
    }
    for (const template of roleTemplates) {
      const role = template === 'owner' ? ('owner' as const) : ('member' as const);
      expect(mayDeleteProject({ role }), template).toBe(deletes[template] === 'ok');
    }
  });
});

describe('the owner', () => {
  it('may take keys away from themselves and tick them back, but keeps the members screen and the editor', () => {
    const fewer = owner.filter((key) => key !== 'crm.label.add' && key !== 'project.billing.pay');
    const change = { editor: owner, self: true, targetIsOwner: true, permissionHolders: 1 };
    expect(grantProblem({ ...change, before: owner, after: fewer })).toBeNull();
    expect(grantProblem({ ...change, editor: fewer, before: fewer, after: owner })).toBeNull();
    expect(grantProblem({ ...change, before: owner, after: [...ownerKeys] })).toBeNull();
    for (const key of ownerKeys)
      expect(
        grantProblem({ ...change, before: owner, after: owner.filter((kept) => kept !== key) }),
        key,
      ).toBe('owner_keys');
  });

  it("is protected from anyone else's edit, even one that only adds keys", () => {
    const cut = owner.filter((key) => key !== 'crm.label.add');
    expect(
      grantProblem({
        editor: owner,
        before: cut,
        after: owner,
        self: false,
        targetIsOwner: true,
        permissionHolders: 2,
      }),
    ).toBe('owner_protected');
  });

  it('may not be removed, and leaves only after handing the project over', () => {
    expect(removalProblem({ permissions: owner, owner: true }, 5, false)).toBe('owner_protected');
    expect(removalProblem({ permissions: [], owner: true }, 5, true)).toBe('owner_must_transfer');
    expect(mayLeaveProject({ role: 'owner' })).toBe(false);
    expect(mayLeaveProject({ role: 'member' })).toBe(true);
  });

  it('greys out what the editor could not change on the owner', () => {
    const me = { self: true, role: 'owner' } as const;
    const them = { self: false, role: 'owner' } as const;
    expect(mayGrant([], 'project.billing.pay', me)).toBe(true);
    expect(mayGrant(owner, 'crm.label.add', them)).toBe(false);
    expect(mayTakeAway('crm.label.add', me)).toBe(true);
    expect(mayTakeAway('project.user.set_permission', me)).toBe(false);
    expect(mayTakeAway('crm.label.add', them)).toBe(false);
  });
});

describe('grant rules between members', () => {
  const member = { self: false, role: 'member' } as const;
  const myself = { self: true, role: 'member' } as const;

  it('lists the keys a change adds', () => {
    expect(addedKeys(['a', 'b'], ['b', 'c', 'd'])).toEqual(['c', 'd']);
    expect(addedKeys(['a'], [])).toEqual([]);
  });

  it('refuses adding any key to oneself', () => {
    expect(
      grantProblem({
        editor: admin,
        before: admin,
        after: [...admin, 'project.user.hapus'],
        self: true,
        targetIsOwner: false,
        permissionHolders: 2,
      }),
    ).toBe('self_escalation');
  });

  it('lets keys the target already holds stay, even ones the editor lacks', () => {
    expect(
      grantProblem({
        editor: admin,
        before: owner,
        after: owner.filter((key) => key !== 'crm.label.add'),
        self: false,
        targetIsOwner: false,
        permissionHolders: 2,
      }),
    ).toBeNull();
  });

  it('keeps at least one member who may set permissions', () => {
    const change = { editor: admin, before: admin, after: agent, self: true, targetIsOwner: false };
    expect(grantProblem({ ...change, permissionHolders: 1 })).toBe('last_permission_holder');
    expect(grantProblem({ ...change, permissionHolders: 2 })).toBeNull();
    expect(removalProblem({ permissions: admin, owner: false }, 1, true)).toBe('last_permission_holder');
    expect(removalProblem({ permissions: admin, owner: false }, 2, false)).toBeNull();
    expect(removalProblem({ permissions: agent, owner: false }, 1, false)).toBeNull();
  });

  it('counts a holder only with the menus above the key', () => {
    expect(mayManagePermissions(['project.user.set_permission'])).toBe(false);
    expect(mayManagePermissions(['project.menu', 'project.user.menu', 'project.user.set_permission'])).toBe(
      true,
    );
  });

  it('greys out keys the editor could not tick', () => {
    expect(mayGrant(admin, 'crm.label.add', member)).toBe(true);
    expect(mayGrant(admin, 'project.billing.pay', member)).toBe(false);
    expect(mayGrant(owner, 'crm.label.add', myself)).toBe(false);
    expect(mayTakeAway('project.user.set_permission', myself)).toBe(true);
  });
});
