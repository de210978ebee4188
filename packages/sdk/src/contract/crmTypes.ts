/** What the CRM acts answer: labels, quick replies, stages, divisions and customers. */
import type { AutomationRuleRef, MediaFile } from './chatTypes.ts';

/** A project's label (`/crm/label/{key}`), attached to customers. */
export interface Label {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** Customers carrying it. */
  customers: number;
  createdAt: string;
}

/** A saved answer (`/crm/quick-reply/{key}`): typed as `/shortcut` in the composer. */
export interface QuickReply {
  id: string;
  /** Lowercase letters, digits, `_` and `-`, without the slash. */
  shortcut: string;
  /** May hold placeholders such as `{nama}`, filled from the customer when used (`fillQuickReply`). */
  text: string;
  /** A file sent with it (from the gallery or an upload), or `null`. */
  media: MediaFile | null;
  createdAt: string;
  updatedAt: string;
}

/** A step of the project's sales pipeline (`/crm/stage/{key}`), in board order. */
export interface Stage {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** 0-based place on the board. */
  position: number;
  /** Customers in it. */
  customers: number;
  createdAt: string;
}

/** A customer's card on the pipeline board. */
export interface StageCard {
  customerId: string;
  name: string;
  /** E.164, masked without `crm.chat.show_user_contact_detail`. */
  phone: string;
  /** The most recently active conversation with them, if any. */
  conversationId: string | null;
  /** When they entered this stage. */
  since: string | null;
}

/** One column of the board: a stage (or `null`: customers in no stage) and its first cards. */
export interface StageColumn {
  stage: Pick<Stage, 'id' | 'name' | 'color' | 'position'> | null;
  cards: StageCard[];
  total: number;
}

/** One move of a customer between stages. */
export interface StageMove {
  from: { id: string | null; name: string } | null;
  to: { id: string | null; name: string } | null;
  /** The member who moved them (`null`: an automation rule did). */
  by: { id: string; name: string } | null;
  /** The automation rule that moved them (`by` null then), named while it exists. */
  automation: AutomationRuleRef | null;
  at: string;
}

/** A customer's stage and how they got there, newest move first. */
export interface CustomerStage {
  customerId: string;
  stage: Pick<Stage, 'id' | 'name' | 'color'> | null;
  history: StageMove[];
}

/** A customer in the customers table (`/crm/customer/{key}`). */
export interface Customer {
  id: string;
  name: string;
  /** E.164, masked without `crm.chat.show_user_contact_detail`. */
  phone: string;
  notes: string;
  /** Free fields the team keeps (`{ kota: 'Bandung' }`). */
  customFields: Record<string, string>;
  labels: Pick<Label, 'id' | 'name' | 'color'>[];
  stage: Pick<Stage, 'id' | 'name' | 'color'> | null;
  /** The most recently active conversation with them, if any. */
  conversationId: string | null;
  lastMessageAt: string | null;
  /** When they opted out of broadcasts; `null`: they receive them. */
  optedOutAt: string | null;
  /** How they opted out (`null` while they have not). */
  optedOutVia: OptOutVia | null;
  createdAt: string;
}

/**
 * How a customer opted out of broadcasts: their own `message` (a word such as STOP), an `agent`
 * (`customer_opt_out`), or an `import`.
 */
export const optOutVias = ['message', 'agent', 'import'] as const;
export type OptOutVia = (typeof optOutVias)[number];

/** A customer's opt-out as `customer_opt_out` answers it. */
export interface CustomerOptOut {
  customerId: string;
  optedOutAt: string | null;
  optedOutVia: OptOutVia | null;
}

/** One row a CSV import could not take: its line in the file (1 is the header) and why. */
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

/** What a CSV import did (or, for a preview, would do). */
export interface CustomerImport {
  /** Rows taken (created or updated); for a preview, rows that would be. */
  imported: number;
  created: number;
  updated: number;
  problems: ImportProblem[];
  /** The first rows as read (a preview only). */
  preview: { name: string; phone: string; notes: string; customFields: Record<string, string> }[];
}

/**
 * A team of the project (`/crm/divisi/{key}`). Conversations are assigned to at most one division;
 * a member without `crm.chat.show_all_chat` sees the conversations of their divisions as well as
 * those assigned to them.
 */
export interface Division {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** Members of the team. */
  members: number;
  /** Conversations assigned to it. */
  conversations: number;
  createdAt: string;
}

/** A member of a division. */
export interface DivisionMember {
  userId: string;
  name: string;
  /** When they joined the division. */
  addedAt: string;
}
