/**
 * The automation screens' network work (automationRulesMachine.ts, automationRuleEditorMachine.ts):
 * the tables' payloads and the acts, each a promise actor that hands XState's signal to the call.
 */
import { fromPromise } from 'xstate';
import { GALLERY_IDS_MAX, isSendable } from '@sapa/sdk';
import type {
  ActPayload,
  AutomationRuleDraft,
  AutomationRuleKind,
  AutomationRuleView,
  AutomationTryResult,
  ChatAgent,
  Division,
  GalleryItem,
  Label,
  MessageTemplate,
  Stage,
  WhatsAppAccount,
} from '@sapa/sdk';
import { movedRuleOrder } from './automationDraft.ts';
import { totalPageOf } from './galleryActors.ts';
import type { ActCaller } from './sdk.ts';

/** A kind's rules table: `automation_rule_list`, 10 a page, in the kind's order. */
export type AutomationListPayload = ActPayload<'automation_rule_list'>;

export function automationListPayload(
  key: string,
  kind: AutomationRuleKind,
  search: string,
): AutomationListPayload {
  const text = search.trim();
  return { act: 'automation_rule_list', key, kind, ...(text === '' ? {} : { search: text }) };
}

/** One rule's activity log: `automation_activity_list`, 10 a page, newest first. */
export type AutomationActivityPayload = ActPayload<'automation_activity_list'>;

export function automationActivityPayload(key: string, ruleId: string): AutomationActivityPayload {
  return { act: 'automation_activity_list', key, ruleId };
}

/** A broadcast a `broadcast_reply` trigger may name. */
export interface BroadcastChoice {
  id: string;
  name: string;
}

/**
 * The project's rows an editor picks from: numbers, labels, stages, divisions, the members a
 * conversation can go to, gallery files (the pages loaded so far, newest first, of
 * `galleryPages` in all) and the approved templates of every number. A list the member may not
 * read (or that failed) is empty: the server checks every id. The broadcasts are the broadcast
 * picker's own (`searchBroadcastChoices`).
 */
export interface AutomationReferences {
  accounts: WhatsAppAccount[];
  labels: Label[];
  stages: Stage[];
  divisions: Division[];
  members: ChatAgent[];
  gallery: GalleryItem[];
  /** The gallery's pages in all (`gallery_list`, 60 a page); 0 when it could not be read. */
  galleryPages: number;
  templates: MessageTemplate[];
}

export const noReferences: AutomationReferences = {
  accounts: [],
  labels: [],
  stages: [],
  divisions: [],
  members: [],
  gallery: [],
  galleryPages: 0,
  templates: [],
};

type ProjectRef = { client: ActCaller; key: string };

/** What the references loader reads besides the project's lists. */
export interface ReferencesInput extends ProjectRef {
  /** The gallery files the draft sends (`draftGalleryIds`), read by id when not on the first page. */
  galleryIds: readonly string[];
}

async function orEmpty<T>(read: () => Promise<{ data: T[] }>): Promise<T[]> {
  try {
    return (await read()).data;
  } catch {
    return [];
  }
}

/**
 * The gallery's newest page and its pages in all, and after them the files of `named` that page
 * lacks (read by id, so the pickers name what the draft chose); an empty gallery when it cannot
 * be read.
 */
async function firstGalleryPage(
  client: ActCaller,
  key: string,
  named: readonly string[],
  signal: AbortSignal,
): Promise<{ items: GalleryItem[]; pages: number }> {
  let first: { items: GalleryItem[]; pages: number };
  try {
    const answer = await client.act('gallery_list', { key, page: 0 }, { signal });
    first = { items: answer.data, pages: totalPageOf(answer) };
  } catch {
    return { items: [], pages: 0 };
  }
  const known = new Set(first.items.map((item) => item.id));
  const missing = named.filter((id) => !known.has(id)).slice(0, GALLERY_IDS_MAX);
  if (missing.length === 0) return first;
  const byId = await orEmpty(() => client.act('gallery_list', { key, ids: missing }, { signal }));
  return { items: [...first.items, ...byId], pages: first.pages };
}

/** Loads what the editor's pickers offer; never fails (a list it cannot read stays empty). */
export const loadAutomationReferences = fromPromise<AutomationReferences, ReferencesInput>(
  async ({ input, signal }) => {
    const { client, key } = input;
    const options = { signal };
    const [accounts, labels, stages, divisions, members, gallery] = await Promise.all([
      orEmpty(() => client.act('account_list', { key }, options)),
      orEmpty(() => client.act('label_list', { key, all: true }, options)),
      orEmpty(() => client.act('stage_list', { key, all: true }, options)),
      orEmpty(() => client.act('division_list', { key, all: true }, options)),
      orEmpty(() => client.act('chat_agent_list', { key }, options)),
      firstGalleryPage(client, key, input.galleryIds, signal),
    ]);
    const templates = await Promise.all(
      accounts.map((account) =>
        orEmpty(() => client.act('template_list', { key, accountId: account.id }, options)),
      ),
    );
    return {
      accounts,
      labels,
      stages,
      divisions,
      members,
      gallery: gallery.items,
      galleryPages: gallery.pages,
      templates: templates.flat().filter((template) => isSendable(template)),
    };
  },
);

/** What the broadcast picker asks for: the newest broadcasts, or those whose name has `search`. */
export interface BroadcastSearchInput extends ProjectRef {
  /** The search by name ('' for none: the newest). */
  search: string;
  /** The broadcast the draft's trigger names when its name is not known yet (else null). */
  named: string | null;
}

/** The broadcast picker's rows, and the broadcast the input named (null when not asked or unreadable). */
export interface BroadcastChoices {
  rows: BroadcastChoice[];
  named: BroadcastChoice | null;
}

/**
 * One page of `broadcast_list` (10, newest first), searched by name on the server when `search`
 * is not blank; then the broadcast `named` names, from those rows or read on its own
 * (`broadcast_get`; one that cannot be read is null). Fails when the list does.
 */
export const searchBroadcastChoices = fromPromise<BroadcastChoices, BroadcastSearchInput>(
  async ({ input, signal }) => {
    const { client, key, named } = input;
    const search = input.search.trim();
    const choice = (row: BroadcastChoice): BroadcastChoice => ({ id: row.id, name: row.name });
    const answer = await client.act(
      'broadcast_list',
      { key, page: 0, ...(search === '' ? {} : { search }) },
      { signal },
    );
    const rows = answer.data.map(choice);
    if (named === null) return { rows, named: null };
    const found = rows.find((row) => row.id === named);
    if (found !== undefined) return { rows, named: found };
    try {
      return {
        rows,
        named: choice((await client.act('broadcast_get', { key, id: named }, { signal })).data),
      };
    } catch {
      return { rows, named: null };
    }
  },
);

/** Creates the draft (`id` null) or replaces the stored rule; answers the rule as stored. */
export const saveAutomationRule = fromPromise<
  AutomationRuleView,
  ProjectRef & { id: string | null; draft: AutomationRuleDraft }
>(async ({ input, signal }) => {
  const { client, key, id, draft } = input;
  return id === null
    ? (await client.act('automation_rule_create', { key, rule: draft }, { signal })).data
    : (await client.act('automation_rule_update', { key, id, rule: draft }, { signal })).data;
});

/** Judges the sample text with the editor's draft, nothing sent (`automation_rule_try`). */
export const tryAutomationDraft = fromPromise<
  AutomationTryResult,
  ProjectRef & { draft: AutomationRuleDraft; text: string; newCustomer: boolean }
>(async ({ input, signal }) => {
  const { client, key, draft, text, newCustomer } = input;
  return (
    await client.act(
      'automation_rule_try',
      { key, rule: draft, sample: { text, ...(newCustomer ? { newCustomer } : {}) } },
      { signal },
    )
  ).data;
});

/** Switches a rule on or off; answers it as stored. */
export const switchAutomationRule = fromPromise<
  AutomationRuleView,
  ProjectRef & { id: string; enabled: boolean }
>(async ({ input, signal }) => {
  const { client, key, id, enabled } = input;
  return (await client.act('automation_rule_update', { key, id, enabled }, { signal })).data;
});

/** Deletes a rule; answers its id. */
export const deleteAutomationRule = fromPromise<{ id: string }, ProjectRef & { id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('automation_rule_delete', { key: input.key, id: input.id }, { signal })).data,
);

/**
 * Moves a rule one place up or down among every rule of its kind (read afresh, so the order sent
 * is whole: `automation_rule_reorder` refuses one that misses a rule); answers the kind's rules in
 * their new order, or null when the rule is already first or last (nothing is sent).
 */
export const moveAutomationRule = fromPromise<
  AutomationRuleView[] | null,
  ProjectRef & { kind: AutomationRuleKind; id: string; direction: 'up' | 'down' }
>(async ({ input, signal }) => {
  const { client, key, kind, id, direction } = input;
  const rules = (await client.act('automation_rule_list', { key, kind, all: true }, { signal })).data;
  const order = movedRuleOrder(
    rules.map((rule) => rule.id),
    id,
    direction,
  );
  if (order === null) return null;
  return (await client.act('automation_rule_reorder', { key, kind, ids: order }, { signal })).data;
});
