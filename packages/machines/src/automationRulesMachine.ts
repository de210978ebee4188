/**
 * One automation screen (`/crm/auto-reply/{key}`, `/crm/auto-divisi/{key}`,
 * `/crm/auto-stage/{key}`, `/crm/autofu/{key}`): a kind's rules, in the order its rules are tried.
 * The rules are a paginated table: the machine runs it as its child `table` (tableMachine over
 * `automation_rule_list`, 10 a page) and tells it what to ask for. Regions side by side:
 *
 * - `query` (debouncedSearch.ts): the search by name, sent after a pause in the typing;
 * - `live`: `automation.rule.updated` of this kind changes its row in place (a moved rule takes
 *   its new place), `automation.rule.deleted` takes it away; `automation.resync` (the connection
 *   is back) asks for the page shown again;
 * - `switch`: a rule switched on or off (`automation_rule_update` with `enabled`), one at a time:
 *   the web disables the switches meanwhile (`selectSwitchingId`);
 * - `remove`: a delete to confirm, then `automation_rule_delete`; a refusal stays for a retry;
 * - `order`: a rule moved one place up or down (`automation_rule_reorder` with every rule of the
 *   kind, read afresh), one at a time (`selectMovingId`);
 * - `editor`: a rule's editor (automationRuleEditorMachine, invoked as `editor`): saved, its row
 *   changes (a new rule: the page is asked again, it joins the end of the list);
 * - `activity`: a rule's activity log, a second table (`automation_activity_list` by rule).
 *
 * What the member may do follows the kind's permission keys (`automationPermission`); an event
 * the member may not send is not taken (its control is hidden or disabled). The web feeds the
 * socket's events with `followAutomationRules`.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { automationPermission, automationPermissionNodes, can } from '@sapa/sdk';
import type { AutomationActivity, AutomationRuleKind, AutomationRuleView } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  automationActivityPayload,
  automationListPayload,
  deleteAutomationRule,
  moveAutomationRule,
  switchAutomationRule,
} from './automationActors.ts';
import type { AutomationActivityPayload, AutomationListPayload } from './automationActors.ts';
import { automationRuleEditorMachine } from './automationRuleEditorMachine.ts';
import type { AutomationRuleEditorOutput } from './automationRuleEditorMachine.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import type { SearchContext } from './debouncedSearch.ts';
import { delay } from './delay.ts';
import { queryRules } from './queryRules.ts';
import type { QueryRules } from './queryRules.ts';
import { createTableMachine } from './tableMachine.ts';
import type { FetchPage, TablePatch } from './tableMachine.ts';
import type { ActCaller } from './sdk.ts';

/** What a member may do on a kind's screen (its permission keys). */
export interface AutomationPermissions {
  menu: boolean;
  view: boolean;
  add: boolean;
  edit: boolean;
  remove: boolean;
  /** Whether the editor may list broadcasts (a `broadcast_reply` trigger's picker): `crm.broadcast.view`. */
  viewBroadcasts: boolean;
}

export function automationPermissions(
  kind: AutomationRuleKind,
  permissions: readonly string[],
): AutomationPermissions {
  return {
    menu: can(permissions, `${automationPermissionNodes[kind]}.menu`),
    view: can(permissions, automationPermission(kind, 'view')),
    add: can(permissions, automationPermission(kind, 'add')),
    edit: can(permissions, automationPermission(kind, 'edit')),
    remove: can(permissions, automationPermission(kind, 'hapus')),
    viewBroadcasts: can(permissions, 'crm.broadcast.view'),
  };
}

export interface AutomationRulesInput {
  client: ActCaller;
  key: string;
  kind: AutomationRuleKind;
  /** The viewer's permission keys in the project. */
  permissions: readonly string[];
  /** Where the rules' pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<AutomationRuleView, AutomationListPayload>;
  /** Where the activity log's pages come from. */
  fetchActivity: FetchPage<AutomationActivity, AutomationActivityPayload>;
  /** Quiet time after the last keystroke before the search applies (default 300 ms). */
  searchDebounceMs?: number;
  query?: Partial<QueryRules>;
}

export interface AutomationRulesContext extends SearchContext {
  client: ActCaller;
  key: string;
  kind: AutomationRuleKind;
  may: AutomationPermissions;
  fetchPage: FetchPage<AutomationRuleView, AutomationListPayload>;
  fetchActivity: FetchPage<AutomationActivity, AutomationActivityPayload>;
  query: QueryRules;
  /** The rule being switched on or off, and to what. */
  switching: { rule: AutomationRuleView; enabled: boolean } | null;
  deleteTarget: AutomationRuleView | null;
  deleteError: FlowError | null;
  moving: { rule: AutomationRuleView; direction: 'up' | 'down' } | null;
  /** The rule the editor opened on (null: a new rule, or none open). */
  editing: AutomationRuleView | null;
  /** The rule whose activity log shows. */
  activityRule: AutomationRuleView | null;
}

export type AutomationRulesEvent =
  | { type: 'automation.search'; text: string }
  | { type: 'automation.searchSettled' }
  | { type: 'automation.switch'; rule: AutomationRuleView; enabled: boolean }
  | { type: 'automation.delete'; rule: AutomationRuleView }
  | { type: 'automation.confirmDelete' }
  | { type: 'automation.cancelDelete' }
  | { type: 'automation.move'; rule: AutomationRuleView; direction: 'up' | 'down' }
  | { type: 'automation.add' }
  | { type: 'automation.edit'; rule: AutomationRuleView }
  | { type: 'automation.activity'; rule: AutomationRuleView }
  | { type: 'automation.closeActivity' }
  /** Live (`automation.rule.updated`). */
  | { type: 'automation.updated'; rule: AutomationRuleView }
  /** Live (`automation.rule.deleted`). */
  | { type: 'automation.deleted'; kind: AutomationRuleKind; ruleId: string }
  | { type: 'automation.resync' };

export type AutomationRulesEmitted =
  | { type: 'automation.saved'; rule: AutomationRuleView; created: boolean }
  | { type: 'automation.switched'; rule: AutomationRuleView }
  | { type: 'automation.switchFailed'; name: string; message: string }
  | { type: 'automation.removed'; name: string }
  | { type: 'automation.moved'; name: string }
  | { type: 'automation.moveFailed'; name: string; message: string };

/** A rule changed (or moved): its row replaced, the page kept in the kind's order. */
export function ruleUpdatedPatch(rule: AutomationRuleView): TablePatch<AutomationRuleView> {
  return (rows, where) => {
    // A rule placed after another makes that one no longer its kind's last.
    const before = rows.map((row) =>
      row.id !== rule.id && row.last && row.position < rule.position ? { ...row, last: false } : row,
    );
    const known = rows.some((row) => row.id === rule.id);
    if (!known) {
      // A new rule joins the end: shown when this page is the last and it falls after it.
      const last = rows.at(-1);
      const fits =
        rows.length < where.pageSize &&
        (last === undefined ? where.pageIndex === 0 : rule.position > last.position);
      return fits ? [...before, rule] : before;
    }
    return before.map((row) => (row.id === rule.id ? rule : row)).sort((a, b) => a.position - b.position);
  };
}

export function ruleDeletedPatch(ruleId: string): TablePatch<AutomationRuleView> {
  return (rows) => {
    const gone = rows.find((row) => row.id === ruleId);
    const left = rows.filter((row) => row.id !== ruleId);
    // The kind's last deleted: the one before it is last now.
    if (gone?.last !== true) return left;
    return left.map((row) => (row.position === gone.position - 1 ? { ...row, last: true } : row));
  };
}

export const automationTableMachine = createTableMachine<AutomationRuleView, AutomationListPayload>();
export const automationActivityTableMachine = createTableMachine<
  AutomationActivity,
  AutomationActivityPayload
>();

const ruleSearch = searchRegion('automation', ['queryTable']);

/** Whether `rule` has a place to move to: not up from the first, not down from the last. */
export function ruleCanMove(rule: AutomationRuleView, direction: 'up' | 'down'): boolean {
  return direction === 'up' ? rule.position > 0 : !rule.last;
}

function payload(context: AutomationRulesContext): AutomationListPayload {
  return automationListPayload(context.key, context.kind, context.search);
}

export const automationRulesMachine = setup({
  types: {} as {
    context: AutomationRulesContext;
    events: AutomationRulesEvent;
    input: AutomationRulesInput;
    emitted: AutomationRulesEmitted;
    tags: 'switching' | 'moving' | 'deleting';
    children: {
      table: 'ruleTable';
      pause: 'delay';
      switcher: 'switchRule';
      remove: 'deleteRule';
      reorder: 'moveRule';
      editor: 'ruleEditor';
      activity: 'activityTable';
    };
  },
  actors: {
    ruleTable: automationTableMachine,
    activityTable: automationActivityTableMachine,
    delay,
    switchRule: switchAutomationRule,
    deleteRule: deleteAutomationRule,
    moveRule: moveAutomationRule,
    ruleEditor: automationRuleEditorMachine,
  },
  guards: {
    ...searchGuards,
    mayEdit: ({ context }) => context.may.edit,
    mayAdd: ({ context }) => context.may.add,
    mayRemove: ({ context }) => context.may.remove,
    switchChanges: ({ context }, params: { rule: AutomationRuleView; enabled: boolean }) =>
      context.may.edit && params.rule.enabled !== params.enabled,
    canMove: ({ context }, params: { rule: AutomationRuleView; direction: 'up' | 'down' }) =>
      context.may.edit && ruleCanMove(params.rule, params.direction),
    ofKind: ({ context }, params: { kind: AutomationRuleKind }) => params.kind === context.kind,
    refetchOnReconnect: ({ context }) => context.query.refetchOnReconnect,
    created: ({ context }, params: { rule: AutomationRuleEditorOutput }) =>
      params.rule !== null && context.editing === null,
    edited: (_, params: { rule: AutomationRuleEditorOutput }) => params.rule !== null,
  },
  actions: {
    ...searchActions<AutomationRulesContext, AutomationRulesEvent>(),
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: payload(context),
    })),
    resyncTable: sendTo('table', { type: 'table.resync' as const }),
    patchUpdated: sendTo('table', (_, params: { rule: AutomationRuleView }) => ({
      type: 'table.patch' as const,
      patch: ruleUpdatedPatch(params.rule),
    })),
    patchDeleted: sendTo('table', (_, params: { ruleId: string }) => ({
      type: 'table.patch' as const,
      patch: ruleDeletedPatch(params.ruleId),
    })),
    startSwitch: assign((_, params: { rule: AutomationRuleView; enabled: boolean }) => ({
      switching: params,
    })),
    announceSwitched: emit((_, params: { rule: AutomationRuleView }) => ({
      type: 'automation.switched' as const,
      rule: params.rule,
    })),
    announceSwitchFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'automation.switchFailed' as const,
      name: context.switching?.rule.name ?? '',
      message: toFlowError(params.error).message,
    })),
    endSwitch: assign({ switching: null }),
    askDelete: assign((_, params: { rule: AutomationRuleView }) => ({
      deleteTarget: params.rule,
      deleteError: null,
    })),
    deleteFailed: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    announceRemoved: emit(({ context }) => ({
      type: 'automation.removed' as const,
      name: context.deleteTarget?.name ?? '',
    })),
    endDelete: assign({ deleteTarget: null, deleteError: null }),
    startMove: assign((_, params: { rule: AutomationRuleView; direction: 'up' | 'down' }) => ({
      moving: params,
    })),
    announceMoved: emit(({ context }) => ({
      type: 'automation.moved' as const,
      name: context.moving?.rule.name ?? '',
    })),
    announceMoveFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'automation.moveFailed' as const,
      name: context.moving?.rule.name ?? '',
      message: toFlowError(params.error).message,
    })),
    endMove: assign({ moving: null }),
    openEditor: assign((_, params: { rule: AutomationRuleView | null }) => ({ editing: params.rule })),
    announceSaved: emit(({ context }, params: { rule: AutomationRuleEditorOutput }) => ({
      type: 'automation.saved' as const,
      rule: params.rule as AutomationRuleView,
      created: context.editing === null,
    })),
    closeEditor: assign({ editing: null }),
    openActivity: assign((_, params: { rule: AutomationRuleView }) => ({ activityRule: params.rule })),
    closeActivity: assign({ activityRule: null }),
  },
}).createMachine({
  id: 'automationRules',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    kind: input.kind,
    may: automationPermissions(input.kind, input.permissions),
    fetchPage: input.fetchPage,
    fetchActivity: input.fetchActivity,
    query: queryRules(input.query),
    ...searchContext(input.searchDebounceMs),
    switching: null,
    deleteTarget: null,
    deleteError: null,
    moving: null,
    editing: null,
    activityRule: null,
  }),
  invoke: {
    id: 'table',
    src: 'ruleTable',
    input: ({ context }) => ({
      fetchPage: context.fetchPage,
      payload: payload(context),
      query: context.query,
    }),
  },
  type: 'parallel',
  states: {
    query: ruleSearch,
    live: {
      on: {
        'automation.updated': {
          guard: { type: 'ofKind', params: ({ event }) => event.rule },
          actions: { type: 'patchUpdated', params: ({ event }) => event },
        },
        'automation.deleted': {
          guard: { type: 'ofKind', params: ({ event }) => event },
          actions: { type: 'patchDeleted', params: ({ event }) => event },
        },
        'automation.resync': { guard: 'refetchOnReconnect', actions: 'resyncTable' },
      },
    },
    switch: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'automation.switch': {
              guard: { type: 'switchChanges', params: ({ event }) => event },
              target: 'switching',
              actions: { type: 'startSwitch', params: ({ event }) => event },
            },
          },
        },
        switching: {
          tags: ['switching'],
          invoke: {
            id: 'switcher',
            src: 'switchRule',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.switching?.rule.id ?? '',
              enabled: context.switching?.enabled ?? false,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchUpdated', params: ({ event }) => ({ rule: event.output }) },
                { type: 'announceSwitched', params: ({ event }) => ({ rule: event.output }) },
                'endSwitch',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'announceSwitchFailed', params: ({ event }) => ({ error: event.error }) },
                'endSwitch',
              ],
            },
          },
        },
      },
    },
    remove: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'automation.delete': {
              guard: 'mayRemove',
              target: 'confirming',
              actions: { type: 'askDelete', params: ({ event }) => event },
            },
          },
        },
        confirming: {
          on: {
            'automation.confirmDelete': 'deleting',
            'automation.cancelDelete': { target: 'idle', actions: 'endDelete' },
          },
        },
        deleting: {
          tags: ['deleting'],
          invoke: {
            id: 'remove',
            src: 'deleteRule',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.deleteTarget?.id ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchDeleted', params: ({ event }) => ({ ruleId: event.output.id }) },
                'announceRemoved',
                'endDelete',
              ],
            },
            onError: {
              target: 'confirming',
              actions: { type: 'deleteFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    order: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'automation.move': {
              guard: { type: 'canMove', params: ({ event }) => event },
              target: 'moving',
              actions: { type: 'startMove', params: ({ event }) => event },
            },
          },
        },
        moving: {
          tags: ['moving'],
          invoke: {
            id: 'reorder',
            src: 'moveRule',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              kind: context.kind,
              id: context.moving?.rule.id ?? '',
              direction: context.moving?.direction ?? 'up',
            }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'idle',
                actions: ['resyncTable', 'announceMoved', 'endMove'],
              },
              // Already first or last: nothing changed, nothing to say.
              { target: 'idle', actions: 'endMove' },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'announceMoveFailed', params: ({ event }) => ({ error: event.error }) },
                'endMove',
              ],
            },
          },
        },
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'automation.add': {
              guard: 'mayAdd',
              target: 'open',
              actions: { type: 'openEditor', params: { rule: null } },
            },
            // A member without edit still reads the rule (the editor is then read only).
            'automation.edit': {
              target: 'open',
              actions: { type: 'openEditor', params: ({ event }) => event },
            },
          },
        },
        open: {
          invoke: {
            id: 'editor',
            src: 'ruleEditor',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              kind: context.kind,
              rule: context.editing,
              maySave: context.editing === null ? context.may.add : context.may.edit,
              mayViewBroadcasts: context.may.viewBroadcasts,
              // The editor's broadcast search pauses as long as the table's.
              searchDebounceMs: context.searchDebounceMs,
            }),
            onDone: [
              {
                guard: { type: 'created', params: ({ event }) => ({ rule: event.output }) },
                target: 'closed',
                actions: [
                  { type: 'announceSaved', params: ({ event }) => ({ rule: event.output }) },
                  'resyncTable',
                  'closeEditor',
                ],
              },
              {
                guard: { type: 'edited', params: ({ event }) => ({ rule: event.output }) },
                target: 'closed',
                actions: [
                  {
                    type: 'patchUpdated',
                    params: ({ event }) => ({ rule: event.output as AutomationRuleView }),
                  },
                  { type: 'announceSaved', params: ({ event }) => ({ rule: event.output }) },
                  'closeEditor',
                ],
              },
              { target: 'closed', actions: 'closeEditor' },
            ],
          },
        },
      },
    },
    activity: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'automation.activity': {
              target: 'open',
              actions: { type: 'openActivity', params: ({ event }) => event },
            },
          },
        },
        open: {
          invoke: {
            id: 'activity',
            src: 'activityTable',
            input: ({ context }) => ({
              fetchPage: context.fetchActivity,
              payload: automationActivityPayload(context.key, context.activityRule?.id ?? ''),
              query: context.query,
            }),
          },
          on: { 'automation.closeActivity': { target: 'closed', actions: 'closeActivity' } },
        },
      },
    },
  },
});

export type AutomationRulesSnapshot = SnapshotFrom<typeof automationRulesMachine>;

/** The rules' table (the child the DataTable shows); undefined only once stopped. */
export function selectRuleTable(snapshot: AutomationRulesSnapshot) {
  return snapshot.children.table;
}

/** The open editor (a child machine), or undefined. */
export function selectRuleEditor(snapshot: AutomationRulesSnapshot) {
  return snapshot.children.editor;
}

/** The activity log's table while it shows, and its rule. */
export function selectActivity(snapshot: AutomationRulesSnapshot) {
  return { table: snapshot.children.activity, rule: snapshot.context.activityRule };
}

export function selectAutomationPermissions(snapshot: AutomationRulesSnapshot): AutomationPermissions {
  return snapshot.context.may;
}

/** The rule being switched (every switch waits meanwhile), or null. */
export function selectSwitchingId(snapshot: AutomationRulesSnapshot): string | null {
  return snapshot.context.switching?.rule.id ?? null;
}

/** The rule being moved (every move button waits meanwhile), or null. */
export function selectMovingId(snapshot: AutomationRulesSnapshot): string | null {
  return snapshot.context.moving?.rule.id ?? null;
}

/** The delete to confirm: its rule, whether it runs, why it last failed; null when none. */
export function selectDeleteConfirm(snapshot: AutomationRulesSnapshot) {
  const { deleteTarget, deleteError } = snapshot.context;
  if (deleteTarget === null || snapshot.matches({ remove: 'idle' })) return null;
  return { rule: deleteTarget, error: deleteError, deleting: snapshot.hasTag('deleting') };
}

/** Whether a search is typed or applied (the empty table then says "no match"). */
export function selectHasRuleSearch(snapshot: AutomationRulesSnapshot): boolean {
  return snapshot.context.search !== '' || snapshot.context.searchText !== '';
}
