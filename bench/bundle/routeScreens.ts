/**
 * Which lazy chunks each route of the web app renders (`packages/web/src/App.tsx`'s
 * `lazyScreen` imports), as keys of the build manifest: a screen module's path from
 * packages/web. The routes themselves come from `packages/web/src/routes.ts`; the bundle bench
 * fails when a route is missing here, when a module named here is not a lazy chunk of the build,
 * or when the entry loads a lazy chunk no route names, so this table cannot drift from App.tsx
 * unnoticed.
 */
import { authRoutes, personalRoutes, projectRoutes, screenRoutes } from '../../packages/web/src/routes.ts';

/** `/` is the home page; every other path is in routes.ts. */
export const HOME = '/';

/** Every route path of the app, as routes.ts spells it (`/crm/chat/:key/:receiver?`). */
export function appRoutes(): string[] {
  return [
    HOME,
    ...Object.values(authRoutes),
    ...Object.values(personalRoutes),
    ...Object.values(projectRoutes),
    ...screenRoutes.map((route) => route.path),
  ];
}

/** The frame of signed-in screens (header, sidebar, route guard): a lazy chunk of its own. */
const FRAME = 'src/layout/MainLayout.tsx';

/** Route path -> the lazy screen modules it renders (none: the entry alone shows it). */
export const routeScreens: Record<string, readonly string[]> = {
  [HOME]: [FRAME, 'src/pages/HomePage.tsx'],
  // The signed-out screens are in the entry (App.tsx).
  [authRoutes.login]: [],
  [authRoutes.register]: [],
  [authRoutes.verifyOtp]: [],
  [authRoutes.forgotPhone]: [],
  [authRoutes.forgotOtp]: [],
  [authRoutes.forgotChange]: [],
  [personalRoutes.profile]: [FRAME, 'src/profile/ProfilePage.tsx'],
  [personalRoutes.notifications]: [FRAME, 'src/notifications/NotificationsPage.tsx'],
  [personalRoutes.saldo]: [FRAME, 'src/saldo/SaldoPage.tsx'],
  [projectRoutes.list]: [FRAME, 'src/projects/ProjectListPage.tsx'],
  [projectRoutes.chat]: [FRAME, 'src/chat/ChatPage.tsx'],
  [projectRoutes.chatWindow]: ['src/chat/ChatWindowPage.tsx'],
  [projectRoutes.accounts]: [FRAME, 'src/accounts/AccountsPage.tsx'],
  [projectRoutes.gallery]: [FRAME, 'src/gallery/GalleryPage.tsx'],
  [projectRoutes.labels]: [FRAME, 'src/labels/LabelsPage.tsx'],
  [projectRoutes.quickReply]: [FRAME, 'src/quickReplies/QuickReplyPage.tsx'],
  [projectRoutes.stages]: [FRAME, 'src/stages/StagesPage.tsx'],
  [projectRoutes.customers]: [FRAME, 'src/customers/CustomersPage.tsx'],
  [projectRoutes.divisions]: [FRAME, 'src/divisions/DivisionsPage.tsx'],
  [projectRoutes.members]: [FRAME, 'src/members/MembersPage.tsx'],
  [projectRoutes.settings]: [FRAME, 'src/settings/ProjectSettingsPage.tsx'],
  [projectRoutes.billing]: [FRAME, 'src/billing/ProjectBillingPage.tsx'],
  [projectRoutes.invite]: ['src/invite/InvitePage.tsx'],
  [projectRoutes.broadcasts]: [FRAME, 'src/broadcasts/BroadcastsPage.tsx'],
  [projectRoutes.broadcastNew]: [FRAME, 'src/broadcastCompose/BroadcastComposePage.tsx'],
  [projectRoutes.broadcastEdit]: [FRAME, 'src/broadcastCompose/BroadcastComposePage.tsx'],
  [projectRoutes.broadcast]: [FRAME, 'src/broadcasts/BroadcastPage.tsx'],
  [projectRoutes.autoReply]: [FRAME, 'src/automation/AutomationPage.tsx'],
  [projectRoutes.autoDivision]: [FRAME, 'src/automation/AutomationPage.tsx'],
  [projectRoutes.autoStage]: [FRAME, 'src/automation/AutomationPage.tsx'],
  [projectRoutes.followUp]: [FRAME, 'src/automation/AutomationPage.tsx'],
  // The screens later issues build: ScreenPage (in the entry), framed unless outside the frame.
  ...Object.fromEntries(screenRoutes.map((route) => [route.path, route.area === 'main' ? [FRAME] : []])),
};

/** `/crm/chat/:key/:receiver?` -> `/crm/chat/{key}` (optional segments left out). */
export function displayPath(route: string): string {
  return route.replace(/\/:[^/]+\?/g, '').replace(/:([^/]+)/g, '{$1}');
}
