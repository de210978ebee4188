/**
 * Every act of the contract against every role template. The table below is declared by hand:
 * who may call each act, and whether it changes anything. A new act, a changed access rule or a
 * changed template fails it until the table (and so docs/team.md's template list) says so.
 */
import { describe, expect, it } from 'vitest';
import { acts } from '../contract/acts.ts';
import type { ActName } from '../contract/acts.ts';
import { accessAllows } from './access.ts';
import type { AccessHolder } from './access.ts';
import { templatePermissions } from './templates.ts';

/**
 * The project's owner (Owner template), a member holding every key who is not the owner (an
 * Owner invite), and members holding the Admin, Agent and Viewer templates.
 */
const subjects = {
  owner: { permissions: templatePermissions('owner'), owner: true },
  everyKey: { permissions: templatePermissions('owner'), owner: false },
  admin: { permissions: templatePermissions('admin'), owner: false },
  agent: { permissions: templatePermissions('agent'), owner: false },
  viewer: { permissions: templatePermissions('viewer'), owner: false },
} satisfies Record<string, AccessHolder>;

type Subject = keyof typeof subjects;

/**
 * `reads`: changes nothing; `changes`: changes the project's data or members; `own`: changes
 * only the caller's own membership (leaving).
 */
type Kind = 'reads' | 'changes' | 'own';

type Expected = 'public' | 'user' | { kind: Kind; who: readonly Subject[] };

const everyone: Subject[] = ['owner', 'everyKey', 'admin', 'agent', 'viewer'];
const readers: Subject[] = ['owner', 'everyKey', 'admin', 'viewer'];
const agents: Subject[] = ['owner', 'everyKey', 'admin', 'agent'];
const admins: Subject[] = ['owner', 'everyKey', 'admin'];
const everyKey: Subject[] = ['owner', 'everyKey'];
const ownerOnly: Subject[] = ['owner'];

const reads = (who: Subject[]): Expected => ({ kind: 'reads', who });
const changes = (who: Subject[]): Expected => ({ kind: 'changes', who });

const expected: Record<ActName, Expected> = {
  auth_register: 'public',
  auth_login: 'public',
  auth_forgot_password: 'public',
  auth_verify_otp: 'public',
  auth_reset_password: 'public',
  auth_resend_otp: 'public',
  auth_logout: 'user',
  user_check_token: 'user',
  project_create: 'user',
  project_list: 'user',
  project_get: reads(everyone),
  project_settings_get: reads(admins),
  project_update: changes(admins),
  project_delete: changes(ownerOnly),
  project_transfer: changes(ownerOnly),
  project_leave: { kind: 'own', who: everyone },
  member_list: reads(readers),
  member_permissions_set: changes(admins),
  member_remove: changes(everyKey),
  invite_list: reads(readers),
  invite_create: changes(admins),
  invite_revoke: changes(admins),
  invite_get: 'user',
  invite_accept: 'user',
  profile_update: 'user',
  profile_avatar_set: 'user',
  profile_avatar_clear: 'user',
  profile_phone_change: 'user',
  profile_phone_confirm: 'user',
  profile_password_change: 'user',
  session_list: 'user',
  session_revoke: 'user',
  notification_list: 'user',
  notification_count: 'user',
  notification_read: 'user',
  notification_read_all: 'user',
  account_list: reads(everyone),
  account_create: changes(admins),
  account_update: changes(admins),
  account_logout: changes(admins),
  account_refresh: changes(admins),
  account_delete: changes(admins),
  template_list: reads(everyone),
  template_sync: reads(readers),
  template_create: changes(admins),
  template_delete: changes(admins),
  conversation_start: changes(agents),
  conversation_list: reads(everyone),
  conversation_find: reads(everyone),
  chat_agent_list: reads(everyone),
  media_get: reads(everyone),
  gallery_list: reads(everyone),
  gallery_add: changes(admins),
  gallery_delete: changes(admins),
  gallery_usage: reads(everyone),
  label_list: reads(everyone),
  label_create: changes(admins),
  label_update: changes(admins),
  label_delete: changes(admins),
  customer_label_list: reads(everyone),
  customer_label_set: changes(agents),
  stage_list: reads(everyone),
  stage_create: changes(admins),
  stage_update: changes(admins),
  stage_delete: changes(admins),
  stage_board: reads(readers),
  customer_stage_get: reads(everyone),
  customer_stage_set: changes(agents),
  division_list: reads(everyone),
  division_create: changes(admins),
  division_update: changes(admins),
  division_delete: changes(admins),
  division_member_list: reads(readers),
  division_member_options: reads(admins),
  division_member_set: changes(admins),
  conversation_division_set: changes(agents),
  conversation_division_clear: changes(agents),
  customer_list: reads(everyone),
  customer_create: changes(agents),
  customer_update: changes(agents),
  customer_opt_out: changes(agents),
  customer_delete: changes(admins),
  customer_import: changes(agents),
  customer_export: reads(everyone),
  quick_reply_list: reads(everyone),
  quick_reply_create: changes(admins),
  quick_reply_update: changes(admins),
  quick_reply_delete: changes(admins),
  message_list: reads(everyone),
  message_send: changes(agents),
  conversation_read: changes(agents),
  conversation_assign: changes(agents),
  customer_rename: changes(agents),
  saldo_get: 'user',
  saldo_ledger: 'user',
  saldo_export: 'user',
  topup_create: 'user',
  topup_list: 'user',
  topup_get: 'user',
  topup_check: 'user',
  billing_get: reads(readers),
  billing_ledger: reads(readers),
  billing_export: reads(readers),
  billing_spend: reads(readers),
  billing_statement: reads(readers),
  billing_pay: changes(everyKey),
  billing_threshold_set: changes(everyKey),
  broadcast_list: reads(readers),
  broadcast_get: reads(readers),
  broadcast_recipients: reads(readers),
  broadcast_export: reads(readers),
  broadcast_preview: reads(admins),
  broadcast_create: changes(admins),
  broadcast_update: changes(admins),
  broadcast_pause: changes(admins),
  broadcast_resume: changes(admins),
  broadcast_cancel: changes(admins),
  broadcast_retry: changes(admins),
  broadcast_delete: changes(admins),
  // Any kind's key lets a member in; the server checks the kind of the rule (automationActs.ts).
  automation_rule_list: reads(readers),
  automation_rule_get: reads(readers),
  automation_rule_try: reads(readers),
  automation_activity_list: reads(readers),
  automation_rule_create: changes(admins),
  automation_rule_update: changes(admins),
  automation_rule_reorder: changes(admins),
  automation_rule_delete: changes(admins),
  // The customer panel: anyone who sees the chat; a cancel from the chat needs replying there
  // (the server then wants the conversation's agent), or crm.autofu.edit.
  follow_up_list: reads(everyone),
  follow_up_cancel: changes(agents),
};

const names = Object.keys(acts) as ActName[];

describe('every act against every template', () => {
  it('declares every act of the contract, and nothing else', () => {
    expect(Object.keys(expected).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s', (name) => {
    const row = expected[name];
    const { access } = acts[name];
    if (row === 'public' || row === 'user') {
      // Not about a project: no template decides it.
      expect(access).toBe(row);
      return;
    }
    const allowed = (Object.keys(subjects) as Subject[]).filter((subject) =>
      accessAllows(access, subjects[subject]),
    );
    expect(allowed).toEqual(row.who);
  });

  it('refuses the viewer every act that changes anything but their own membership', () => {
    const viewerChanges = names.filter((name) => {
      const row = expected[name];
      return typeof row === 'object' && row.kind === 'changes' && row.who.includes('viewer');
    });
    expect(viewerChanges).toEqual([]);
    for (const name of names) {
      const row = expected[name];
      if (typeof row === 'object' && row.kind === 'changes')
        expect(accessAllows(acts[name].access, subjects.viewer), name).toBe(false);
    }
  });

  it('lets the viewer read every screen the others read', () => {
    const unread = names.filter((name) => {
      const row = expected[name];
      return typeof row === 'object' && row.kind === 'reads' && !row.who.includes('viewer');
    });
    // Reads that only serve a change: the settings form, the add-member picker and a broadcast's preview.
    expect(unread.sort()).toEqual(['broadcast_preview', 'division_member_options', 'project_settings_get']);
  });

  it('keeps deleting and handing over the project to its owner, whatever keys others hold', () => {
    for (const name of ['project_delete', 'project_transfer'] as const) {
      expect(acts[name].access).toBe('owner');
      expect(accessAllows(acts[name].access, subjects.everyKey)).toBe(false);
      expect(accessAllows(acts[name].access, { permissions: [], owner: true })).toBe(true);
    }
  });
});
