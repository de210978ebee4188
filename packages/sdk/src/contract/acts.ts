import { z } from 'zod';
import { defineAct } from './defineAct.ts';
import type { ActDefinition } from './defineAct.ts';
import type { OtpChallenge, Project, SignedIn, User } from './types.ts';
import type {
  ChatAgent,
  ConversationSummary,
  GalleryItem,
  MediaFile,
  StorageUsage,
  ThreadMessage,
  WhatsAppAccount,
} from './chatTypes.ts';
import type { MessageTemplate } from './templateTypes.ts';
import { templateCategories, templateHeaderFormats, templateLanguages } from './templateTypes.ts';
import { templateDraftProblems } from '../templates/rules.ts';
import type {
  Customer,
  CustomerImport,
  CustomerStage,
  Division,
  DivisionMember,
  Label,
  QuickReply,
  Stage,
  StageColumn,
} from './crmTypes.ts';
import type {
  Invite,
  InvitePreview,
  Notification,
  ProjectMember,
  ProjectSettings,
  ProjectSummary,
  UserSession,
} from './teamTypes.ts';
import { roleTemplates } from '../permissions/templates.ts';
import {
  ACCESS_TOKEN_MAX,
  AVATAR_MAX_BYTES,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_VALUE_MAX,
  CUSTOM_FIELDS_MAX,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_NOTES_MAX,
  GALLERY_IDS_MAX,
  INVITE_HOURS_MAX,
  INVITE_USES_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_NUMBER_ID_MAX,
  QUICK_REPLY_TEXT_MAX,
  RECORD_NAME_MAX,
  SHORTCUT_MAX,
  TEMPLATE_BODY_MAX,
  TEMPLATE_BUTTON_TEXT_MAX,
  TEMPLATE_BUTTONS_MAX,
  TEMPLATE_FOOTER_MAX,
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_URL_MAX,
  TEMPLATE_VALUE_MAX,
  WABA_ID_MAX,
  CONVERSATION_COUNTED_PAGES_AHEAD,
} from '../constants.ts';
import { normalizePhone } from '../validation/phone.ts';
import { automationActs } from './automationActs.ts';
import { billingActs } from './billingActs.ts';
import { broadcastActs } from './broadcastActs.ts';
import { optOutActs, optOutSettingsField } from './optOutActs.ts';
import { BROADCAST_RATE_MAX } from '../broadcasts/limits.ts';

/** A phone number in any accepted form, normalised to E.164. */
export const phoneField = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'phone' });
      return z.NEVER;
    }
    return phone;
  });

export const passwordField = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const nameField = z.string().trim().min(1).max(NAME_MAX);
export const challengeField = z.string().min(1).max(200);
export const otpCodeField = z.string().regex(/^\d{6}$/);
/** The project an act is about. Any string is accepted: an unknown key answers `not_found`. */
export const projectKeyField = z.string().min(1).max(64);

/** A row id (accounts, conversations, messages, customers, users). */
export const idField = z.uuid();
/** A colour as `#rrggbb` (lowercased). */
export const colorField = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((value) => value.toLowerCase());
/** A label's name: 1 to 50 characters. */
export const labelNameField = z.string().trim().min(1).max(RECORD_NAME_MAX);
/** A quick reply's shortcut, without the slash: lowercase letters, digits, `_` and `-`. */
export const shortcutField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^\//, ''))
  .pipe(z.string().regex(new RegExp(`^[a-z0-9_-]{1,${SHORTCUT_MAX}}$`)));
/** A date as the date picker gives it: `yyyy-mm-dd`. */
export const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A customer's free fields: up to 30 names (letters, digits, `_`) with text values. */
export const customFieldsField = z
  .record(
    z
      .string()
      .trim()
      .regex(new RegExp(`^[\\p{L}\\p{N}_ ]{1,${CUSTOM_FIELD_NAME_MAX}}$`, 'u')),
    z.string().max(CUSTOM_FIELD_VALUE_MAX),
  )
  .refine((fields) => Object.keys(fields).length <= CUSTOM_FIELDS_MAX, { message: 'too_many' });
/** What the customers table filters by (also the export). */
export const customerFilterFields = {
  search: z.string().trim().max(100).optional(),
  labelId: idField.optional(),
  stageId: idField.optional(),
  /** Customers with a conversation assigned to this division. */
  divisionId: idField.optional(),
  accountId: idField.optional(),
  /** First contact on or after this day (the project's time zone). */
  from: dateField.optional(),
  /** First contact on or before this day (the project's time zone). */
  to: dateField.optional(),
};
/** An hour as the hour picker gives it: `HH:00:00`, 00 to 23. */
export const hourField = z.string().regex(/^(?:[01]\d|2[0-3]):00:00$/);
/** An IANA time zone this server knows (`Asia/Jakarta`). */
export const timeZoneField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'time_zone');
/** One weekday's hours: closed, or open from one whole hour to a later one. */
export const workingDayField = z
  .object({
    day: z.union(
      [1, 2, 3, 4, 5, 6, 7].map((day) => z.literal(day)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]],
    ),
    open: z.boolean(),
    from: hourField,
    to: hourField,
  })
  .refine((day) => !day.open || day.to > day.from, { path: ['to'], message: 'after_from' });
/** A role template (`owner`, `admin`, `agent`, `viewer`). */
export const roleTemplateField = z.enum(roleTemplates);
/** An invite code as `/invite/{code}` carries it. */
export const inviteCodeField = z.string().trim().min(1).max(64);

/** A zero-based page index. */
export const pageField = z.number().int().min(0).max(1_000_000);
/** A position in a conversation. */
export const seqField = z.number().int().min(0).max(2_147_483_647);
/**
 * A conversation as a chat's address names it (`/crm/chat/{key}/{receiver}`): its id, or the
 * customer's phone (`08…`, `+62…` or digits).
 */
export const receiverField = z.string().trim().min(1).max(64);

/** A message type of SPEC.md section 3: jpeg, png, webp, jpg, ogg, mp4, vcard, text, or a file's extension. */
export const messageTypeField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,16}$/);

const IMAGE_TYPES = new Set(['jpeg', 'png', 'webp', 'jpg']);
const webUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** Meta's numeric ids: a phone number id, a WhatsApp Business Account id. */
const phoneNumberIdField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,${PHONE_NUMBER_ID_MAX}}$`));
const wabaIdField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,${WABA_ID_MAX}}$`));

/** A variable's example or value: one line of text (Meta refuses new lines and tabs in parameters). */
const templateValueField = z.string().max(TEMPLATE_VALUE_MAX);

/**
 * A template as the editor submits it (`template_create`). The shape is checked here; Meta's
 * rules (name format, variable numbering and placement, examples, button counts) by
 * `templateDraftProblems`, whose codes are the field errors' messages.
 */
export const templateDraftField = z
  .object({
    name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
    language: z.enum(templateLanguages),
    category: z.enum(templateCategories),
    header: z
      .discriminatedUnion('format', [
        z.object({
          format: z.literal('TEXT'),
          text: z
            .string()
            .trim()
            .min(1)
            .max(TEMPLATE_HEADER_TEXT_MAX + 10),
          example: templateValueField.nullable(),
        }),
        z.object({
          format: z.enum(
            templateHeaderFormats.filter((format) => format !== 'TEXT') as ['IMAGE', 'VIDEO', 'DOCUMENT'],
          ),
          exampleUrl: webUrl.nullable(),
        }),
      ])
      .nullable(),
    body: z
      .string()
      .trim()
      .min(1)
      .max(TEMPLATE_BODY_MAX + 100),
    bodyExamples: z.array(templateValueField).max(100),
    footer: z
      .string()
      .trim()
      .max(TEMPLATE_FOOTER_MAX + 10)
      .nullable(),
    buttons: z
      .array(
        z.discriminatedUnion('type', [
          z.object({
            type: z.literal('QUICK_REPLY'),
            text: z.string().trim().min(1).max(TEMPLATE_BUTTON_TEXT_MAX),
          }),
          z.object({
            type: z.literal('URL'),
            text: z.string().trim().min(1).max(TEMPLATE_BUTTON_TEXT_MAX),
            url: z.string().trim().min(1).max(TEMPLATE_URL_MAX),
            example: templateValueField.nullable(),
          }),
          z.object({
            type: z.literal('PHONE_NUMBER'),
            text: z.string().trim().min(1).max(TEMPLATE_BUTTON_TEXT_MAX),
            phoneNumber: phoneField,
          }),
        ]),
      )
      .max(TEMPLATE_BUTTONS_MAX + 5),
  })
  .superRefine((draft, ctx) => {
    for (const problem of templateDraftProblems(draft)) {
      // `params.templateRule` marks the issue as a template rule: its text is `template.rule.<code>`.
      ctx.addIssue({
        code: 'custom',
        path: problem.path,
        message: problem.code,
        params: { templateRule: true, ...(problem.limit === undefined ? {} : { limit: problem.limit }) },
      });
    }
  });

/** What a template send fills (`TemplateValues`). */
export const templateValuesField = z.object({
  body: z.array(templateValueField).max(100),
  header: templateValueField.optional(),
  headerMediaId: idField.optional(),
  buttonUrl: templateValueField.optional(),
});

/**
 * What `message_send` takes; which fields a type needs is checked in `superRefine`. A file
 * uploaded to `POST /upload/{key}` goes by `mediaId`: its type, link and name come from the
 * stored file, so `type`, `url` and `filename` are left out.
 */
export const messageSendInput = z
  .object({
    key: projectKeyField,
    conversationId: idField,
    /** The sender's id of this send (uuid): sending it again answers the same message. */
    clientId: idField,
    type: messageTypeField.optional(),
    caption: z.string().max(4096).optional(),
    url: webUrl.optional(),
    mediaId: idField.optional(),
    filename: z.string().trim().min(1).max(240).optional(),
    name: z.string().trim().min(1).max(200).optional(),
    phone: phoneField.optional(),
    replyTo: idField.optional(),
    /** `type: 'template'`: which of the number's approved templates, and its values. */
    template: z.object({ id: idField, values: templateValuesField }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'template' || input.template !== undefined) {
      if (input.type !== 'template') ctx.addIssue({ code: 'custom', path: ['type'], message: 'template' });
      if (input.template === undefined)
        ctx.addIssue({ code: 'custom', path: ['template'], message: 'required' });
      for (const field of ['caption', 'url', 'mediaId', 'filename', 'name', 'phone'] as const) {
        if (input[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'template' });
      }
      return;
    }
    if (input.mediaId !== undefined) {
      for (const field of ['type', 'url', 'filename', 'name', 'phone'] as const) {
        if (input[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'media' });
      }
      return;
    }
    if (input.type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'required' });
    } else if (input.type === 'text') {
      if (input.caption === undefined || input.caption.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['caption'], message: 'required' });
      }
    } else if (input.type === 'vcard') {
      if (input.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required' });
      if (input.phone === undefined) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'required' });
    } else if (input.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'required' });
    } else if (!IMAGE_TYPES.has(input.type) && !['ogg', 'mp4'].includes(input.type)) {
      if (input.filename === undefined) {
        ctx.addIssue({ code: 'custom', path: ['filename'], message: 'required' });
      }
    }
  });

/**
 * Every act of the product, by name. The server registers a handler for each and refuses
 * any other name; the SDK's `act()` is typed from this object.
 */
export const acts = {
  ...billingActs,
  ...broadcastActs,
  ...optOutActs,
  ...automationActs,
  auth_register: defineAct<OtpChallenge>()({
    input: z.object({ name: nameField, phone: phoneField, password: passwordField }),
    access: 'public',
    summary: 'Starts a registration: sends a code to the phone and answers the challenge.',
  }),
  auth_login: defineAct<OtpChallenge>()({
    input: z.object({ phone: phoneField, password: passwordField }),
    access: 'public',
    summary: 'Checks phone and password, sends a code and answers the challenge.',
  }),
  auth_forgot_password: defineAct<OtpChallenge>()({
    input: z.object({ phone: phoneField }),
    access: 'public',
    summary: 'Starts a password reset. Always answers a challenge, whether or not the phone is registered.',
  }),
  auth_verify_otp: defineAct<SignedIn>()({
    input: z.object({ challenge: challengeField, code: otpCodeField }),
    access: 'public',
    summary: 'Confirms a register or login challenge with its code; answers a session token and the user.',
  }),
  auth_reset_password: defineAct<Record<string, never>>()({
    input: z.object({ challenge: challengeField, code: otpCodeField, password: passwordField }),
    access: 'public',
    summary: "Sets a new password with a forgot-password challenge's code and revokes every session.",
  }),
  auth_resend_otp: defineAct<OtpChallenge>()({
    input: z.object({ challenge: challengeField }),
    access: 'public',
    summary: 'Sends a new code for a live challenge once the 60 s cooldown has passed.',
  }),
  auth_logout: defineAct<Record<string, never>>()({
    input: z.object({}),
    access: 'user',
    summary: 'Revokes the session token of the call.',
  }),
  user_check_token: defineAct<User>()({
    input: z.object({}),
    access: 'user',
    summary: 'Answers the signed-in user of the token, or code "0".',
  }),
  project_create: defineAct<Project>()({
    input: z.object({ name: nameField }),
    access: 'user',
    summary:
      'Creates a project; the caller becomes its owner, holding every permission. Answers the project.',
  }),
  project_list: defineAct<ProjectSummary[]>()({
    input: z.object({}),
    access: 'user',
    summary:
      "Answers the caller's projects, newest first, each with the caller's role and permissions in it, the unread messages of the conversations the caller may see, and its WhatsApp numbers by status (the home page's cards).",
  }),
  project_get: defineAct<Project>()({
    input: z.object({ key: projectKeyField }),
    access: 'member',
    summary:
      'Answers one project of the caller. A key that does not exist and a project the caller is not a member of both answer `not_found`.',
  }),
  project_settings_get: defineAct<ProjectSettings>()({
    input: z.object({ key: projectKeyField }),
    access: { permission: 'project.edit' },
    summary:
      "The project's settings: name, time zone, working hours per weekday, default division, and opting out of broadcasts (the words, the answer, whether it is sent).",
  }),
  project_update: defineAct<ProjectSettings>()({
    input: z.object({
      key: projectKeyField,
      name: nameField.optional(),
      timeZone: timeZoneField.optional(),
      /** All seven days, each once. */
      workingHours: z
        .array(workingDayField)
        .length(7)
        .refine((days) => new Set(days.map((day) => day.day)).size === 7, { message: 'days' })
        .optional(),
      defaultDivisionId: idField.nullable().optional(),
      /** Opting out of broadcasts: the words (at least one), the answer and whether it is sent. */
      optOut: optOutSettingsField.optional(),
    }),
    access: { permission: 'project.edit' },
    summary:
      "Changes the project's settings and answers them; a name or time zone change is announced to every member as `project.updated`. A division of another project answers `not_found`. `optOut`'s words are normalised (`normalizeOptOutWords`); none, more than 20 or one longer than 40 characters answer `invalid_input` on `optOut.words`, an empty or too long answer on `optOut.reply`.",
  }),
  project_delete: defineAct<{ key: string }>()({
    input: z.object({ key: projectKeyField, confirmName: z.string().max(200) }),
    access: 'owner',
    summary:
      'Deletes the project and everything in it, once `confirmName` equals its name exactly (else `invalid_input` on `confirmName`). Only its owner may. Every member gets `project.removed` (`deleted`).',
  }),
  project_transfer: defineAct<ProjectMember>()({
    input: z.object({ key: projectKeyField, userId: idField }),
    access: 'owner',
    summary:
      'Hands the project over to another member (only its owner may): they become its owner holding every permission, and answer as such; the caller stays a member with the permissions they had. Both get `project.permissions` with their new role. A user who is not a member answers `not_found`; the caller themselves changes nothing.',
  }),
  project_leave: defineAct<{ key: string }>()({
    input: z.object({ key: projectKeyField }),
    access: 'member',
    summary:
      'The caller leaves the project (the conversations assigned to them are assigned to nobody). Refused for the owner (`owner_must_transfer`: hand the project over first) and with `last_permission_holder` when nobody else could set permissions.',
  }),
  member_list: defineAct<ProjectMember[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      search: z.string().trim().max(100).optional(),
    }),
    access: { permission: 'project.user.view' },
    shape: 'page',
    summary:
      "The project's members by name, 10 a page, with their permissions and the template those equal; `search` matches the start of words of the name.",
  }),
  member_permissions_set: defineAct<ProjectMember>()({
    input: z.object({
      key: projectKeyField,
      userId: idField,
      permissions: z.array(z.string().max(100)).max(500),
    }),
    access: { permission: 'project.user.set_permission' },
    summary:
      "Saves a member's permissions (unknown keys are dropped) and answers the member. Refused: the owner's keys changed by anyone else (`owner_protected`), the owner taking away from themselves the members screen or the permission editor (`owner_keys`), adding keys to oneself (`self_escalation`; the owner may), granting keys the caller does not hold (`grant_beyond_own`), leaving nobody who may set permissions (`last_permission_holder`). The member's open apps get `project.permissions` and move to the rooms the new keys allow.",
  }),
  member_remove: defineAct<{ userId: string }>()({
    input: z.object({ key: projectKeyField, userId: idField }),
    access: { permission: 'project.user.hapus' },
    summary:
      'Removes a member from the project (and its divisions); the conversations assigned to them are assigned to nobody (`conversation.updated`). Their acts there are refused at once; their open apps get `project.removed` (`removed`) and their sockets leave its rooms. Refused for the owner (`owner_protected`) and with `last_permission_holder` when nobody else could set permissions.',
  }),
  invite_list: defineAct<Invite[]>()({
    input: z.object({ key: projectKeyField, page: pageField.optional() }),
    access: { anyOf: ['project.user.view', 'project.user.create_invite'] },
    shape: 'page',
    summary: "The project's invite codes, newest first, 10 a page, each with its status and uses.",
  }),
  invite_create: defineAct<Invite>()({
    input: z.object({
      key: projectKeyField,
      template: roleTemplateField,
      /** Hours until it expires (1 to 720); left out or `null`: never. */
      expiresInHours: z.number().int().min(1).max(INVITE_HOURS_MAX).nullable().optional(),
      /** How many may join with it (1 to 1,000); left out or `null`: no limit. */
      maxUses: z.number().int().min(1).max(INVITE_USES_MAX).nullable().optional(),
    }),
    access: { permission: 'project.user.create_invite' },
    summary:
      "Creates an invite code whose joiners start with `template`'s permissions; a template granting keys the caller does not hold answers `grant_beyond_own`.",
  }),
  invite_revoke: defineAct<Invite>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'project.user.create_invite' },
    summary: 'Revokes an invite code of the project; it stops working at once.',
  }),
  invite_get: defineAct<InvitePreview>()({
    input: z.object({ code: inviteCodeField }),
    access: 'user',
    summary:
      "What `/invite/{code}` shows: the project's name, who invited, the template, the code's status, and the project's key when the caller is a member already. An unknown code answers `invite_invalid`.",
  }),
  invite_accept: defineAct<Project>()({
    input: z.object({ code: inviteCodeField }),
    access: 'user',
    summary:
      "Joins the project of an active code with its template's permissions and answers the project (a member already: the project, unchanged, using nothing). An expired, used-up, revoked or unknown code answers `invite_invalid`. The code's creator gets an `invite_accepted` notification.",
  }),
  profile_update: defineAct<User>()({
    input: z.object({
      name: nameField.optional(),
      language: z.enum(['id', 'en']).nullable().optional(),
      theme: z.enum(['light', 'dark']).nullable().optional(),
    }),
    access: 'user',
    summary: "Changes the caller's name, language or theme (`null`: follow the device) and answers the user.",
  }),
  profile_avatar_set: defineAct<User>()({
    input: z.object({
      /** A JPEG, PNG or WebP image as a `data:` URL, at most `AVATAR_MAX_BYTES` decoded. */
      image: z
        .string()
        .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100)
        .startsWith('data:'),
    }),
    access: 'user',
    summary:
      "Sets the caller's picture from a `data:` URL (JPEG, PNG or WebP, checked by content, at most 512 KB) and answers the user; anything else answers `file_invalid_type` or `file_too_large`.",
  }),
  profile_avatar_clear: defineAct<User>()({
    input: z.object({}),
    access: 'user',
    summary: "Removes the caller's picture (their initials show again) and answers the user.",
  }),
  profile_phone_change: defineAct<OtpChallenge>()({
    input: z.object({ phone: phoneField, password: passwordField }),
    access: 'user',
    summary:
      "Starts moving the caller's account to a new phone: checks the current password (`wrong_password`), sends a code to the new phone and answers the challenge. A phone another account uses answers `phone_taken`.",
  }),
  profile_phone_confirm: defineAct<User>()({
    input: z.object({ challenge: challengeField, code: otpCodeField }),
    access: 'user',
    summary:
      'Confirms the new phone with its code and answers the user with it; the old phone no longer signs in.',
  }),
  profile_password_change: defineAct<Record<string, never>>()({
    input: z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX), password: passwordField }),
    access: 'user',
    summary:
      "Changes the caller's password after checking the current one (`wrong_password`, on `currentPassword`); every other session of the user is signed out.",
  }),
  session_list: defineAct<UserSession[]>()({
    input: z.object({}),
    access: 'user',
    summary: "The caller's live sessions (signed-in devices), the current one first, then by last use.",
  }),
  session_revoke: defineAct<{ id: string }>()({
    input: z.object({ id: idField }),
    access: 'user',
    summary:
      "Signs out one of the caller's sessions: its token stops working at once and its sockets get `session.ended` and are disconnected. Another user's session answers `not_found`.",
  }),
  notification_list: defineAct<Notification[]>()({
    input: z.object({
      page: pageField.optional(),
      unreadOnly: z.boolean().optional(),
      /**
       * "Load more": the last notification the caller holds, as it was when it arrived. The
       * answer is the 20 after it in the order (in place of `page`), so reading some meanwhile,
       * which moves them in the order, skips none.
       */
      after: z
        .object({ read: z.boolean(), createdAt: z.iso.datetime({ offset: true }), id: idField })
        .optional(),
    }),
    access: 'user',
    shape: 'page',
    summary:
      "The caller's notifications, unread first, then newest first, 20 a page (or the 20 after `after`), from projects they are still a member of.",
  }),
  notification_count: defineAct<{ unread: number }>()({
    input: z.object({}),
    access: 'user',
    summary: "How many of the caller's notifications are unread (the header's bell).",
  }),
  notification_read: defineAct<{ unread: number }>()({
    input: z.object({ id: idField }),
    access: 'user',
    summary:
      "Marks one of the caller's notifications read and answers how many are unread; the user's other tabs get `notification.count`.",
  }),
  notification_read_all: defineAct<{ unread: number }>()({
    input: z.object({}),
    access: 'user',
    summary: "Marks every notification of the caller read; the user's other tabs get `notification.count`.",
  }),
  account_list: defineAct<WhatsAppAccount[]>()({
    input: z.object({ key: projectKeyField }),
    access: { anyOf: ['crm.chat.view', 'project.account.view', 'crm.broadcast.add'] },
    summary:
      "Answers the project's WhatsApp accounts, oldest first, with their live status (`crm.chat.view`: the inbox names each conversation's number; `project.account.view`: the accounts screen). Access tokens never leave the server.",
  }),
  account_create: defineAct<WhatsAppAccount>()({
    input: z.object({
      key: projectKeyField,
      name: nameField,
      wabaId: wabaIdField,
      phoneNumberId: phoneNumberIdField,
      /** Unused since Meta's display number is stored; kept optional for older clients. */
      displayPhone: phoneField.optional(),
      accessToken: z.string().trim().min(1).max(ACCESS_TOKEN_MAX),
    }),
    access: { anyOf: ['crm.chat.add_account', 'project.account.add'] },
    summary:
      "Adds a WhatsApp Cloud API number (status `connected`) once Meta answered `GET /{phoneNumberId}?fields=display_phone_number,verified_name,…` to `accessToken`; it is stored with Meta's display number (not the one typed) and verified name. A token Meta refuses (190) answers `invalid_input` on `accessToken`; an id that token may not read and an id already added (to this project or any other) answer one and the same `invalid_input` on `phoneNumberId`, telling nothing of where a number is; Meta unreachable answers `whatsapp_unreachable`. Nothing is stored on a refusal.",
  }),
  account_update: defineAct<WhatsAppAccount>()({
    input: z.object({
      key: projectKeyField,
      id: idField,
      name: nameField.optional(),
      accessToken: z.string().trim().min(1).max(ACCESS_TOKEN_MAX).optional(),
      wabaId: wabaIdField.optional(),
      /** Broadcast messages a second (1 to `BROADCAST_RATE_MAX`); `null`: Meta's default, 80. */
      broadcastRate: z.number().int().min(1).max(BROADCAST_RATE_MAX).nullable().optional(),
    }),
    access: { anyOf: ['crm.chat.edit_account', 'project.account.edit'] },
    summary:
      "Renames an account of the project, gives it a new access token, sets its WhatsApp Business Account (numbers added before Sapa asked for one) and/or its broadcast rate (messages a second; `null` for Meta's default of 80; a higher rate only works once Meta has upgraded the number). A new token or WABA is checked with Meta first, as `account_create` checks them (the same field errors; nothing changes on a refusal), and the number's facts are read again; a new token reconnects a logged-out or disconnected account (announced as `account.status`). Announced as `account.updated`.",
  }),
  account_logout: defineAct<WhatsAppAccount>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.chat.logout_account' },
    summary:
      'Logs an account out (status `logged_out`, announced as `account.status`): its webhooks are skipped and its sends fail.',
  }),
  account_refresh: defineAct<WhatsAppAccount>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { anyOf: ['crm.chat.edit_account', 'project.account.edit'] },
    summary:
      'Reads the number from Meta again (`GET /{phoneNumberId}?fields=…`): verified name, quality rating, messaging limit tier; a token Meta refuses marks it `disconnected`. Announced as `account.updated`.',
  }),
  account_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'project.account.hapus' },
    summary:
      'Deletes a number from the project: it leaves `account_list`, its conversations stay readable but answer `account_deleted` to every send, its pending sends fail, and its webhooks are acknowledged and ignored. Its phone number id may be added again. Announced as `account.deleted`.',
  }),
  template_list: defineAct<MessageTemplate[]>()({
    input: z.object({ key: projectKeyField, accountId: idField }),
    access: { anyOf: ['project.account.view', 'crm.chat.send', 'crm.broadcast.add'] },
    summary:
      "The message templates of the number's WhatsApp Business Account as last read from Meta, by name then language (`project.account.view`: the Templates tab; `crm.chat.send`: the template picker and `crm.broadcast.add`: the broadcast composer, which offer the `APPROVED` ones).",
  }),
  template_sync: defineAct<MessageTemplate[]>()({
    input: z.object({ key: projectKeyField, accountId: idField }),
    access: { permission: 'project.account.view' },
    summary:
      "Reads every template of the number's WABA from Meta (`GET /{wabaId}/message_templates`, page by page), stores what changed, removes what Meta no longer has, and answers the list as `template_list` does. Changes are announced as `template.updated` / `template.deleted`. Meta unreachable answers `whatsapp_unreachable`.",
  }),
  template_create: defineAct<MessageTemplate>()({
    input: z.object({ key: projectKeyField, accountId: idField, template: templateDraftField }),
    access: { permission: 'project.account.add' },
    summary:
      "Submits a template to Meta (`POST /{wabaId}/message_templates`) and stores it with the status Meta answered (usually `PENDING`; approval arrives as a `message_template_status_update` webhook and is announced as `template.updated`). Meta's rules are checked first (`invalid_input` with the rule's code on the field); a name and language the WABA already has answers `invalid_input` on `name`; Meta's own refusal answers `template_refused` with its message.",
  }),
  template_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, accountId: idField, id: idField }),
    access: { permission: 'project.account.hapus' },
    summary:
      'Deletes a template at Meta (`DELETE /{wabaId}/message_templates?hsm_id=…&name=…`) and here; announced as `template.deleted`. Messages already sent with it keep their rendering.',
  }),
  conversation_start: defineAct<{ conversation: ConversationSummary; message: ThreadMessage }>()({
    input: z.object({
      key: projectKeyField,
      accountId: idField,
      customerId: idField,
      /** The sender's id of this send (uuid): starting again answers the same message. */
      clientId: idField,
      template: z.object({ id: idField, values: templateValuesField }),
    }),
    access: { permission: 'crm.chat.send' },
    summary:
      'Reaches a customer of the project through one of its numbers with an approved template: the conversation on that number is created if there is none (announced as `conversation.updated`, so it appears in every inbox at once), and the template is sent as `message_send` sends it. A customer the caller may not see in the customers table answers `not_found`.',
  }),
  conversation_list: defineAct<ConversationSummary[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      filter: z.enum(['all', 'unread', 'mine']).optional(),
      search: z.string().trim().max(100).optional(),
      accountId: idField.optional(),
      labelId: idField.optional(),
      stageId: idField.optional(),
      divisionId: idField.optional(),
    }),
    access: { permission: 'crm.chat.view' },
    shape: 'page',
    summary:
      `Conversations, newest activity first, 20 per page; \`total_page\` counts at most ${CONVERSATION_COUNTED_PAGES_AHEAD} pages past the asked one (enough to page on, cheap on a large project). ` +
      'Without `crm.chat.show_all_chat` only those assigned to the caller or to one of their divisions; without `crm.chat.show_user_contact_detail` phones are masked (`+62812****789`). `search` matches the customer name or phone, or words of a message; `accountId` keeps one WhatsApp number, `labelId` customers carrying that label, `stageId` customers in that stage, `divisionId` conversations of that division.',
  }),
  conversation_find: defineAct<ConversationSummary>()({
    input: z.object({ key: projectKeyField, receiver: receiverField }),
    access: { permission: 'crm.chat.view' },
    summary:
      "One conversation the caller may see, by its id or by the customer's phone (the `receiver` of `/crm/chat/{key}/{receiver}` and the `phone` of `/chat/{key}/{phone}`; `08…`, `+62…` or digits). A phone with conversations on several numbers answers the most recently active one. A caller without `crm.chat.show_user_contact_detail` can look up by id only; anything else answers `not_found`.",
  }),
  chat_agent_list: defineAct<ChatAgent[]>()({
    input: z.object({ key: projectKeyField }),
    access: { permission: 'crm.chat.view' },
    summary:
      'The members a conversation can be assigned to (those who may answer it: `crm.chat.send`), by name.',
  }),
  media_get: defineAct<MediaFile>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.chat.view' },
    summary:
      'A file of the project stored by `POST /upload/{key}` or received from a customer: its type, name, size and a signed link.',
  }),
  gallery_list: defineAct<GalleryItem[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      kind: z.enum(['image', 'audio', 'video', 'document']).optional(),
      search: z.string().trim().max(100).optional(),
      ids: z.array(idField).min(1).max(GALLERY_IDS_MAX).optional(),
    }),
    access: { anyOf: ['crm.gallery.view', 'crm.chat.view'] },
    shape: 'page',
    summary:
      "The project's gallery, newest first, 60 per page; `kind` keeps one kind of file, `search` matches words of the file name, `ids` only these files (those of the gallery: a picker naming what a saved form chose). `crm.chat.view` lets an agent pick from it in the composer.",
  }),
  gallery_add: defineAct<GalleryItem[]>()({
    input: z.object({ key: projectKeyField, ids: z.array(idField).min(1).max(100) }),
    access: { permission: 'crm.gallery.add' },
    summary:
      'Keeps files uploaded to `/upload/{key}` (FilePond ids) in the gallery and answers them; they no longer expire. An id that is not a file of the project answers `not_found` and adds nothing.',
  }),
  gallery_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.gallery.hapus' },
    summary:
      'Takes a file out of the gallery. Messages that carried it keep it; a file nothing else uses is deleted.',
  }),
  gallery_usage: defineAct<StorageUsage>()({
    input: z.object({ key: projectKeyField }),
    access: { permission: 'crm.gallery.view' },
    summary:
      "The project's storage against its quota (`PROJECT_STORAGE_QUOTA_BYTES`), in bytes: every stored file (gallery, temporary uploads, customers' files) plus the declared length of unfinished chunked uploads. An upload that would go past the quota answers `storage_quota_exceeded`.",
  }),
  label_list: defineAct<Label[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      search: z.string().trim().max(100).optional(),
      sort: z.enum(['name', 'newest', 'customers']).optional(),
      /** Every label on one page (the chat's pickers and filters); without it, 10 a page. */
      all: z.boolean().optional(),
    }),
    access: { anyOf: ['crm.label.view', 'crm.chat.view'] },
    shape: 'page',
    summary:
      "The project's labels, 10 a page (or all of them with `all`), by name unless `sort` says `newest` or `customers`; `search` matches words of the name. Each says how many customers carry it.",
  }),
  label_create: defineAct<Label>()({
    input: z.object({ key: projectKeyField, name: labelNameField, color: colorField }),
    access: { permission: 'crm.label.add' },
    summary: 'Adds a label. A name the project already has (any case) answers `invalid_input` on `name`.',
  }),
  label_update: defineAct<Label>()({
    input: z.object({
      key: projectKeyField,
      id: idField,
      name: labelNameField.optional(),
      color: colorField.optional(),
    }),
    access: { permission: 'crm.label.edit' },
    summary:
      'Renames and/or recolours a label of the project; a name another label has answers `invalid_input`.',
  }),
  label_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.label.hapus' },
    summary: 'Deletes a label of the project; the customers carrying it lose it.',
  }),
  customer_label_list: defineAct<Label[]>()({
    input: z.object({ key: projectKeyField, customerId: idField }),
    access: { permission: 'crm.chat.view' },
    summary: 'The labels of a customer the caller sees in a conversation, by name.',
  }),
  customer_label_set: defineAct<Label[]>()({
    input: z.object({ key: projectKeyField, customerId: idField, labelId: idField, attached: z.boolean() }),
    access: { permission: 'crm.chat.add_label' },
    summary:
      "Attaches (`attached: true`) or detaches a label of the project on a customer the caller sees in a conversation; answers the customer's labels. Doing it twice changes nothing.",
  }),
  stage_list: defineAct<Stage[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      search: z.string().trim().max(100).optional(),
      /** Every stage on one page (the board, the chat's picker and filter); without it, 10 a page. */
      all: z.boolean().optional(),
    }),
    access: { anyOf: ['crm.stage.view', 'crm.chat.view'] },
    shape: 'page',
    summary:
      "The project's stages in board order, 10 a page (or all with `all`); `search` matches words of the name. Each says how many customers are in it.",
  }),
  stage_create: defineAct<Stage>()({
    input: z.object({ key: projectKeyField, name: labelNameField, color: colorField }),
    access: { permission: 'crm.stage.add' },
    summary:
      'Adds a stage at the end of the board. A name the project has (any case) answers `invalid_input` on `name`.',
  }),
  stage_update: defineAct<Stage>()({
    input: z.object({
      key: projectKeyField,
      id: idField,
      name: labelNameField.optional(),
      color: colorField.optional(),
      /** Moves the stage to this place on the board (0-based; past the end means last). */
      position: z.number().int().min(0).max(10_000).optional(),
    }),
    access: { permission: 'crm.stage.edit' },
    summary: 'Renames, recolours and/or moves a stage of the project; the others close up around it.',
  }),
  stage_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.stage.hapus' },
    summary: 'Deletes a stage; its customers are then in no stage (their history keeps its name).',
  }),
  stage_board: defineAct<StageColumn[]>()({
    input: z.object({
      key: projectKeyField,
      /** Cards per column (default 20). */
      limit: z.number().int().min(1).max(100).optional(),
      search: z.string().trim().max(100).optional(),
    }),
    access: { permission: 'crm.stage.view' },
    summary:
      'The pipeline board: a column per stage in order, then customers in no stage, each with its first `limit` cards (newest move first) and its total. `search` matches the customer name or phone.',
  }),
  customer_stage_get: defineAct<CustomerStage>()({
    input: z.object({ key: projectKeyField, customerId: idField }),
    access: { anyOf: ['crm.chat.view', 'crm.stage.view'] },
    summary:
      "A customer's stage and moves, newest first. From the chat (`crm.chat.view`) only a customer the caller sees in a conversation.",
  }),
  customer_stage_set: defineAct<CustomerStage>()({
    input: z.object({ key: projectKeyField, customerId: idField, stageId: idField.nullable() }),
    access: { anyOf: ['crm.chat.add_stage', 'crm.stage.edit'] },
    summary:
      'Moves a customer to a stage of the project (`null`: none), records the move (who, when, from, to) and announces `customer.stage`. From the board (`crm.stage.edit`) any customer of the project; from the chat (`crm.chat.add_stage`) one the caller sees in a conversation. The same stage again changes nothing.',
  }),
  division_list: defineAct<Division[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      search: z.string().trim().max(100).optional(),
      /** Every division on one page (the chat's picker and filter); without it, 10 a page. */
      all: z.boolean().optional(),
    }),
    access: { anyOf: ['crm.divisi.view', 'crm.chat.view'] },
    shape: 'page',
    summary:
      "The project's divisions by name, 10 a page (or all with `all`); `search` matches the start of words of the name. Each says how many members and conversations it has.",
  }),
  division_create: defineAct<Division>()({
    input: z.object({ key: projectKeyField, name: labelNameField, color: colorField }),
    access: { permission: 'crm.divisi.add' },
    summary: 'Adds a division. A name the project has (any case) answers `invalid_input` on `name`.',
  }),
  division_update: defineAct<Division>()({
    input: z.object({
      key: projectKeyField,
      id: idField,
      name: labelNameField.optional(),
      color: colorField.optional(),
    }),
    access: { permission: 'crm.divisi.edit' },
    summary:
      'Renames and/or recolours a division of the project; a name another division has answers `invalid_input`.',
  }),
  division_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.divisi.hapus' },
    summary:
      'Deletes a division: its conversations are then in no division, and its members stop seeing those not assigned to them.',
  }),
  division_member_list: defineAct<DivisionMember[]>()({
    input: z.object({ key: projectKeyField, divisionId: idField }),
    access: { permission: 'crm.divisi.view' },
    summary: 'The members of a division of the project, by name.',
  }),
  division_member_options: defineAct<ChatAgent[]>()({
    input: z.object({ key: projectKeyField, divisionId: idField }),
    access: { permission: 'crm.divisi.add_user' },
    summary: 'The members of the project who are not in the division yet, by name (the add-member picker).',
  }),
  division_member_set: defineAct<DivisionMember[]>()({
    input: z.object({ key: projectKeyField, divisionId: idField, userId: idField, member: z.boolean() }),
    access: { permission: 'crm.divisi.add_user' },
    summary:
      "Adds (`member: true`) or removes a member of the project to or from a division; answers the division's members. Their open apps gain or lose the division's conversations at once. Doing it twice changes nothing.",
  }),
  conversation_division_set: defineAct<ConversationSummary>()({
    input: z.object({ key: projectKeyField, conversationId: idField, divisionId: idField }),
    access: { permission: 'crm.chat.add_divisi' },
    summary:
      'Assigns a conversation the caller sees to a division of the project (replacing its division) and answers its summary; announced as `conversation.updated`, and as `conversation.removed` to members who no longer see it.',
  }),
  conversation_division_clear: defineAct<ConversationSummary>()({
    input: z.object({ key: projectKeyField, conversationId: idField }),
    access: { permission: 'crm.chat.delete_divisi' },
    summary:
      'Takes a conversation the caller sees out of its division and answers its summary; members who saw it only through the division get `conversation.removed`.',
  }),
  customer_list: defineAct<Customer[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      sort: z.enum(['newest', 'oldest', 'name']).optional(),
      ...customerFilterFields,
    }),
    access: { permission: 'crm.customer.view' },
    shape: 'page',
    summary:
      "The project's customers, 10 a page, newest first unless `sort` says otherwise; `search` matches the start of a word of the name, or digits of the phone (`08…` as `628…`; not for callers who see masked phones); filters by label, stage, division (a conversation in it), WhatsApp number (a conversation on it) and first-contact dates (`yyyy-mm-dd`, the project's time zone).",
  }),
  customer_create: defineAct<Customer>()({
    input: z.object({
      key: projectKeyField,
      name: nameField,
      phone: phoneField,
      notes: z.string().max(CUSTOMER_NOTES_MAX).optional(),
      customFields: customFieldsField.optional(),
    }),
    access: { permission: 'crm.customer.add' },
    summary: 'Adds a customer. A phone the project has answers `invalid_input` on `phone`.',
  }),
  customer_update: defineAct<Customer>()({
    input: z.object({
      key: projectKeyField,
      id: idField,
      name: nameField.optional(),
      phone: phoneField.optional(),
      notes: z.string().max(CUSTOMER_NOTES_MAX).optional(),
      customFields: customFieldsField.optional(),
    }),
    access: { permission: 'crm.customer.edit' },
    summary:
      "Changes a customer of the project; `customFields` replaces them all. Another customer's phone answers `invalid_input`.",
  }),
  customer_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.customer.hapus' },
    summary: 'Deletes a customer of the project with their conversations and messages.',
  }),
  customer_import: defineAct<CustomerImport>()({
    input: z.object({
      key: projectKeyField,
      /** The CSV file's text: a header row with `name` (or `nama`) and `phone` (or `nomor`, `hp`), optionally `notes` (`catatan`); any other column is a custom field. */
      csv: z.string().min(1).max(CUSTOMER_IMPORT_MAX_BYTES),
      /** Only read and check: answers the first rows and the problems, stores nothing. */
      preview: z.boolean().optional(),
    }),
    access: { permission: 'crm.customer.add' },
    summary:
      'Imports customers from CSV (papaparse): each good row creates a customer or updates the one with that phone; a bad row (no name, a phone that is not one, a phone twice in the file) is reported with its line and stored nothing, the good rows are kept. At most 10,000 rows.',
  }),
  customer_export: defineAct<{ filename: string; csv: string; rows: number }>()({
    input: z.object({ key: projectKeyField, ...customerFilterFields }),
    access: { permission: 'crm.customer.view' },
    summary:
      'The customers the filters keep as CSV (`name,phone,notes,labels,stage,created_at` and each custom field), at most 50,000 rows; phones masked for callers who see them masked.',
  }),
  quick_reply_list: defineAct<QuickReply[]>()({
    input: z.object({
      key: projectKeyField,
      page: pageField.optional(),
      search: z.string().trim().max(100).optional(),
      /** Every quick reply on one page (the composer's `/` list); without it, 10 a page. */
      all: z.boolean().optional(),
    }),
    access: { anyOf: ['crm.quick_replay.view', 'crm.chat.view'] },
    shape: 'page',
    summary:
      "The project's quick replies by shortcut, 10 a page (or all with `all`); `search` matches words of the shortcut or the text. `crm.chat.view` lets the composer offer them.",
  }),
  quick_reply_create: defineAct<QuickReply>()({
    input: z.object({
      key: projectKeyField,
      shortcut: shortcutField,
      text: z.string().trim().min(1).max(QUICK_REPLY_TEXT_MAX),
      mediaId: idField.nullable().optional(),
    }),
    access: { permission: 'crm.quick_replay.add' },
    summary:
      'Adds a quick reply; `mediaId` (a file of the project: the gallery or an upload) goes with it and is kept. A shortcut the project has answers `invalid_input` on `shortcut`.',
  }),
  quick_reply_update: defineAct<QuickReply>()({
    input: z.object({
      key: projectKeyField,
      id: idField,
      shortcut: shortcutField.optional(),
      text: z.string().trim().min(1).max(QUICK_REPLY_TEXT_MAX).optional(),
      mediaId: idField.nullable().optional(),
    }),
    access: { permission: 'crm.quick_replay.edit' },
    summary: 'Changes a quick reply of the project; `mediaId: null` takes its file off.',
  }),
  quick_reply_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKeyField, id: idField }),
    access: { permission: 'crm.quick_replay.hapus' },
    summary: 'Deletes a quick reply of the project.',
  }),
  message_list: defineAct<ThreadMessage[]>()({
    input: z
      .object({
        key: projectKeyField,
        conversationId: idField.optional(),
        /** Instead of `conversationId`: the conversation `conversation_find` answers for it. */
        receiver: receiverField.optional(),
        beforeSeq: seqField.optional(),
        afterSeq: seqField.optional(),
        limit: z.number().int().min(1).max(100).optional(),
      })
      .superRefine((input, ctx) => {
        if (input.conversationId === undefined && input.receiver === undefined)
          ctx.addIssue({ code: 'custom', path: ['conversationId'], message: 'required' });
        if (input.conversationId !== undefined && input.receiver !== undefined)
          ctx.addIssue({ code: 'custom', path: ['receiver'], message: 'invalid' });
      }),
    access: { permission: 'crm.chat.view' },
    summary:
      'Messages of a conversation in seq order, `limit` (default 50) of them: the newest by default, those before `beforeSeq` (older pages) or after `afterSeq` (catch-up). The conversation goes by `conversationId`, or by `receiver` as `conversation_find` finds it (the same rules: a phone only for a caller with `crm.chat.show_user_contact_detail`), so a page opened at `/crm/chat/{key}/{receiver}` can ask for both at once; exactly one of them. A conversation the caller may not see answers `not_found`, as a missing one.',
  }),
  message_send: defineAct<ThreadMessage>()({
    input: messageSendInput,
    access: { permission: 'crm.chat.send' },
    summary:
      "Stores an outbound message (status `pending`, the next seq) and queues its send. The same `clientId` again answers the same message. `text` needs `caption`; `vcard` `name` and `phone`; a file uploaded to `POST /upload/{key}` goes by `mediaId` (with an optional `caption`; the file decides the type); other types a `url` (and files a `filename`). `template` sends one of the number's `APPROVED` templates (`template: { id, values }`, checked against it: `invalid_input` on `template` with the rule's code) and is the only kind allowed when the 24-hour window is closed; a free-form message then answers `window_closed` before anything goes to Meta. A conversation whose number was deleted answers `account_deleted`.",
  }),
  conversation_read: defineAct<ConversationSummary>()({
    input: z.object({ key: projectKeyField, conversationId: idField }),
    access: { permission: 'crm.chat.send' },
    summary:
      'Marks a conversation read (unread 0) for the whole team and answers its summary. It needs `crm.chat.send`: a member who only views the inbox does not clear the unread count of those who answer.',
  }),
  conversation_assign: defineAct<ConversationSummary>()({
    input: z.object({ key: projectKeyField, conversationId: idField, userId: idField.nullable() }),
    access: { permission: 'crm.chat.assign' },
    summary:
      'Assigns a conversation to a member of the project who may answer it (`crm.chat.send`; anyone else answers `not_found`), or to nobody (`null`), and answers its summary.',
  }),
  customer_rename: defineAct<{ id: string; name: string }>()({
    input: z.object({ key: projectKeyField, customerId: idField, name: nameField }),
    access: { permission: 'crm.chat.rename_client' },
    summary: 'Renames a customer the caller can see in a conversation; answers `{ id, name }`.',
  }),
} satisfies Record<string, ActDefinition>;

export type Acts = typeof acts;
export type ActName = keyof Acts;
/** The fields a caller sends (before normalisation), without `act`, `token` and `fcm`. */
export type ActInput<N extends ActName> = z.input<Acts[N]['input']>;
/** The fields a handler receives, after validation and normalisation. */
export type ActParsed<N extends ActName> = z.output<Acts[N]['input']>;
export type ActOutput<N extends ActName> = NonNullable<Acts[N]['__output']>;

export function isActName(name: unknown): name is ActName {
  return typeof name === 'string' && Object.hasOwn(acts, name);
}
