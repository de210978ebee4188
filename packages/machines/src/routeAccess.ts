/**
 * Which permission opens each project screen (SPEC.md sections 2 and 6): a screen is open to a
 * member for whom `can(permissions, <its node>.menu)` holds (the settings screen: `project.edit`).
 * The sidebar (`sidebarMenu`) and the route guard read the same table, so a screen is in the
 * menu exactly when its route lets the member in. The server still decides every act.
 */
import { can } from '@sapa/sdk';
import type { MessageKey, PermissionKey } from '@sapa/sdk';

export type MenuSectionId = 'report' | 'advertiser' | 'crm' | 'project';

export interface ProjectScreen {
  /** The path before the project key: `/crm/label/` for `/crm/label/{key}`. */
  prefix: string;
  permission: PermissionKey;
  /** Catalogue key of the screen's name. */
  label: MessageKey;
  /** Its sidebar section, or `null` for a screen the menu does not list (full-window chat, QR scan). */
  section: MenuSectionId | null;
}

/** Every screen of a project, in menu order. */
export const projectScreens: readonly ProjectScreen[] = [
  {
    prefix: '/advertiser/domain/',
    permission: 'advertiser.domain.menu',
    label: 'screen.advertiser.domain',
    section: 'advertiser',
  },
  {
    prefix: '/advertiser/campaign/',
    permission: 'advertiser.campaign.menu',
    label: 'screen.advertiser.campaign',
    section: 'advertiser',
  },
  {
    prefix: '/advertiser/link-generator/',
    permission: 'advertiser.link_generator.menu',
    label: 'screen.advertiser.linkGenerator',
    section: 'advertiser',
  },
  {
    prefix: '/advertiser/connector/',
    permission: 'advertiser.connector.menu',
    label: 'screen.advertiser.connector',
    section: 'advertiser',
  },
  {
    prefix: '/advertiser/trigger/',
    permission: 'advertiser.trigger.menu',
    label: 'screen.advertiser.trigger',
    section: 'advertiser',
  },
  { prefix: '/crm/chat/', permission: 'crm.chat.menu', label: 'screen.crm.chat', section: 'crm' },
  {
    prefix: '/crm/broadcast/',
    permission: 'crm.broadcast.menu',
    label: 'screen.crm.broadcast',
    section: 'crm',
  },
  { prefix: '/crm/autofu/', permission: 'crm.autofu.menu', label: 'screen.crm.autofu', section: 'crm' },
  { prefix: '/crm/customer/', permission: 'crm.customer.menu', label: 'screen.crm.customer', section: 'crm' },
  { prefix: '/crm/label/', permission: 'crm.label.menu', label: 'screen.crm.label', section: 'crm' },
  { prefix: '/crm/stage/', permission: 'crm.stage.menu', label: 'screen.crm.stage', section: 'crm' },
  { prefix: '/crm/divisi/', permission: 'crm.divisi.menu', label: 'screen.crm.divisi', section: 'crm' },
  { prefix: '/crm/gallery/', permission: 'crm.gallery.menu', label: 'screen.crm.gallery', section: 'crm' },
  // The tree has no auto_divisi node: automatic division belongs to the divisions.
  {
    prefix: '/crm/auto-divisi/',
    permission: 'crm.divisi.menu',
    label: 'screen.crm.autoDivisi',
    section: 'crm',
  },
  {
    prefix: '/crm/auto-stage/',
    permission: 'crm.auto_stage.menu',
    label: 'screen.crm.autoStage',
    section: 'crm',
  },
  {
    prefix: '/crm/auto-reply/',
    permission: 'crm.auto_replay.menu',
    label: 'screen.crm.autoReply',
    section: 'crm',
  },
  {
    prefix: '/crm/quick-reply/',
    permission: 'crm.quick_replay.menu',
    label: 'screen.crm.quickReply',
    section: 'crm',
  },
  {
    prefix: '/project/account/',
    permission: 'project.account.menu',
    label: 'screen.project.account',
    section: 'project',
  },
  {
    prefix: '/project/billing/',
    permission: 'project.billing.menu',
    label: 'screen.project.billing',
    section: 'project',
  },
  {
    prefix: '/project/user/',
    permission: 'project.user.menu',
    label: 'screen.project.user',
    section: 'project',
  },
  {
    prefix: '/project/setting/',
    permission: 'project.edit',
    label: 'screen.project.setting',
    section: 'project',
  },
  { prefix: '/chat/', permission: 'crm.chat.menu', label: 'screen.chatWindow', section: null },
  { prefix: '/scan/', permission: 'project.account.menu', label: 'screen.scan', section: null },
];

/** The screen of a project path (`/crm/label/k1abcdefgh`, with or without more after the key), or `null`. */
export function projectScreenOf(path: string): ProjectScreen | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return (
    projectScreens.find(
      (screen) => pathname.startsWith(screen.prefix) && pathname.length > screen.prefix.length,
    ) ?? null
  );
}

/** The permission a path needs, or `null` for a path that is not a project screen (`/`, `/profile`). */
export function routePermission(path: string): PermissionKey | null {
  return projectScreenOf(path)?.permission ?? null;
}

/** Whether a member holding `permissions` may open `path` (paths outside projects: always). */
export function mayOpen(permissions: readonly string[], path: string): boolean {
  const permission = routePermission(path);
  return permission === null || can(permissions, permission);
}

/** `{prefix}{key}`: the address of a screen of project `key`. */
export function screenPath(screen: ProjectScreen, key: string): string {
  return `${screen.prefix}${encodeURIComponent(key)}`;
}
