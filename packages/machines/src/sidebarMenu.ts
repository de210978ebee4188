/**
 * The sidebar of a project (SPEC.md section 6): its sections (Report, Advertiser, CRM, Project)
 * and their screens, each present only when the member may open it. A section shows when its own
 * `menu` is granted and it has a screen to offer. A pure function of the permissions, so the
 * menu follows a permission change (`project.permissions`) at once.
 */
import { can } from '@sapa/sdk';
import type { MessageKey, PermissionKey } from '@sapa/sdk';
import { projectScreens, screenPath } from './routeAccess.ts';
import type { MenuSectionId } from './routeAccess.ts';

export interface MenuItem {
  href: string;
  /** What the current path starts with when this item is open. */
  prefix: string;
  label: MessageKey;
}

export interface MenuSection {
  id: MenuSectionId;
  label: MessageKey;
  items: MenuItem[];
}

const sections: readonly { id: MenuSectionId; menu: PermissionKey; label: MessageKey }[] = [
  // The spec gives Report a menu key but no screen yet: the section stays hidden until it has one.
  { id: 'report', menu: 'report.menu', label: 'sidebar.report' },
  { id: 'advertiser', menu: 'advertiser.menu', label: 'sidebar.advertiser' },
  { id: 'crm', menu: 'crm.menu', label: 'sidebar.crm' },
  { id: 'project', menu: 'project.menu', label: 'sidebar.project' },
];

export function sidebarMenu(permissions: readonly string[], key: string): MenuSection[] {
  const granted = new Set(permissions);
  return sections
    .filter((section) => can(granted, section.menu))
    .map((section) => ({
      id: section.id,
      label: section.label,
      items: projectScreens
        .filter((screen) => screen.section === section.id && can(granted, screen.permission))
        .map((screen) => ({ href: screenPath(screen, key), prefix: screen.prefix, label: screen.label })),
    }))
    .filter((section) => section.items.length > 0);
}

/** Where a project opens: the inbox first, then the project's own screens, then advertising. */
const landingOrder: readonly MenuSectionId[] = ['crm', 'project', 'advertiser', 'report'];

/** The first screen of project `key` the member may open (the home card's link), or `null`. */
export function firstScreenPath(permissions: readonly string[], key: string): string | null {
  const menu = sidebarMenu(permissions, key);
  for (const id of landingOrder) {
    const item = menu.find((section) => section.id === id)?.items[0];
    if (item) return item.href;
  }
  return null;
}
