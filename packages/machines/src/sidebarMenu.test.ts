import { describe, expect, it } from 'vitest';
import { grantAll, templatePermissions } from '@sapa/sdk';
import { firstScreenPath, sidebarMenu } from './sidebarMenu.ts';
import { mayOpen } from './routeAccess.ts';

const key = 'k1abcdefgh';

describe('sidebarMenu', () => {
  it("gives an owner every section with a screen, in the spec's order", () => {
    const menu = sidebarMenu(grantAll(), key);
    expect(menu.map((section) => section.id)).toEqual(['advertiser', 'crm', 'project']);
    expect(menu.map((section) => section.label)).toEqual([
      'sidebar.advertiser',
      'sidebar.crm',
      'sidebar.project',
    ]);
    const project = menu.find((section) => section.id === 'project');
    expect(project?.items.map((item) => item.href)).toEqual([
      `/project/account/${key}`,
      `/project/billing/${key}`,
      `/project/user/${key}`,
      `/project/setting/${key}`,
    ]);
    expect(menu.find((section) => section.id === 'crm')?.items[0]).toEqual({
      href: `/crm/chat/${key}`,
      prefix: '/crm/chat/',
      label: 'screen.crm.chat',
    });
  });

  it('gives an agent the CRM screens of their template only', () => {
    const menu = sidebarMenu(templatePermissions('agent'), key);
    expect(menu.map((section) => section.id)).toEqual(['crm']);
    expect(menu[0]?.items.map((item) => item.label)).toEqual([
      'screen.crm.chat',
      'screen.crm.customer',
      'screen.crm.gallery',
      'screen.crm.quickReply',
    ]);
  });

  it("hides a section whose own menu is off, even with its screens' keys", () => {
    const menu = sidebarMenu(['crm.label.menu', 'project.menu', 'project.user.menu'], key);
    expect(menu.map((section) => section.id)).toEqual(['project']);
    expect(menu[0]?.items.map((item) => item.label)).toEqual(['screen.project.user']);
  });

  it('hides a section with nothing to open', () => {
    expect(sidebarMenu(['report.menu', 'crm.menu'], key)).toEqual([]);
    expect(sidebarMenu([], key)).toEqual([]);
  });

  it('lists exactly the screens the route guard lets in', () => {
    for (const permissions of [grantAll(), templatePermissions('agent'), templatePermissions('viewer')])
      for (const section of sidebarMenu(permissions, key))
        for (const item of section.items) expect(mayOpen(permissions, item.href)).toBe(true);
  });

  it('encodes the key in every link', () => {
    const menu = sidebarMenu(grantAll(), 'a b');
    expect(menu[0]?.items[0]?.href).toBe('/advertiser/domain/a%20b');
  });
});

describe('firstScreenPath', () => {
  it('opens the inbox first, else the project area, else nothing', () => {
    expect(firstScreenPath(grantAll(), key)).toBe(`/crm/chat/${key}`);
    expect(firstScreenPath(['project.menu', 'project.user.menu'], key)).toBe(`/project/user/${key}`);
    expect(firstScreenPath(['advertiser.menu', 'advertiser.trigger.menu'], key)).toBe(
      `/advertiser/trigger/${key}`,
    );
    expect(firstScreenPath([], key)).toBeNull();
  });
});
