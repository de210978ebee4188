import { describe, expect, it } from 'vitest';
import { addedKeys, grantProblem, mayGrant, mayManagePermissions, removalProblem } from './grants.ts';
import { templatePermissions } from './templates.ts';

const owner = templatePermissions('owner');
const admin = templatePermissions('admin');
const agent = templatePermissions('agent');

describe('grant rules', () => {
  it('lists the keys a change adds', () => {
    expect(addedKeys(['a', 'b'], ['b', 'c', 'd'])).toEqual(['c', 'd']);
    expect(addedKeys(['a'], [])).toEqual([]);
  });

  it('refuses adding any key to oneself, even for an owner', () => {
    expect(
      grantProblem({
        editor: admin,
        before: admin,
        after: [...admin, 'project.user.hapus'],
        self: true,
        permissionHolders: 2,
      }),
    ).toBe('self_escalation');
  });

  it('lets a member take keys away from themselves while another may still set permissions', () => {
    expect(
      grantProblem({ editor: owner, before: owner, after: agent, self: true, permissionHolders: 2 }),
    ).toBeNull();
  });

  it('refuses granting a key the editor does not hold', () => {
    expect(
      grantProblem({
        editor: admin,
        before: agent,
        after: [...agent, 'project.billing.pay'],
        self: false,
        permissionHolders: 1,
      }),
    ).toBe('grant_beyond_own');
    expect(
      grantProblem({ editor: admin, before: agent, after: admin, self: false, permissionHolders: 1 }),
    ).toBeNull();
  });

  it('lets keys the target already holds stay, even ones the editor lacks', () => {
    expect(
      grantProblem({
        editor: admin,
        before: owner,
        after: owner.filter((key) => key !== 'crm.label.add'),
        self: false,
        permissionHolders: 2,
      }),
    ).toBeNull();
  });

  it('keeps at least one member who may set permissions', () => {
    expect(
      grantProblem({ editor: owner, before: owner, after: agent, self: true, permissionHolders: 1 }),
    ).toBe('last_permission_holder');
    expect(removalProblem(owner, 1)).toBe('last_permission_holder');
    expect(removalProblem(owner, 2)).toBeNull();
    expect(removalProblem(agent, 1)).toBeNull();
  });

  it('counts a holder only with the menus above the key', () => {
    expect(mayManagePermissions(['project.user.set_permission'])).toBe(false);
    expect(mayManagePermissions(['project.menu', 'project.user.menu', 'project.user.set_permission'])).toBe(
      true,
    );
  });

  it('greys out keys the editor could not tick', () => {
    expect(mayGrant(admin, 'crm.label.add', false)).toBe(true);
    expect(mayGrant(admin, 'project.billing.pay', false)).toBe(false);
    expect(mayGrant(owner, 'crm.label.add', true)).toBe(false);
  });
});
