/**
 * The customers of `/crm/customer/{key}`. The customers are a paginated table: the machine runs it
 * as its child `table` (tableMachine over `customer_list`) and tells it what to ask for. Four
 * regions run side by side:
 *
 * - `query`: the sort, the filters (label, stage, division, WhatsApp number, first-contact dates
 *   from / to) and the search, sent after a pause in the typing (the `delay` actor). Each
 *   change goes to the table as its new payload, but a `to` before `from` is not: the table keeps
 *   the dates last valid until the range is fixed (`selectRangeReversed` says so beside them);
 * - `options`: the filters' choices, loaded once (`loadCustomerFilterOptions`; a list the viewer
 *   may not see is not offered);
 * - `dialog`: at most one of the form (customerFormMachine, a new customer or one being edited),
 *   the delete (confirm, then `customer_delete`) and the CSV import (customerImportMachine). A save,
 *   a delete or an import is announced (`customers.saved`, `.deleted`, `.imported`) and the table
 *   fetches its page again;
 * - `export`: `customer_export` with the filters and search applied; its CSV is announced
 *   (`customers.exported`) for the web to save as a download.
 *
 * Each action needs its permission (`customerPermissions`); without it the event is ignored.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { Customer } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import {
  customerListPayload,
  customerPermissions,
  customerQueryFields,
  exportCustomers,
  filtersValid,
  hasCustomerQuery,
  isFilterValue,
  loadCustomerFilterOptions,
  noCustomerFilters,
  noFilterOptions,
  removeCustomer,
} from './customerActors.ts';
import type {
  CustomerExport,
  CustomerFilter,
  CustomerFilterOptions,
  CustomerFilters,
  CustomerListPayload,
  CustomerSort,
} from './customerActors.ts';
import { customerFormMachine } from './customerFormMachine.ts';
import type { CustomerFormOutput } from './customerFormMachine.ts';
import { customerImportMachine } from './customerImportMachine.ts';
import type { CustomerImportOutput } from './customerImportMachine.ts';
import type {
  CustomersContext,
  CustomersEmitted,
  CustomersEvent,
  CustomersInput,
  CustomersTag,
} from './customersTypes.ts';
import { searchActions, searchContext, searchGuards } from './debouncedSearch.ts';
import { createTableMachine } from './tableMachine.ts';
import { delay } from './delay.ts';

export type { CustomersContext, CustomersEmitted, CustomersEvent, CustomersInput, CustomersTag };

type Context = CustomersContext;

/** The filters the table follows: the chosen ones, with the dates last valid while `to` is before `from`. */
function appliedFilters(context: Context): CustomerFilters {
  const { filters, appliedRange } = context;
  return filtersValid(filters) ? filters : { ...filters, ...appliedRange };
}

function payload(context: Context): CustomerListPayload {
  return customerListPayload(context.key, {
    sort: context.sort,
    search: context.search,
    filters: appliedFilters(context),
  });
}

const noDelete = { deleteTarget: null, deleteError: null } as const;
const noRange = { from: null, to: null } as const;

export const customerTableMachine = createTableMachine<Customer, CustomerListPayload>();

export const customersMachine = setup({
  types: {} as {
    context: CustomersContext;
    events: CustomersEvent;
    input: CustomersInput;
    emitted: CustomersEmitted;
    tags: CustomersTag;
    children: {
      table: 'customerTable';
      pause: 'delay';
      options: 'loadCustomerFilterOptions';
      form: 'customerForm';
      importer: 'customerImport';
      remove: 'removeCustomer';
      export: 'exportCustomers';
    };
  },
  actors: {
    customerTable: customerTableMachine,
    delay,
    loadCustomerFilterOptions,
    customerForm: customerFormMachine,
    customerImport: customerImportMachine,
    removeCustomer,
    exportCustomers,
  },
  guards: {
    sortChanged: ({ context }, params: { sort: CustomerSort }) => params.sort !== context.sort,
    filterChanged: ({ context }, params: { filter: CustomerFilter; value: string | null }) =>
      isFilterValue(params.filter, params.value) && context.filters[params.filter] !== params.value,
    anyQuery: ({ context }) => hasCustomerQuery(context.filters, context.search) || context.searchText !== '',
    ...searchGuards,
    mayAdd: ({ context }) => context.may.add,
    mayEdit: ({ context }) => context.may.edit,
    mayRemove: ({ context }) => context.may.remove,
    mayImport: ({ context }) => context.may.import,
    mayExport: ({ context }) => context.may.export && filtersValid(context.filters),
    saved: (_, params: { output: CustomerFormOutput }) => params.output !== null,
    imported: (_, params: { output: CustomerImportOutput }) => params.output !== null,
  },
  actions: {
    ...searchActions<CustomersContext, CustomersEvent>(),
    // A search still waiting for its pause goes with the new sort or filter.
    setSort: assign(({ context }, params: { sort: CustomerSort }) => ({
      sort: params.sort,
      search: context.searchText,
    })),
    setFilter: assign(({ context }, params: { filter: CustomerFilter; value: string | null }) => {
      const filters = { ...context.filters, [params.filter]: params.value };
      const appliedRange = filtersValid(filters)
        ? { from: filters.from, to: filters.to }
        : context.appliedRange;
      return { filters, appliedRange, search: context.searchText };
    }),
    reset: assign({ filters: noCustomerFilters, appliedRange: noRange, search: '', searchText: '' }),
    // A reversed date range is not asked for: the payload keeps the dates last valid (the table
    // ignores a payload equal to the one it shows).
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: payload(context),
    })),
    refreshTable: sendTo('table', { type: 'table.refresh' as const }),
    keepOptions: assign((_, params: { options: CustomerFilterOptions }) => ({ options: params.options })),
    openNew: assign({ editing: null }),
    openEdit: assign((_, params: { customer: Customer }) => ({ editing: params.customer })),
    forgetEditing: assign({ editing: null }),
    announceSaved: emit((_, params: { output: CustomerFormOutput }) => ({
      type: 'customers.saved' as const,
      customer: params.output?.customer as Customer,
      created: params.output?.created === true,
    })),
    announceImported: emit((_, params: { output: CustomerImportOutput }) => ({
      type: 'customers.imported' as const,
      result: params.output ?? { imported: 0, created: 0, updated: 0, problems: [], preview: [] },
    })),
    askDelete: assign((_, params: { customer: Customer }) => ({
      deleteTarget: params.customer,
      deleteError: null,
    })),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    announceDeleted: emit(({ context }, params: { id: string }) => ({
      type: 'customers.deleted' as const,
      id: params.id,
      name: context.deleteTarget?.name ?? '',
    })),
    forgetDelete: assign({ ...noDelete }),
    announceExport: emit((_, params: { file: CustomerExport }) => ({
      type: 'customers.exported' as const,
      file: params.file,
    })),
    announceExportFailure: emit((_, params: { error: unknown }) => ({
      type: 'customers.exportFailed' as const,
      message: toFlowError(params.error).message,
    })),
  },
}).createMachine({
  id: 'customers',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    may: customerPermissions(input.permissions),
    fetchPage: input.fetchPage,
    ...searchContext(input.searchDebounceMs),
    readImportFile: input.readImportFile,
    sort: 'newest',
    filters: noCustomerFilters,
    appliedRange: noRange,
    options: noFilterOptions,
    editing: null,
    ...noDelete,
  }),
  invoke: {
    id: 'table',
    src: 'customerTable',
    input: ({ context }) => ({ fetchPage: context.fetchPage, payload: payload(context) }),
  },
  type: 'parallel',
  states: {
    query: {
      initial: 'idle',
      on: {
        'customers.sort': {
          guard: { type: 'sortChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setSort', params: ({ event }) => event }, 'queryTable'],
        },
        'customers.filter': {
          guard: { type: 'filterChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setFilter', params: ({ event }) => event }, 'queryTable'],
        },
        'customers.reset': { guard: 'anyQuery', target: '.idle', actions: ['reset', 'queryTable'] },
        'customers.search': [
          {
            guard: { type: 'clearsSearch', params: ({ event }) => event },
            target: '.idle',
            actions: ['clearSearch', 'queryTable'],
          },
          {
            guard: { type: 'searchChanged', params: ({ event }) => event },
            target: '.debouncing',
            actions: { type: 'typeSearch', params: ({ event }) => event },
          },
        ],
      },
      states: {
        idle: {},
        // The customers shown so far stay until the search runs.
        debouncing: {
          invoke: {
            id: 'pause',
            src: 'delay',
            input: ({ context }) => ({
              ms: context.searchDebounceMs,
              event: { type: 'customers.searchSettled' as const },
            }),
          },
          on: { 'customers.searchSettled': { target: 'idle', actions: ['applySearch', 'queryTable'] } },
        },
      },
    },
    options: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'options',
            src: 'loadCustomerFilterOptions',
            input: ({ context }) => ({ client: context.client, key: context.key }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
            },
          },
        },
        ready: {},
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'customers.add': { guard: 'mayAdd', target: 'form', actions: 'openNew' },
            'customers.edit': {
              guard: 'mayEdit',
              target: 'form',
              actions: { type: 'openEdit', params: ({ event }) => event },
            },
            'customers.delete': {
              guard: 'mayRemove',
              target: 'confirmingDelete',
              actions: { type: 'askDelete', params: ({ event }) => event },
            },
            'customers.import': { guard: 'mayImport', target: 'importing' },
          },
        },
        form: {
          invoke: {
            id: 'form',
            src: 'customerForm',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              customer: context.editing,
              canOptOut: context.may.edit,
            }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => ({ output: event.output }) },
                target: 'closed',
                actions: [
                  { type: 'announceSaved', params: ({ event }) => ({ output: event.output }) },
                  'forgetEditing',
                  'refreshTable',
                ],
              },
              { target: 'closed', actions: 'forgetEditing' },
            ],
          },
        },
        confirmingDelete: {
          on: {
            'customers.confirmDelete': 'deleting',
            'customers.cancel': { target: 'closed', actions: 'forgetDelete' },
          },
        },
        deleting: {
          tags: ['deleting', 'busy'],
          invoke: {
            id: 'remove',
            src: 'removeCustomer',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.deleteTarget?.id ?? '',
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'announceDeleted', params: ({ event }) => event.output },
                'forgetDelete',
                'refreshTable',
              ],
            },
            onError: {
              target: 'confirmingDelete',
              actions: { type: 'showDeleteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        importing: {
          invoke: {
            id: 'importer',
            src: 'customerImport',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              ...(context.readImportFile === undefined ? {} : { readFile: context.readImportFile }),
            }),
            onDone: [
              {
                guard: { type: 'imported', params: ({ event }) => ({ output: event.output }) },
                target: 'closed',
                actions: [
                  { type: 'announceImported', params: ({ event }) => ({ output: event.output }) },
                  'refreshTable',
                ],
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'customers.export': { guard: 'mayExport', target: 'exporting' } } },
        exporting: {
          tags: ['exporting', 'busy'],
          invoke: {
            id: 'export',
            src: 'exportCustomers',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              fields: customerQueryFields(context.filters, context.search),
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'announceExport', params: ({ event }) => ({ file: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'announceExportFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
