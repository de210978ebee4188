import { graphErrors } from './graphErrors.ts';
import type { GraphErrorAnswer } from './graphErrors.ts';
import { newTemplateId } from './ids.ts';
import { parseTemplateCreate, reviewProblem } from './templateWire.ts';
import type {
  ReviewProblem,
  TemplateCategoryName,
  TemplateDefinition,
  TemplateStatusName,
} from './templateWire.ts';
import type { Clock } from './types.ts';

/** A template of one WABA as the simulated Meta keeps it. */
export interface SimulatedTemplate extends TemplateDefinition {
  /** Meta's template id (`hsm_id`): 16 digits, a string as the API answers it. */
  id: string;
  wabaId: string;
  status: TemplateStatusName;
  /** `rejected_reason`: why it was rejected (`INVALID_FORMAT` …), `NONE` otherwise. */
  rejectedReason: string;
  /** The category before Meta last recategorised it (`previous_category`), else `null`. */
  previousCategory: TemplateCategoryName | null;
  createdAt: number;
  /** Low-quality pauses so far: the first lasts 3 hours, the second 6; the third disables it. */
  pauses: number;
}

/** `value` of a `message_template_status_update` change (webhook-status-*.json). */
export interface TemplateStatusValue {
  event: TemplateStatusName;
  /** A JSON number in webhooks, while the API answers ids as strings. */
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  reason: string | null;
  message_template_category: TemplateCategoryName;
  rejection_info?: { reason: string; recommendation: string };
  other_info?: { title: string; description: string };
  disable_info?: { disable_date: number };
}

/** `value` of a `template_category_update` change (webhook-category-update-*.json). */
export type CategoryUpdateValue =
  | {
      message_template_id: number;
      message_template_name: string;
      message_template_language: string;
      previous_category: TemplateCategoryName;
      new_category: TemplateCategoryName;
    }
  | {
      message_template_id: number;
      message_template_name: string;
      message_template_language: string;
      /** The current category (Meta's misleading name); `correct_category` is what it will be. */
      new_category: TemplateCategoryName;
      correct_category: TemplateCategoryName;
      category_update_timestamp: number;
    };

/** A change Meta announces by webhook to the WABA's app: one `entry[].changes[]` item. */
export type TemplateChange =
  | { wabaId: string; field: 'message_template_status_update'; value: TemplateStatusValue }
  | { wabaId: string; field: 'template_category_update'; value: CategoryUpdateValue };

export interface TemplateStoreOptions {
  now?: Clock;
  /**
   * Every WABA starts with Meta's approved sample `hello_world` (en_US, UTILITY), as a new WABA
   * does at Meta (default true).
   */
  sampleTemplates?: boolean;
}

interface Entry {
  template: SimulatedTemplate;
  /** The review's verdict, until reviewed (`undefined` once reviewed or when seeded). */
  verdict?: ReviewProblem | null;
  sequence: number;
}

/** Meta keeps a deleted approved template's name and language for 30 days. */
const NAME_REUSE_BLOCK_MS = 30 * 24 * 60 * 60 * 1000;

/** Meta's sample template of every new WABA. */
const HELLO_WORLD = {
  name: 'hello_world',
  language: 'en_US',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
    {
      type: 'BODY',
      text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
    },
    { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
  ],
};

/**
 * The templates of every WABA the simulated Meta knows: created (`PENDING`, with the review's
 * verdict), reviewed, re-stated by test hooks, recategorised and deleted. Pure state: it answers
 * the webhook changes to announce and leaves sending them to its caller (`GraphApiServer`). One
 * store may be shared by several Graph API servers (Meta's directory and per-number simulators).
 */
export class TemplateStore {
  readonly #now: Clock;
  readonly #samples: boolean;
  readonly #wabas = new Map<string, Map<string, Entry>>();
  /** `${wabaId}:${name}:${language}` → until when the name may not be reused. */
  readonly #blocked = new Map<string, number>();
  #sequence = 0;

  constructor(options: TemplateStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#samples = options.sampleTemplates ?? true;
  }

  /**
   * `POST /{waba-id}/message_templates`: a new `PENDING` template, or Meta's refusal (the same
   * name and language exist: 2388024; deleted while approved less than 30 days ago: 2388023).
   */
  create(
    wabaId: string,
    definition: TemplateDefinition,
  ): { ok: true; template: SimulatedTemplate } | { ok: false; error: GraphErrorAnswer } {
    const refused = this.#refusal(wabaId, definition);
    if (refused !== undefined) return { ok: false, error: refused };
    const entry = this.#add(wabaId, definition, { status: 'PENDING' });
    entry.verdict = reviewProblem(definition);
    return { ok: true, template: snapshot(entry) };
  }

  /**
   * Test hook: a template as if it had been created and reviewed long ago (the demo's, a test's).
   * `body` is a create body (create-request-*.json); throws with Meta's refusal when it is one.
   */
  seed(
    wabaId: string,
    body: unknown,
    options: { status?: TemplateStatusName; id?: string; reason?: string } = {},
  ): SimulatedTemplate {
    const parsed = parseTemplateCreate(body);
    if (!parsed.ok) throw new Error(`seedTemplate: ${refusalText(parsed.error)}`);
    const refused = this.#refusal(wabaId, parsed.definition);
    if (refused !== undefined) throw new Error(`seedTemplate: ${refusalText(refused)}`);
    if (options.id !== undefined && this.#find(wabaId, (entry) => entry.template.id === options.id)) {
      throw new Error(`seedTemplate: the id ${options.id} is taken`);
    }
    const status = options.status ?? 'APPROVED';
    return snapshot(
      this.#add(wabaId, parsed.definition, {
        status,
        ...(options.id === undefined ? {} : { id: options.id }),
        rejectedReason: status === 'REJECTED' ? (options.reason ?? 'INVALID_FORMAT') : 'NONE',
      }),
    );
  }

  /** The WABA's templates, newest first. */
  list(wabaId: string): SimulatedTemplate[] {
    return [...this.#entries(wabaId).values()]
      .sort((a, b) => b.template.createdAt - a.template.createdAt || b.sequence - a.sequence)
      .map(snapshot);
  }

  /** The template of that name in that language, if the WABA has it. */
  find(wabaId: string, name: string, language: string): SimulatedTemplate | undefined {
    const entry = this.#find(
      wabaId,
      (candidate) => candidate.template.name === name && candidate.template.language === language,
    );
    return entry === undefined ? undefined : snapshot(entry);
  }

  /**
   * `DELETE /{waba-id}/message_templates?name=…[&hsm_id=…]`: every language of the name, or only
   * the one with that id. A disabled template cannot be deleted; an approved one blocks its name
   * and language for 30 days.
   */
  delete(
    wabaId: string,
    name: string,
    hsmId?: string,
  ): { ok: true; deleted: SimulatedTemplate[] } | { ok: false; error: GraphErrorAnswer } {
    const entries = this.#entries(wabaId);
    const matches = [...entries.values()].filter(
      (entry) => entry.template.name === name && (hsmId === undefined || entry.template.id === hsmId),
    );
    if (matches.length === 0) return { ok: false, error: graphErrors.templateNotFound(name) };
    if (matches.some((entry) => entry.template.status === 'DISABLED')) {
      return { ok: false, error: graphErrors.templateNotDeletable(name) };
    }
    for (const entry of matches) {
      entries.delete(entry.template.id);
      if (entry.template.status === 'APPROVED' || entry.template.status === 'PAUSED') {
        this.#blocked.set(blockKey(wabaId, name, entry.template.language), this.#now() + NAME_REUSE_BLOCK_MS);
      }
    }
    return { ok: true, deleted: matches.map(snapshot) };
  }

  /** Templates created through the API whose review has not happened yet. */
  pendingReviews(): { wabaId: string; id: string }[] {
    const pending: { wabaId: string; id: string }[] = [];
    for (const [wabaId, entries] of this.#wabas) {
      for (const entry of entries.values()) {
        if (entry.verdict !== undefined) pending.push({ wabaId, id: entry.template.id });
      }
    }
    return pending;
  }

  /**
   * The review of a template created through the API: `APPROVED`, or `REJECTED` with
   * `INVALID_FORMAT` and `rejection_info`. `null` when there is nothing to review (already
   * reviewed, deleted, or a test hook set its status meanwhile).
   */
  review(wabaId: string, id: string): TemplateChange | null {
    const entry = this.#entries(wabaId).get(id);
    if (entry?.verdict === undefined) return null;
    const verdict = entry.verdict;
    delete entry.verdict;
    if (entry.template.status !== 'PENDING') return null;
    if (verdict === null) return this.#setStatus(wabaId, entry, 'APPROVED', {});
    return this.#setStatus(wabaId, entry, 'REJECTED', {
      reason: verdict.reason,
      rejectionInfo: verdict.rejectionInfo,
    });
  }

  /**
   * Test hook: Meta changes a template's status (`ref`: its id or name, with `language` when the
   * name has several): `PAUSED` (first for 3 hours, then 6), `DISABLED`, `APPROVED` (also an
   * unpause), `REJECTED` with `reason` (default `INVALID_FORMAT`) … Answers the webhook change.
   */
  setStatus(
    wabaId: string,
    ref: string,
    status: TemplateStatusName,
    options: { language?: string; reason?: string } = {},
  ): TemplateChange {
    const entry = this.#resolve(wabaId, ref, options.language);
    delete entry.verdict;
    return this.#setStatus(
      wabaId,
      entry,
      status,
      options.reason === undefined ? {} : { reason: options.reason },
    );
  }

  /**
   * Test hook: Meta recategorises a template. Without `impendingAt`, at once (`previous_category`
   * is kept, the completed webhook); with it, only the notice that it will happen then (the
   * impending webhook; nothing changes).
   */
  recategorize(
    wabaId: string,
    ref: string,
    category: TemplateCategoryName,
    options: { language?: string; impendingAt?: number } = {},
  ): TemplateChange {
    const entry = this.#resolve(wabaId, ref, options.language);
    const { template } = entry;
    const identity = {
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
    };
    if (options.impendingAt !== undefined) {
      return {
        wabaId,
        field: 'template_category_update',
        value: {
          ...identity,
          new_category: template.category,
          correct_category: category,
          category_update_timestamp: Math.floor(options.impendingAt / 1000),
        },
      };
    }
    const previous = template.category;
    template.previousCategory = previous;
    template.category = category;
    return {
      wabaId,
      field: 'template_category_update',
      value: { ...identity, previous_category: previous, new_category: category },
    };
  }

  /** The template `ref` names (id, or name and optional language); throws when none or several. */
  get(wabaId: string, ref: string, language?: string): SimulatedTemplate {
    return snapshot(this.#resolve(wabaId, ref, language));
  }

  #setStatus(
    wabaId: string,
    entry: Entry,
    status: TemplateStatusName,
    options: { reason?: string; rejectionInfo?: { reason: string; recommendation: string } },
  ): TemplateChange {
    const { template } = entry;
    const wasPaused = template.status === 'PAUSED';
    const reason = status === 'REJECTED' ? (options.reason ?? 'INVALID_FORMAT') : 'NONE';
    if (status === 'PAUSED') template.pauses += 1;
    template.status = status;
    template.rejectedReason = reason;
    const value: TemplateStatusValue = {
      event: status,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason,
      message_template_category: template.category,
    };
    if (status === 'REJECTED' && reason === 'INVALID_FORMAT') {
      value.rejection_info = options.rejectionInfo ?? {
        reason: 'Your template does not follow the formatting rules for message templates.',
        recommendation: 'Check the variables, their samples and the length of each component.',
      };
    }
    if (status === 'PAUSED') {
      const first = template.pauses === 1;
      value.other_info = {
        title: first ? 'FIRST_PAUSE' : 'SECOND_PAUSE',
        description: `Your WhatsApp message template has been paused for ${first ? 3 : 6} hours because of low quality.`,
      };
    }
    if (status === 'APPROVED' && wasPaused) {
      value.other_info = {
        title: 'UNPAUSE',
        description: 'Your WhatsApp message template is no longer paused.',
      };
    }
    if (status === 'DISABLED') value.disable_info = { disable_date: Math.floor(this.#now() / 1000) };
    return { wabaId, field: 'message_template_status_update', value };
  }

  #refusal(wabaId: string, definition: TemplateDefinition): GraphErrorAnswer | undefined {
    const { name, language } = definition;
    if (this.#find(wabaId, (entry) => entry.template.name === name && entry.template.language === language)) {
      return graphErrors.templateExists(language);
    }
    const key = blockKey(wabaId, name, language);
    const until = this.#blocked.get(key);
    if (until !== undefined && until > this.#now()) return graphErrors.templateBeingDeleted(language);
    this.#blocked.delete(key);
    return undefined;
  }

  #add(
    wabaId: string,
    definition: TemplateDefinition,
    options: { status: TemplateStatusName; id?: string; rejectedReason?: string },
  ): Entry {
    const entries = this.#entries(wabaId);
    let id = options.id ?? newTemplateId();
    while (options.id === undefined && entries.has(id)) id = newTemplateId();
    this.#sequence += 1;
    const entry: Entry = {
      sequence: this.#sequence,
      template: {
        ...structuredClone(definition),
        id,
        wabaId,
        status: options.status,
        rejectedReason: options.rejectedReason ?? 'NONE',
        previousCategory: null,
        createdAt: this.#now(),
        pauses: 0,
      },
    };
    entries.set(id, entry);
    return entry;
  }

  #entries(wabaId: string): Map<string, Entry> {
    let entries = this.#wabas.get(wabaId);
    if (entries === undefined) {
      entries = new Map();
      this.#wabas.set(wabaId, entries);
      if (this.#samples) {
        const parsed = parseTemplateCreate(HELLO_WORLD);
        if (parsed.ok) this.#add(wabaId, parsed.definition, { status: 'APPROVED' });
      }
    }
    return entries;
  }

  #find(wabaId: string, predicate: (entry: Entry) => boolean): Entry | undefined {
    for (const entry of this.#entries(wabaId).values()) if (predicate(entry)) return entry;
    return undefined;
  }

  #resolve(wabaId: string, ref: string, language?: string): Entry {
    const entries = this.#entries(wabaId);
    const byId = entries.get(ref);
    if (byId !== undefined) return byId;
    const matches = [...entries.values()].filter(
      (entry) =>
        entry.template.name === ref && (language === undefined || entry.template.language === language),
    );
    const [only] = matches;
    if (only === undefined)
      throw new Error(
        `WABA ${wabaId} has no template ${ref}${language === undefined ? '' : ` (${language})`}`,
      );
    if (matches.length > 1) throw new Error(`WABA ${wabaId} has ${ref} in several languages: name one`);
    return only;
  }
}

function snapshot(entry: Entry): SimulatedTemplate {
  return structuredClone(entry.template);
}

function blockKey(wabaId: string, name: string, language: string): string {
  return `${wabaId}:${name}:${language}`;
}

function refusalText(answer: GraphErrorAnswer): string {
  const { error } = answer.body;
  return error.error_user_msg ?? error.error_data?.details ?? error.message;
}
