/**
 * One rule's editor on an automation screen (issue 18): a new rule of the screen's kind, or a
 * stored one. The draft and its edits follow `automationDraft.ts` (what each kind offers comes from
 * the SDK's `ruleVocabulary`), so the four screens share this machine. While `open`, four regions
 * run side by side:
 *
 * - `references`: what the pickers offer (numbers, labels, stages, divisions, members, gallery
 *   files, approved templates), loaded once; it never fails (a list the member may not read is
 *   empty, and the server checks every id). Once `ready`, `editor.moreGallery` loads the
 *   gallery's next page (`loadingGallery`, `gallery_list`) and adds it to the pickers' files; a
 *   page that fails keeps those loaded (`galleryError`), to ask again;
 * - `broadcasts`: the `broadcast_reply` trigger's picker, `off` for a member who may not view
 *   broadcasts (nothing asked for; a refusal turns it off too), else `on`: its `search` region is
 *   debouncedSearch.ts' (`editor.broadcasts.search`, taken in every state; the pause is the shared
 *   `delay` actor) and its `list` shows the newest page of `broadcast_list` (10), or, once a search
 *   applies, the server's matches by name (`loading` starts over with every applied search, the
 *   one before cancelled). A failed page keeps the rows shown (`broadcastError`). The broadcast the
 *   trigger names stays named (`namedBroadcast`, read with `broadcast_get` when no page has it);
 * - `form`: `filling` takes `editor.edit` (each edit clears the errors of the field it changes);
 *   `editor.save` checks the draft with the SDK's `automationRuleDraftField` (errors on their
 *   fields) and saves (`saving`: create or update); the server's field errors land on their
 *   fields, any other refusal in `saveError`. A member who may not save (no add for a new rule, no
 *   edit for a stored one) reads the rule: edits and saves are not taken. While saving the form
 *   takes no edits (the web disables it: `selectEditorBusy`);
 * - `trial`: the "try this rule" box: `editor.sample` keeps the sample text (in every state),
 *   `editor.try` judges it with the draft as it stands (`automation_rule_try`, nothing sent);
 *   trying again while one runs starts over with the newer draft.
 *
 * Saved, the machine ends with the stored rule as its output; `editor.close` ends it with null.
 */
import { and, assign, raise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { draftGalleryIds } from '@sapa/sdk';
import type {
  AutomationRuleDraft,
  AutomationRuleKind,
  AutomationRuleView,
  AutomationTryResult,
} from '@sapa/sdk';
import { reasonOf, toFlowError } from './actError.ts';
import { loadGalleryPage } from './galleryActors.ts';
import type { GalleryPage } from './galleryActors.ts';
import type { FlowError } from './actError.ts';
import {
  loadAutomationReferences,
  noReferences,
  saveAutomationRule,
  searchBroadcastChoices,
  tryAutomationDraft,
} from './automationActors.ts';
import type { AutomationReferences, BroadcastChoice, BroadcastChoices } from './automationActors.ts';
import {
  applyRuleEdit,
  checkRuleDraft,
  clearFieldErrors,
  draftOfRule,
  editedField,
  emptyRuleDraft,
  ruleOffers,
  serverRuleErrors,
} from './automationDraft.ts';
import type { RuleDraftEdit, RuleFieldErrors, RuleOffers } from './automationDraft.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import type { SearchContext } from './debouncedSearch.ts';
import { delay } from './delay.ts';
import type { ActCaller } from './sdk.ts';

export interface AutomationRuleEditorInput {
  client: ActCaller;
  key: string;
  kind: AutomationRuleKind;
  /** The stored rule to edit; null (or left out) for a new one. */
  rule?: AutomationRuleView | null;
  /** Whether the member may save it: the kind's add key for a new rule, its edit key for a stored one. */
  maySave: boolean;
  /**
   * Whether the member may view broadcasts (`crm.broadcast.view`): the `broadcast_reply` trigger's
   * picker offers them and searches them by name, else any broadcast only. Left out: they are
   * asked for, and a refusal turns the picker off.
   */
  mayViewBroadcasts?: boolean;
  /** Quiet time after the last keystroke before the broadcast search applies (default 300 ms). */
  searchDebounceMs?: number;
}

/**
 * The editor's state. `search` and `searchText` (debouncedSearch.ts) are the broadcast picker's
 * search: the one the rows answer, and the one typed.
 */
export interface AutomationRuleEditorContext extends SearchContext {
  client: ActCaller;
  key: string;
  kind: AutomationRuleKind;
  /** The stored rule's id; null for a new one. */
  ruleId: string | null;
  maySave: boolean;
  mayViewBroadcasts: boolean;
  draft: AutomationRuleDraft;
  fieldErrors: RuleFieldErrors;
  saveError: FlowError | null;
  references: AutomationReferences;
  /** The broadcast picker's rows (the newest, or a search's matches), and why the last page failed. */
  broadcasts: BroadcastChoice[];
  broadcastError: FlowError | null;
  /** The broadcast the trigger names, once its name is known (from the rows or read on its own). */
  namedBroadcast: BroadcastChoice | null;
  /** The gallery's last page loaded (zero-based), and why the next one failed. */
  galleryPage: number;
  galleryError: FlowError | null;
  /** The try box's sample message, and whether it is a new customer's first. */
  sample: string;
  newCustomer: boolean;
  tryResult: AutomationTryResult | null;
  tryError: FlowError | null;
  /** The rule as stored once saved: the machine's output. */
  saved: AutomationRuleView | null;
}

export type AutomationRuleEditorEvent =
  | { type: 'editor.edit'; edit: RuleDraftEdit }
  | { type: 'editor.save' }
  | { type: 'editor.close' }
  /** The gallery pickers' next page (once the references are ready and there is one). */
  | { type: 'editor.moreGallery' }
  /** The broadcast picker's search as typed (applies after a pause; blank shows the newest again). */
  | { type: 'editor.broadcasts.search'; text: string }
  /** The pause after the typing is over (the `delay` actor's). */
  | { type: 'editor.broadcasts.searchSettled' }
  /** Raised when the applied search changes: the picker's list asks the server again. */
  | { type: 'editor.broadcasts.query' }
  | { type: 'editor.sample'; text: string }
  | { type: 'editor.newCustomer'; newCustomer: boolean }
  | { type: 'editor.try' };

export type AutomationRuleEditorOutput = AutomationRuleView | null;

/** The broadcast a `broadcast_reply` trigger names (null for any, or another trigger). */
function triggerBroadcastId(draft: AutomationRuleDraft): string | null {
  return draft.trigger.kind === 'broadcast_reply' ? draft.trigger.broadcastId : null;
}

/** The name of broadcast `id` as far as the editor knows it: the one kept, or a row shown. */
function namedChoice(context: AutomationRuleEditorContext, id: string | null): BroadcastChoice | null {
  if (id === null) return null;
  if (context.namedBroadcast?.id === id) return context.namedBroadcast;
  return context.broadcasts.find((row) => row.id === id) ?? null;
}

/** The broadcast the trigger names when its name is not known yet: the picker's next page reads it. */
function unnamedBroadcastId(context: AutomationRuleEditorContext): string | null {
  const id = triggerBroadcastId(context.draft);
  return id !== null && namedChoice(context, id) === null ? id : null;
}

/** The broadcast picker's search: each applied change asks the list again (`queryBroadcasts`). */
const broadcastSearch = searchRegion('editor.broadcasts', ['queryBroadcasts']);

export const automationRuleEditorMachine = setup({
  types: {} as {
    context: AutomationRuleEditorContext;
    events: AutomationRuleEditorEvent;
    input: AutomationRuleEditorInput;
    output: AutomationRuleEditorOutput;
    tags: 'saving' | 'trying' | 'loadingReferences' | 'loadingGallery' | 'loadingBroadcasts';
    children: {
      references: 'loadReferences';
      galleryPage: 'loadGalleryPage';
      pause: 'delay';
      broadcasts: 'searchBroadcasts';
      save: 'saveRule';
      trial: 'tryDraft';
    };
  },
  actors: {
    loadReferences: loadAutomationReferences,
    loadGalleryPage,
    delay,
    searchBroadcasts: searchBroadcastChoices,
    saveRule: saveAutomationRule,
    tryDraft: tryAutomationDraft,
  },
  guards: {
    ...searchGuards,
    mayViewBroadcasts: ({ context }) => context.mayViewBroadcasts,
    refused: (_, params: { error: unknown }) => reasonOf(params.error) === 'forbidden',
    maySave: ({ context }) => context.maySave,
    draftValid: ({ context }) => Object.keys(checkRuleDraft(context.draft)).length === 0,
    hasSample: ({ context }) => context.sample.trim() !== '',
    moreGallery: ({ context }) => context.galleryPage + 1 < context.references.galleryPages,
  },
  actions: {
    ...searchActions<AutomationRuleEditorContext, AutomationRuleEditorEvent>(),
    queryBroadcasts: raise({ type: 'editor.broadcasts.query' as const }),
    keepBroadcasts: assign(({ context }, params: { found: BroadcastChoices }) => {
      // The name read is kept only if the trigger still names that broadcast.
      const { named } = params.found;
      return {
        broadcasts: params.found.rows,
        broadcastError: null,
        namedBroadcast:
          named !== null && named.id === triggerBroadcastId(context.draft) ? named : context.namedBroadcast,
      };
    }),
    broadcastsFailed: assign((_, params: { error: unknown }) => ({
      broadcastError: toFlowError(params.error),
    })),
    startBroadcasts: assign({ broadcastError: null }),
    // The server refused: the member may not view broadcasts after all.
    dropBroadcasts: assign({ mayViewBroadcasts: false, broadcasts: [], broadcastError: null }),
    nameBroadcast: assign(({ context }) => ({
      namedBroadcast: namedChoice(context, triggerBroadcastId(context.draft)),
    })),
    applyEdit: assign(({ context }, params: { edit: RuleDraftEdit }) => ({
      draft: applyRuleEdit(context.draft, params.edit),
      fieldErrors: clearFieldErrors(context.fieldErrors, editedField(params.edit)),
      saveError: null,
    })),
    showCheck: assign(({ context }) => ({ fieldErrors: checkRuleDraft(context.draft) })),
    startSave: assign({ saveError: null }),
    saveFailed: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverRuleErrors(params.error);
      return {
        fieldErrors,
        saveError: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
    keepSaved: assign((_, params: { rule: AutomationRuleView }) => ({ saved: params.rule })),
    keepReferences: assign((_, params: { references: AutomationReferences }) => ({
      references: params.references,
    })),
    startGalleryPage: assign({ galleryError: null }),
    appendGallery: assign(({ context }, params: { page: GalleryPage }) => {
      const known = new Set(context.references.gallery.map((item) => item.id));
      return {
        references: {
          ...context.references,
          // A file added meanwhile shifts the pages: one already shown is not shown twice.
          gallery: [
            ...context.references.gallery,
            ...params.page.items.filter((item) => !known.has(item.id)),
          ],
          galleryPages: params.page.totalPage,
        },
        galleryPage: params.page.query.page,
      };
    }),
    galleryFailed: assign((_, params: { error: unknown }) => ({ galleryError: toFlowError(params.error) })),
    setSample: assign((_, params: { text: string }) => ({ sample: params.text })),
    setNewCustomer: assign((_, params: { newCustomer: boolean }) => ({ newCustomer: params.newCustomer })),
    startTry: assign({ tryError: null }),
    keepTry: assign((_, params: { result: AutomationTryResult }) => ({
      tryResult: params.result,
      tryError: null,
    })),
    tryFailed: assign((_, params: { error: unknown }) => ({
      tryResult: null,
      tryError: toFlowError(params.error),
    })),
  },
}).createMachine({
  id: 'automationRuleEditor',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    kind: input.kind,
    ruleId: input.rule?.id ?? null,
    maySave: input.maySave,
    mayViewBroadcasts: input.mayViewBroadcasts ?? true,
    draft: input.rule ? draftOfRule(input.rule) : emptyRuleDraft(input.kind),
    ...searchContext(input.searchDebounceMs),
    broadcasts: [],
    broadcastError: null,
    namedBroadcast: null,
    fieldErrors: {},
    saveError: null,
    references: noReferences,
    galleryPage: 0,
    galleryError: null,
    sample: '',
    newCustomer: false,
    tryResult: null,
    tryError: null,
    saved: null,
  }),
  initial: 'open',
  output: ({ context }) => context.saved,
  states: {
    open: {
      type: 'parallel',
      on: { 'editor.close': '#automationRuleEditor.closed' },
      states: {
        references: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loadingReferences'],
              invoke: {
                id: 'references',
                src: 'loadReferences',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  galleryIds: draftGalleryIds(context.draft),
                }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepReferences', params: ({ event }) => ({ references: event.output }) },
                },
              },
            },
            ready: {
              on: { 'editor.moreGallery': { guard: 'moreGallery', target: 'loadingGallery' } },
            },
            loadingGallery: {
              tags: ['loadingGallery'],
              entry: 'startGalleryPage',
              invoke: {
                id: 'galleryPage',
                src: 'loadGalleryPage',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  query: { kind: 'all', search: '', page: context.galleryPage + 1 },
                }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'appendGallery', params: ({ event }) => ({ page: event.output }) },
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'galleryFailed', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        broadcasts: {
          initial: 'off',
          states: {
            // Nothing asked for (the member may not view broadcasts): the picker offers any
            // broadcast (and a picked one by its id).
            off: { always: { guard: 'mayViewBroadcasts', target: 'on' } },
            on: {
              type: 'parallel',
              states: {
                search: broadcastSearch,
                list: {
                  initial: 'loading',
                  on: { 'editor.broadcasts.query': { target: '.loading', reenter: true } },
                  states: {
                    loading: {
                      tags: ['loadingBroadcasts'],
                      entry: 'startBroadcasts',
                      invoke: {
                        id: 'broadcasts',
                        src: 'searchBroadcasts',
                        input: ({ context }) => ({
                          client: context.client,
                          key: context.key,
                          search: context.search,
                          named: unnamedBroadcastId(context),
                        }),
                        onDone: {
                          target: 'ready',
                          actions: {
                            type: 'keepBroadcasts',
                            params: ({ event }) => ({ found: event.output }),
                          },
                        },
                        onError: [
                          {
                            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
                            target: '#automationRuleEditor.open.broadcasts.off',
                            actions: 'dropBroadcasts',
                          },
                          {
                            target: 'ready',
                            actions: {
                              type: 'broadcastsFailed',
                              params: ({ event }) => ({ error: event.error }),
                            },
                          },
                        ],
                      },
                    },
                    ready: {},
                  },
                },
              },
            },
          },
        },
        form: {
          initial: 'filling',
          states: {
            filling: {
              on: {
                'editor.edit': {
                  guard: 'maySave',
                  actions: [
                    { type: 'applyEdit', params: ({ event }) => ({ edit: event.edit }) },
                    'nameBroadcast',
                  ],
                },
                // The draft's own check first: its errors on their fields, or the save.
                'editor.save': [
                  { guard: and(['maySave', 'draftValid']), target: 'saving' },
                  { guard: 'maySave', actions: 'showCheck' },
                ],
              },
            },
            saving: {
              tags: ['saving'],
              entry: 'startSave',
              invoke: {
                id: 'save',
                src: 'saveRule',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  id: context.ruleId,
                  draft: context.draft,
                }),
                onDone: {
                  target: '#automationRuleEditor.saved',
                  actions: { type: 'keepSaved', params: ({ event }) => ({ rule: event.output }) },
                },
                onError: {
                  target: 'filling',
                  actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        trial: {
          initial: 'idle',
          on: {
            'editor.sample': { actions: { type: 'setSample', params: ({ event }) => event } },
            'editor.newCustomer': { actions: { type: 'setNewCustomer', params: ({ event }) => event } },
          },
          states: {
            idle: {
              on: { 'editor.try': { guard: 'hasSample', target: 'trying' } },
            },
            trying: {
              tags: ['trying'],
              entry: 'startTry',
              on: { 'editor.try': { guard: 'hasSample', target: 'trying', reenter: true } },
              invoke: {
                id: 'trial',
                src: 'tryDraft',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  draft: context.draft,
                  text: context.sample,
                  newCustomer: context.newCustomer,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepTry', params: ({ event }) => ({ result: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'tryFailed', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
});

export type AutomationRuleEditorSnapshot = SnapshotFrom<typeof automationRuleEditorMachine>;

/** The draft as it stands. */
export function selectRuleDraft(snapshot: AutomationRuleEditorSnapshot): AutomationRuleDraft {
  return snapshot.context.draft;
}

/** What the kind offers now (triggers; conditions, actions and steps that may be added). */
export function selectRuleOffers(snapshot: AutomationRuleEditorSnapshot): RuleOffers {
  return ruleOffers(snapshot.context.draft);
}

export function selectRuleFieldErrors(snapshot: AutomationRuleEditorSnapshot): RuleFieldErrors {
  return snapshot.context.fieldErrors;
}

export function selectRuleSaveError(snapshot: AutomationRuleEditorSnapshot): FlowError | null {
  return snapshot.context.saveError;
}

/** Saving: the form takes no edits, its buttons wait. */
export function selectEditorBusy(snapshot: AutomationRuleEditorSnapshot): boolean {
  return snapshot.hasTag('saving');
}

/** Whether the form may be changed and saved (else it is read only). */
export function selectEditorWritable(snapshot: AutomationRuleEditorSnapshot): boolean {
  return snapshot.context.maySave;
}

export function selectRuleReferences(snapshot: AutomationRuleEditorSnapshot): AutomationReferences {
  return snapshot.context.references;
}

export function selectReferencesLoading(snapshot: AutomationRuleEditorSnapshot): boolean {
  return snapshot.hasTag('loadingReferences');
}

/**
 * The gallery pickers' "load more": whether the gallery has a page not loaded yet (the button
 * shows), whether one is loading (it waits: `editor.moreGallery` is taken only when neither the
 * references nor a page are loading), and why the last one failed.
 */
export function selectGalleryPaging(snapshot: AutomationRuleEditorSnapshot): {
  more: boolean;
  loading: boolean;
  error: FlowError | null;
} {
  const { galleryPage, references, galleryError } = snapshot.context;
  return {
    more: galleryPage + 1 < references.galleryPages,
    loading: !snapshot.matches({ open: { references: 'ready' } }),
    error: galleryError,
  };
}

/** The try box: its sample, whether it runs, its last answer or failure. */
export function selectTrial(snapshot: AutomationRuleEditorSnapshot) {
  const { sample, newCustomer, tryResult, tryError } = snapshot.context;
  return { sample, newCustomer, result: tryResult, error: tryError, trying: snapshot.hasTag('trying') };
}

/** The `broadcast_reply` trigger's picker, as the web shows it. */
export interface BroadcastPicker {
  /** Whether it searches (the member may view broadcasts): else no search field, no rows. */
  searchable: boolean;
  /**
   * The rows to offer after "any broadcast": the newest page or the search's matches, then the
   * broadcast the trigger names when they lack it (by its name, or by its id when it could not be
   * read: deleted, or not shown to this member).
   */
  rows: BroadcastChoice[];
  /** The search as typed (what the field shows). */
  search: string;
  /** A page is on its way. */
  loading: boolean;
  /** A search applied and the server matched nothing. */
  noMatch: boolean;
  /** Why the last page failed (the rows before it stay). */
  error: FlowError | null;
}

export function selectBroadcastPicker(snapshot: AutomationRuleEditorSnapshot): BroadcastPicker {
  const { context } = snapshot;
  const searchable = snapshot.matches({ open: { broadcasts: 'on' } });
  const loading = snapshot.hasTag('loadingBroadcasts');
  const rows = searchable ? context.broadcasts : [];
  const id = triggerBroadcastId(context.draft);
  const picked =
    id === null || rows.some((row) => row.id === id) ? [] : [namedChoice(context, id) ?? { id, name: id }];
  return {
    searchable,
    rows: [...rows, ...picked],
    search: context.searchText,
    loading,
    noMatch:
      searchable &&
      !loading &&
      context.search !== '' &&
      context.broadcasts.length === 0 &&
      !context.broadcastError,
    error: searchable ? context.broadcastError : null,
  };
}
