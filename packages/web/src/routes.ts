/**
 * Every route of SPEC.md section 2. The router renders from these tables; the areas decide
 * the layout and whether a signed-in user is needed.
 */
import type { MessageKey } from '@sapa/sdk';

export type RouteArea = 'auth' | 'main' | 'outside';

export interface ScreenRoute {
  path: string;
  area: RouteArea;
  /** Catalogue key of the screen's title. */
  title: MessageKey;
}

/** Screens whose content later issues build; the router already sends each path to its place. */
export const screenRoutes: readonly ScreenRoute[] = [
  { path: '/advertiser/domain/:key', area: 'main', title: 'screen.advertiser.domain' },
  { path: '/advertiser/campaign/:key', area: 'main', title: 'screen.advertiser.campaign' },
  { path: '/advertiser/link-generator/:key', area: 'main', title: 'screen.advertiser.linkGenerator' },
  { path: '/advertiser/connector/:key', area: 'main', title: 'screen.advertiser.connector' },
  { path: '/advertiser/trigger/:key', area: 'main', title: 'screen.advertiser.trigger' },
  { path: '/scan/:key/:accountId', area: 'outside', title: 'screen.scan' },
];

export const authRoutes = {
  login: '/auth/login',
  register: '/auth/register',
  verifyOtp: '/auth/verify-otp',
  forgotPhone: '/auth/forgot-password/phone',
  forgotOtp: '/auth/forgot-password/otp',
  forgotChange: '/auth/forgot-password/change',
} as const;

/** The signed-in user's own pages, outside any project. */
export const personalRoutes = {
  /** Name, picture, phone, password, language and theme, signed-in devices. */
  profile: '/profile',
  /** The user's notifications (the header's bell opens it). */
  notifications: '/notification',
  /** The user's prepaid balance: top-ups through the payment gateway, receipts, the ledger. */
  saldo: '/saldo',
} as const;

/** Screens built so far, each with its own page (App.tsx). */
export const projectRoutes = {
  list: '/project/list',
  /** The team inbox: the list, and the open conversation named by its receiver. */
  chat: '/crm/chat/:key/:receiver?',
  /** One conversation full-window, outside the main layout (notifications, embedding). */
  chatWindow: '/chat/:key/:phone',
  accounts: '/project/account/:key',
  /** The project's files, reusable in chats. */
  gallery: '/crm/gallery/:key',
  /** The project's labels, attached to customers in the chat. */
  labels: '/crm/label/:key',
  /** The project's saved answers, typed as `/shortcut` in the composer. */
  quickReply: '/crm/quick-reply/:key',
  /** The project's sales pipeline: its stages as a table and as a board. */
  stages: '/crm/stage/:key',
  /** The project's customers: a filtered table, the form, CSV import and export. */
  customers: '/crm/customer/:key',
  /** The project's teams: their members, and the conversations assigned to them. */
  divisions: '/crm/divisi/:key',
  /** The project's members and invite codes, with the permission editor. */
  members: '/project/user/:key',
  /** The project's balance: "Bayar", prices, spend, statements, the usage ledger. */
  billing: '/project/billing/:key',
  /** The project's broadcasts: their progress, live. */
  broadcasts: '/crm/broadcast/:key',
  /** A new broadcast: the composer (before `broadcast`, which would read `new` as an id). */
  broadcastNew: '/crm/broadcast/:key/new',
  /** A scheduled broadcast in the composer. */
  broadcastEdit: '/crm/broadcast/:key/:id/edit',
  /** One broadcast: its status and controls, counts, template, audience, cost and recipients. */
  broadcast: '/crm/broadcast/:key/:id',
  /** The project's name, time zone, working hours, default division; deleting it. */
  settings: '/project/setting/:key',
  /** Automation (issue 18), one screen per kind of rule: keyword replies, greetings, welcomes. */
  autoReply: '/crm/auto-reply/:key',
  /** Routing rules: conversations to a division and an agent. */
  autoDivision: '/crm/auto-divisi/:key',
  /** Rules that move customers to a stage. */
  autoStage: '/crm/auto-stage/:key',
  /** Follow-up sequences. */
  followUp: '/crm/autofu/:key',
  /** Joining a project with an invite code (outside any project). */
  invite: '/invite/:code',
} as const;

/**
 * The params of `path` under one of the patterns above (`:name` segments, a last one optional
 * with `?`), or null when it does not match: for work that starts before the router first renders
 * (the screen's first acts). What shows is still the router's (App.tsx) to decide.
 */
export function routeParams(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const given =
    path
      .split('?', 1)[0]
      ?.replace(/(.)\/+$/, '$1')
      .split('/') ?? [];
  const optional = wanted.at(-1)?.endsWith('?') === true;
  if (given.length !== wanted.length && !(optional && given.length === wanted.length - 1)) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = given[index];
    if (!part.startsWith(':')) {
      if (value !== part) return null;
    } else if (value !== undefined) {
      if (value === '') return null;
      try {
        params[part.slice(1).replace(/\?$/, '')] = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return params;
}

/** `/crm/chat/{key}` or `/crm/chat/{key}/{receiver}`. */
export function chatPath(key: string, receiver?: string | null): string {
  const base = `/crm/chat/${encodeURIComponent(key)}`;
  return receiver ? `${base}/${encodeURIComponent(receiver)}` : base;
}

/** `/chat/{key}/{phone}`. */
export function chatWindowPath(key: string, receiver: string): string {
  return `/chat/${encodeURIComponent(key)}/${encodeURIComponent(receiver)}`;
}

/** `/project/account/{key}`. */
export function accountsPath(key: string): string {
  return `/project/account/${encodeURIComponent(key)}`;
}

/** `/crm/gallery/{key}`. */
export function galleryPath(key: string): string {
  return `/crm/gallery/${encodeURIComponent(key)}`;
}

/** `/crm/label/{key}`. */
export function labelsPath(key: string): string {
  return `/crm/label/${encodeURIComponent(key)}`;
}

/** `/crm/stage/{key}`. */
export function stagesPath(key: string): string {
  return `/crm/stage/${encodeURIComponent(key)}`;
}

/** `/crm/divisi/{key}`. */
export function divisionsPath(key: string): string {
  return `/crm/divisi/${encodeURIComponent(key)}`;
}

/** `/crm/customer/{key}`. */
export function customersPath(key: string): string {
  return `/crm/customer/${encodeURIComponent(key)}`;
}

/** `/crm/quick-reply/{key}`. */
export function quickReplyPath(key: string): string {
  return `/crm/quick-reply/${encodeURIComponent(key)}`;
}

/** `/project/user/{key}`. */
export function membersPath(key: string): string {
  return `/project/user/${encodeURIComponent(key)}`;
}

/** `/project/billing/{key}`. */
export function billingPath(key: string): string {
  return `/project/billing/${encodeURIComponent(key)}`;
}

/** `/crm/broadcast/{key}`. */
export function broadcastsPath(key: string): string {
  return `/crm/broadcast/${encodeURIComponent(key)}`;
}

/** `/crm/broadcast/{key}/new`. */
export function broadcastNewPath(key: string): string {
  return `${broadcastsPath(key)}/new`;
}

/** `/crm/broadcast/{key}/{id}`. */
export function broadcastPath(key: string, id: string): string {
  return `${broadcastsPath(key)}/${encodeURIComponent(id)}`;
}

/** `/crm/broadcast/{key}/{id}/edit`. */
export function broadcastEditPath(key: string, id: string): string {
  return `${broadcastPath(key, id)}/edit`;
}

/** `/project/setting/{key}`. */
export function settingsPath(key: string): string {
  return `/project/setting/${encodeURIComponent(key)}`;
}

/** `/invite/{code}`. */
export function invitePath(code: string): string {
  return `/invite/${encodeURIComponent(code)}`;
}
