import { describe, expect, it } from 'vitest';
import { acts, grantAll, messages, templatePermissions } from '@sapa/sdk';
import type { PermissionKey } from '@sapa/sdk';
import { accountPermissions, chatPermissions, mayCall, screenActAccess } from './projectAccess.ts';
import { validationKeys } from './validation.ts';

const chatViewer: PermissionKey[] = ['crm.menu', 'crm.chat.menu', 'crm.chat.view'];

describe('project access', () => {
  it.each(Object.entries(screenActAccess))('repeats the contract access of %s', (name, access) => {
    expect(acts[name as keyof typeof acts].access).toEqual(access);
  });

  it('passes a rule when one of its keys is allowed with its menus', () => {
    expect(mayCall(['crm.chat.view'], { permission: 'crm.chat.view' })).toBe(false);
    expect(mayCall(chatViewer, { permission: 'crm.chat.view' })).toBe(true);
    expect(
      mayCall(
        ['project.menu', 'project.account.menu', 'project.account.add'],
        screenActAccess.account_create,
      ),
    ).toBe(true);
    expect(mayCall(chatViewer, screenActAccess.account_create)).toBe(false);
    expect(mayCall([], 'member')).toBe(true);
    // Owner acts: the owner, whatever their keys; nobody else, whatever theirs.
    expect(mayCall([], 'owner', true)).toBe(true);
    expect(mayCall(grantAll(), 'owner')).toBe(false);
  });

  it('tells the inbox and accounts screens what to show', () => {
    const none = { send: false, assign: false, rename: false, seesContactDetail: false };
    expect(chatPermissions(chatViewer)).toEqual({ view: true, ...none });
    // The Viewer template reads the inbox and does nothing in it.
    expect(chatPermissions(templatePermissions('viewer'))).toEqual({ view: true, ...none });
    expect(chatPermissions(templatePermissions('agent'))).toEqual({
      view: true,
      send: true,
      assign: true,
      rename: true,
      seesContactDetail: true,
    });
    expect(chatPermissions(grantAll())).toEqual({
      view: true,
      send: true,
      assign: true,
      rename: true,
      seesContactDetail: true,
    });
    const noAccount = {
      view: false,
      add: false,
      edit: false,
      logout: false,
      refresh: false,
      remove: false,
      templates: false,
      createTemplate: false,
      deleteTemplate: false,
    };
    // The inbox's viewer names the numbers but has no accounts screen and no templates tab.
    expect(accountPermissions(chatViewer)).toEqual({ ...noAccount, view: true });
    expect(
      accountPermissions([
        'project.menu',
        'project.account.menu',
        'project.account.view',
        'project.account.hapus',
      ]),
    ).toEqual({
      ...noAccount,
      view: true,
      remove: true,
      templates: true,
      deleteTemplate: true,
    });
    expect(accountPermissions(grantAll())).toEqual(
      Object.fromEntries(Object.keys(noAccount).map((key) => [key, true])),
    );
    expect(accountPermissions([])).toEqual(noAccount);
  });

  it('has a text in both languages for every validation key the machines use', () => {
    for (const key of validationKeys) {
      expect(messages.id).toHaveProperty([key]);
      expect(messages.en).toHaveProperty([key]);
    }
  });
});
