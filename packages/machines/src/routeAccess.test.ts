import { describe, expect, it } from 'vitest';
import { grantAll, templatePermissions } from '@sapa/sdk';
import { mayOpen, projectScreenOf, projectScreens, routePermission } from './routeAccess.ts';

describe('routePermission', () => {
  it('names the menu key of each project screen of SPEC.md section 2', () => {
    expect(routePermission('/project/billing/k1abcdefgh')).toBe('project.billing.menu');
    expect(routePermission('/project/user/k1abcdefgh')).toBe('project.user.menu');
    expect(routePermission('/project/setting/k1abcdefgh')).toBe('project.edit');
    expect(routePermission('/project/account/k1abcdefgh')).toBe('project.account.menu');
    expect(routePermission('/crm/label/k1abcdefgh')).toBe('crm.label.menu');
    expect(routePermission('/crm/auto-reply/k1abcdefgh')).toBe('crm.auto_replay.menu');
    expect(routePermission('/crm/quick-reply/k1abcdefgh')).toBe('crm.quick_replay.menu');
    expect(routePermission('/crm/auto-divisi/k1abcdefgh')).toBe('crm.divisi.menu');
    expect(routePermission('/advertiser/link-generator/k1abcdefgh')).toBe('advertiser.link_generator.menu');
  });

  it('reads the chat with its receiver, and ignores a query string', () => {
    expect(routePermission('/crm/chat/k1abcdefgh/6281234')).toBe('crm.chat.menu');
    expect(routePermission('/chat/k1abcdefgh/6281234')).toBe('crm.chat.menu');
    expect(routePermission('/crm/customer/k1abcdefgh?page=2')).toBe('crm.customer.menu');
  });

  it('needs nothing outside a project', () => {
    for (const path of [
      '/',
      '/profile',
      '/notification',
      '/saldo',
      '/project/list',
      '/invite/abc',
      '/crm/label/',
    ])
      expect(routePermission(path)).toBeNull();
    expect(projectScreenOf('/project/list')).toBeNull();
  });

  it('uses only keys of the permission tree, each screen prefix once', () => {
    const all = new Set<string>(grantAll());
    for (const screen of projectScreens) expect(all.has(screen.permission)).toBe(true);
    const prefixes = projectScreens.map((screen) => screen.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe('mayOpen', () => {
  const agent = templatePermissions('agent');

  it('refuses an agent the project area and lets them into the inbox', () => {
    expect(mayOpen(agent, '/crm/chat/k1abcdefgh')).toBe(true);
    expect(mayOpen(agent, '/crm/customer/k1abcdefgh')).toBe(true);
    expect(mayOpen(agent, '/project/billing/k1abcdefgh')).toBe(false);
    expect(mayOpen(agent, '/project/user/k1abcdefgh')).toBe(false);
    expect(mayOpen(agent, '/crm/label/k1abcdefgh')).toBe(false);
    expect(mayOpen(agent, '/profile')).toBe(true);
  });

  it('needs the menus above the screen as well (can)', () => {
    expect(mayOpen(['crm.label.menu'], '/crm/label/k1')).toBe(false);
    expect(mayOpen(['crm.menu', 'crm.label.menu'], '/crm/label/k1')).toBe(true);
    expect(mayOpen(['project.edit'], '/project/setting/k1')).toBe(false);
    expect(mayOpen(['project.menu', 'project.edit'], '/project/setting/k1')).toBe(true);
  });

  it('lets an owner open every screen', () => {
    for (const screen of projectScreens) expect(mayOpen(grantAll(), `${screen.prefix}k1`)).toBe(true);
  });
});
