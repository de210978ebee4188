import { describe, expect, it } from 'vitest';
import { grantAll } from '../sdk.ts';
import type { PermissionKey } from '../sdk.ts';
import type { ProjectMembership } from '../projects/projects.ts';
import { decideProjectAccess } from './access.ts';
import { isActError } from './ActError.ts';

function member(permissions: PermissionKey[], userId = 'u1'): ProjectMembership {
  return {
    userId,
    permissions,
    project: {
      id: 'p1',
      key: 'abcdefghij',
      name: 'Toko Sapa',
      timeZone: 'Asia/Jakarta',
      createdBy: 'u0',
      ownerId: 'u0',
      createdAt: new Date('2025-01-01T00:00:00Z'),
      workingHours: null,
      defaultDivisionId: null,
      optOutWords: null,
      optOutReply: null,
      optOutReplyEnabled: true,
    },
  };
}

function refusal(run: () => unknown): { reason: string; msgKey: string | undefined } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!isActError(error)) throw error;
    return { reason: error.reason, msgKey: error.options.msgKey };
  }
}

const without = (...keys: PermissionKey[]) => grantAll().filter((key) => !keys.includes(key));

describe('decideProjectAccess', () => {
  it('lets a member holding the key and every menu above it through, answering the membership', () => {
    const owner = member(grantAll());
    expect(decideProjectAccess(owner, { permission: 'crm.label.add' })).toBe(owner);
    expect(decideProjectAccess(owner, 'member')).toBe(owner);
  });

  it('refuses a member who lacks the key itself with forbidden', () => {
    expect(
      refusal(() => decideProjectAccess(member(without('crm.label.add')), { permission: 'crm.label.add' })),
    ).toEqual({ reason: 'forbidden', msgKey: undefined });
  });

  it("refuses a member who holds the key but not a parent node's menu with forbidden", () => {
    const noCrmMenu = member(['crm.label.menu', 'crm.label.add']);
    expect(refusal(() => decideProjectAccess(noCrmMenu, { permission: 'crm.label.add' }))).toEqual({
      reason: 'forbidden',
      msgKey: undefined,
    });
    const noLabelMenu = member(without('crm.label.menu'));
    expect(refusal(() => decideProjectAccess(noLabelMenu, { permission: 'crm.label.add' }))?.reason).toBe(
      'forbidden',
    );
    // The same member may still do what does not sit under the missing menu.
    expect(decideProjectAccess(noLabelMenu, { permission: 'crm.stage.add' })).toBe(noLabelMenu);
  });

  it('lets any member through a member act, even with no permission at all', () => {
    const bare = member([]);
    expect(decideProjectAccess(bare, 'member')).toBe(bare);
  });

  it('lets only the owner through an owner act, whatever the keys of either', () => {
    const owner = member([], 'u0');
    expect(decideProjectAccess(owner, 'owner')).toBe(owner);
    expect(refusal(() => decideProjectAccess(member(grantAll()), 'owner'))).toEqual({
      reason: 'forbidden',
      msgKey: 'error.owner_only',
    });
  });

  it('answers not_found to a non-member, for member and permission acts alike', () => {
    const expected = { reason: 'not_found', msgKey: 'error.project_not_found' };
    expect(refusal(() => decideProjectAccess(null, 'member'))).toEqual(expected);
    expect(refusal(() => decideProjectAccess(null, { permission: 'project.menu' }))).toEqual(expected);
    expect(refusal(() => decideProjectAccess(null, 'owner'))).toEqual(expected);
  });
});
