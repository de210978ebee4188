/** Shapes of the project area (members, invites, settings) and the personal pages (profile, notifications). */
import type { RoleTemplate } from '../permissions/templates.ts';
import type { PermissionKey } from '../permissions/tree.ts';
import type { Project } from './types.ts';
import type { OptOutSettings } from '../broadcasts/optOutSettings.ts';

/** A member of a project as the members table shows them (`/project/user/{key}`). */
export interface ProjectMember {
  userId: string;
  name: string;
  /** Masked for display (`+62812****789`): colleagues see who, not the whole number. */
  maskedPhone: string;
  /** The user's picture, or `null` (show their initials). */
  avatarUrl: string | null;
  permissions: PermissionKey[];
  /** The template their permissions equal, or `null` for a custom set. */
  template: RoleTemplate | null;
  /** `owner`: the project's owner (at first its creator); `member`: everyone else. */
  role: 'owner' | 'member';
  /** Whether this row is the caller. */
  self: boolean;
  joinedAt: string;
}

export type InviteStatus = 'active' | 'expired' | 'used_up' | 'revoked';

/** An invite code of a project: whoever opens `/invite/{code}` signed in joins with `template`. */
export interface Invite {
  id: string;
  code: string;
  /** The permissions a joiner starts with. */
  template: RoleTemplate;
  createdBy: { userId: string; name: string };
  createdAt: string;
  /** `null`: never expires. */
  expiresAt: string | null;
  /** `null`: no limit. */
  maxUses: number | null;
  uses: number;
  status: InviteStatus;
}

/** What `/invite/{code}` shows before joining. */
export interface InvitePreview {
  code: string;
  projectName: string;
  inviterName: string;
  template: RoleTemplate;
  status: InviteStatus;
  /** The project's key when the caller is a member already (the page links to it). */
  memberOf: string | null;
}

/** Hours of one weekday, in the project's time zone (`HH:00:00`, `to` after `from`). */
export interface WorkingDay {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  open: boolean;
  from: string;
  to: string;
}

/** `/project/setting/{key}`. */
export interface ProjectSettings {
  key: string;
  name: string;
  /** IANA time zone; `Asia/Jakarta` unless set. */
  timeZone: string;
  /** Always seven days, Monday first. */
  workingHours: WorkingDay[];
  /** Where conversations go when nothing else assigns them; `null`: none. */
  defaultDivision: { id: string; name: string } | null;
  /**
   * Opting out of broadcasts: the words that do it (normalised: `normalizeOptOutWords`), the
   * answer a customer gets once they did (the catalogue's text until the project writes its own),
   * and whether they get it.
   */
  optOut: OptOutSettings;
  createdAt: string;
}

/** A project card on the home page: the project plus what the caller should notice. */
export interface ProjectSummary extends Project {
  /** Unread messages in the conversations the caller may see. */
  unreadCount: number;
  /** The project's WhatsApp numbers by status. */
  accounts: { total: number; connected: number };
  /** The project's balance in whole rupiah; null for a caller without `project.billing.view`. */
  balance: number | null;
}

/** One signed-in device of the user (`/profile`). */
export interface UserSession {
  id: string;
  /** The session of this call. */
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The browser's user agent when it signed in, if it sent one. */
  userAgent: string | null;
  ip: string | null;
}

export type NotificationKind =
  | 'conversation_assigned'
  | 'customer_waiting'
  | 'invite_accepted'
  | 'account_disconnected'
  | 'low_balance'
  /** An automation rule's `notify` action: `subject` is the customer, `actorName` the rule's note. */
  | 'automation_note';

/** One notification of the user (`/notification`, the header's bell). */
export interface Notification {
  id: string;
  kind: NotificationKind;
  /** The project it is about. */
  key: string;
  projectName: string;
  /**
   * Who or what it is about: the customer (`conversation_assigned`, `customer_waiting`), the new
   * member (`invite_accepted`), the WhatsApp number's name (`account_disconnected`).
   */
  subject: string;
  /** Who caused it, when a member did (`conversation_assigned`). */
  actorName: string | null;
  /** The conversation to open, for conversation kinds. */
  conversationId: string | null;
  /**
   * How many events it stands for: the customer's messages an unread `customer_waiting` collapses
   * (one per conversation, refreshed rather than repeated); 1 for the other kinds.
   */
  count: number;
  read: boolean;
  /** When it last happened (a collapsed `customer_waiting` moves to its latest message). */
  createdAt: string;
}
