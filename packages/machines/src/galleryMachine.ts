/**
 * The project's gallery (`/crm/gallery/{key}`). Two regions run side by side:
 *
 * - `list`: pages of `gallery_list` (newest first), the next one when the grid nears its end,
 *   a kind filter and a file-name search run after a pause in the typing (the `delay` actor);
 * - `action`: at most one thing done with the files at a time: taking one out (confirm, then
 *   `gallery_delete`), keeping uploads (`gallery_add`, new files on top), or sending the file
 *   being previewed in a conversation (pick one from a `conversation_list` search, then
 *   `message_send` with its `mediaId`, an optional caption and a fresh client id);
 * - `usage` (the gallery screen only, `showUsage`): the project's storage against its quota
 *   (`gallery_usage`), loaded again whenever an add or a delete went through; the figures last
 *   loaded stay shown while it loads and when a reload fails.
 *
 * The file being previewed is kept whole in `selected`, so it stays open across filters.
 */
import { assign, emit, raise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ConversationSummary, GalleryItem, StorageUsage } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import {
  addToGallery,
  appendGalleryItems,
  deleteFromGallery,
  loadGalleryPage,
  loadShareTargets,
  loadStorageUsage,
  prependGalleryItems,
  sendToChat,
} from './galleryActors.ts';
import type { GalleryKindFilter, GalleryPage, GalleryQuery } from './galleryActors.ts';
import {
  applyShareSearch,
  chooseTarget,
  clearShareSearch,
  forgetSend,
  keepTargets,
  shareState,
  showSendError,
  showTargetsError,
  startSend,
  typeShareSearch,
} from './galleryShare.ts';
import type {
  GalleryContext,
  GalleryEmitted,
  GalleryEvent,
  GalleryInput,
  GalleryTag,
} from './galleryTypes.ts';
import { delay } from './delay.ts';

type Context = GalleryContext;

function query(context: Context, page: number): GalleryQuery {
  return { kind: context.kind, search: context.search, page };
}

function freshList(): Pick<Context, 'items' | 'page' | 'totalPage' | 'error' | 'moreError'> {
  return { items: [], page: 0, totalPage: 0, error: null, moreError: null };
}

function find(context: Context, id: string): GalleryItem | undefined {
  return (
    context.items.find((item) => item.id === id) ??
    (context.selected?.id === id ? context.selected : undefined)
  );
}

export const galleryMachine = setup({
  types: {} as {
    context: GalleryContext;
    events: GalleryEvent;
    input: GalleryInput;
    children: {
      page: 'loadGalleryPage';
      more: 'loadGalleryPage';
      remove: 'deleteFromGallery';
      add: 'addToGallery';
      targets: 'loadShareTargets';
      send: 'sendToChat';
      usage: 'loadStorageUsage';
      pause: 'delay';
      sharePause: 'delay';
    };
    tags: GalleryTag;
    emitted: GalleryEmitted;
  },
  actors: {
    loadGalleryPage,
    addToGallery,
    deleteFromGallery,
    loadShareTargets,
    sendToChat,
    loadStorageUsage,
    delay,
  },
  guards: {
    showsUsage: ({ context }) => context.showUsage,
    hasMore: ({ context }) => context.page + 1 < context.totalPage,
    kindChanged: ({ context }, params: { kind: GalleryKindFilter }) => params.kind !== context.kind,
    clearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.search !== '' || context.searchText !== ''),
    searchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.searchText,
    isKnown: ({ context }, params: { id: string }) => find(context, params.id) !== undefined,
    isPicked: ({ context }, params: { id: string }) => context.picked.some((item) => item.id === params.id),
    mayPick: ({ context }, params: { id: string }) =>
      context.picked.length < context.pickLimit && context.items.some((item) => item.id === params.id),
    hasIds: (_, params: { ids: readonly string[] }) => params.ids.length > 0,
    hasSelection: ({ context }) => context.selected !== null,
    shareClearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.share.search !== '' || context.share.searchText !== ''),
    shareSearchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.share.searchText,
    isTarget: ({ context }, params: { conversationId: string }) =>
      context.share.conversations.some((item) => item.id === params.conversationId),
    hasTarget: ({ context }) => context.share.chosen !== null,
  },
  actions: {
    pick: assign(({ context }, params: { id: string }) => ({
      picked: [...context.picked, ...context.items.filter((item) => item.id === params.id)],
    })),
    unpick: assign(({ context }, params: { id: string }) => ({
      picked: context.picked.filter((item) => item.id !== params.id),
    })),
    setKind: assign(({ context }, params: { kind: GalleryKindFilter }) => ({
      ...freshList(),
      kind: params.kind,
      // A search still waiting for its pause goes with the new kind.
      search: context.searchText,
    })),
    clearSearch: assign(() => ({ ...freshList(), search: '', searchText: '' })),
    typeSearch: assign((_, params: { text: string }) => ({ searchText: params.text.trim() })),
    applySearch: assign(({ context }) => ({ ...freshList(), search: context.searchText })),
    keepFirstPage: assign((_, params: { page: GalleryPage }) => ({
      items: appendGalleryItems([], params.page.items),
      page: 0,
      totalPage: params.page.totalPage,
      error: null,
    })),
    appendPage: assign(({ context }, params: { page: GalleryPage }) => ({
      items: appendGalleryItems(context.items, params.page.items),
      page: params.page.query.page,
      totalPage: params.page.totalPage,
      moreError: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    showMoreError: assign((_, params: { error: unknown }) => ({ moreError: toFlowError(params.error) })),
    open: assign(({ context }, params: { id: string }) => ({ selected: find(context, params.id) ?? null })),
    close: assign({ selected: null }),
    askDelete: assign(({ context }, params: { id: string }) => ({
      deleteTarget: find(context, params.id) ?? null,
      deleteError: null,
    })),
    cancelDelete: assign({ deleteTarget: null, deleteError: null }),
    removeItem: assign(({ context }, params: { id: string }) => ({
      items: context.items.filter((item) => item.id !== params.id),
      selected: context.selected?.id === params.id ? null : context.selected,
      deleteTarget: null,
      deleteError: null,
    })),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    startAdd: assign({ addError: null }),
    prependAdded: assign(({ context }, params: { items: GalleryItem[] }) => ({
      items: prependGalleryItems(context.items, params.items, context),
      added: context.added + 1,
    })),
    showAddError: assign((_, params: { error: unknown }) => ({ addError: toFlowError(params.error) })),
    dismiss: assign({ addError: null }),
    announceDeleted: emit((_, params: { id: string }) => ({
      type: 'gallery.deleted' as const,
      id: params.id,
    })),
    announceAdded: emit((_, params: { items: GalleryItem[] }) => ({
      type: 'gallery.added' as const,
      items: params.items,
    })),
    announceSent: emit(({ context }) => ({
      type: 'gallery.sent' as const,
      conversation: context.share.chosen,
      file: context.selected,
    })),
    resetShare: assign(() => ({ share: shareState() })),
    clearShareSearch: assign(({ context }) => ({ share: clearShareSearch(context.share) })),
    typeShareSearch: assign(({ context }, params: { text: string }) => ({
      share: typeShareSearch(context.share, params.text),
    })),
    applyShareSearch: assign(({ context }) => ({ share: applyShareSearch(context.share) })),
    keepTargets: assign(({ context }, params: { conversations: ConversationSummary[] }) => ({
      share: keepTargets(context.share, params.conversations),
    })),
    showTargetsError: assign(({ context }, params: { error: unknown }) => ({
      share: showTargetsError(context.share, params.error),
    })),
    choose: assign(({ context }, params: { conversationId: string }) => ({
      share: chooseTarget(context.share, params.conversationId),
    })),
    startSend: assign(({ context }, params: { caption: string }) => ({
      share: startSend(context.share, params.caption, context.newClientId()),
    })),
    showSendError: assign(({ context }, params: { error: unknown }) => ({
      share: showSendError(context.share, params.error),
    })),
    forgetSend: assign(({ context }) => ({ share: forgetSend(context.share) })),
    keepUsage: assign((_, params: { usage: StorageUsage }) => ({ usage: params.usage })),
    refreshUsage: raise({ type: 'usage.refresh' } as const),
  },
}).createMachine({
  id: 'gallery',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    searchDebounceMs: input.searchDebounceMs ?? 300,
    newClientId: input.newClientId ?? (() => crypto.randomUUID()),
    ...freshList(),
    kind: 'all',
    search: '',
    searchText: '',
    selected: null,
    deleteTarget: null,
    deleteError: null,
    addError: null,
    added: 0,
    share: shareState(),
    picked: [],
    pickLimit: Math.max(0, input.pickLimit ?? 0),
    showUsage: input.showUsage ?? false,
    usage: null,
  }),
  type: 'parallel',
  // The composer's picker: the picked files stay across kinds, searches and pages.
  on: {
    'gallery.pick': [
      {
        guard: { type: 'isPicked', params: ({ event }) => event },
        actions: { type: 'unpick', params: ({ event }) => event },
      },
      {
        guard: { type: 'mayPick', params: ({ event }) => event },
        actions: { type: 'pick', params: ({ event }) => event },
      },
    ],
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'gallery.kind': {
          guard: { type: 'kindChanged', params: ({ event }) => event },
          target: '.loading',
          actions: { type: 'setKind', params: ({ event }) => event },
        },
        'gallery.search': [
          {
            guard: { type: 'clearsSearch', params: ({ event }) => event },
            target: '.loading',
            actions: 'clearSearch',
          },
          {
            guard: { type: 'searchChanged', params: ({ event }) => event },
            target: '.debouncing',
            actions: { type: 'typeSearch', params: ({ event }) => event },
          },
        ],
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'page',
            src: 'loadGalleryPage',
            input: ({ context }) => ({ client: context.client, key: context.key, query: query(context, 0) }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepFirstPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: { tags: ['error'], on: { 'gallery.retry': 'loading' } },
        // The files shown so far stay until the search runs.
        debouncing: {
          invoke: {
            id: 'pause',
            src: 'delay',
            input: ({ context }) => ({
              ms: context.searchDebounceMs,
              event: { type: 'gallery.searchSettled' } as const,
            }),
          },
          on: { 'gallery.searchSettled': { target: 'loading', actions: 'applySearch' } },
        },
        ready: {
          tags: ['ready'],
          initial: 'idle',
          states: {
            idle: { on: { 'gallery.loadMore': { guard: 'hasMore', target: 'loadingMore' } } },
            loadingMore: {
              tags: ['loadingMore'],
              invoke: {
                id: 'more',
                src: 'loadGalleryPage',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  query: query(context, context.page + 1),
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
                },
                onError: {
                  target: 'moreFailed',
                  actions: { type: 'showMoreError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            moreFailed: {
              tags: ['moreFailed'],
              on: { 'gallery.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
            },
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'gallery.open': {
              guard: { type: 'isKnown', params: ({ event }) => event },
              actions: { type: 'open', params: ({ event }) => event },
            },
            'gallery.close': { actions: 'close' },
            'gallery.delete': {
              guard: { type: 'isKnown', params: ({ event }) => event },
              target: 'confirmingDelete',
              actions: { type: 'askDelete', params: ({ event }) => event },
            },
            'gallery.add': {
              guard: { type: 'hasIds', params: ({ event }) => event },
              target: 'adding',
              actions: 'startAdd',
            },
            'gallery.dismiss': { actions: 'dismiss' },
            'share.start': { guard: 'hasSelection', target: 'sharing', actions: 'resetShare' },
          },
        },
        confirmingDelete: {
          on: {
            'gallery.confirmDelete': 'deleting',
            'gallery.cancelDelete': { target: 'idle', actions: 'cancelDelete' },
          },
        },
        deleting: {
          tags: ['busy', 'deleting'],
          invoke: {
            id: 'remove',
            src: 'deleteFromGallery',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.deleteTarget?.id ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'removeItem', params: ({ event }) => event.output },
                { type: 'announceDeleted', params: ({ event }) => event.output },
                'refreshUsage',
              ],
            },
            onError: {
              target: 'confirmingDelete',
              actions: { type: 'showDeleteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        adding: {
          tags: ['busy', 'adding'],
          invoke: {
            id: 'add',
            src: 'addToGallery',
            input: ({ context, event }) => ({
              client: context.client,
              key: context.key,
              ids: event.type === 'gallery.add' ? event.ids : [],
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'prependAdded', params: ({ event }) => ({ items: event.output }) },
                { type: 'announceAdded', params: ({ event }) => ({ items: event.output }) },
                'refreshUsage',
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'showAddError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        sharing: {
          initial: 'choosing',
          states: {
            choosing: {
              initial: 'loading',
              on: {
                'share.search': [
                  {
                    guard: { type: 'shareClearsSearch', params: ({ event }) => event },
                    target: '.loading',
                    actions: 'clearShareSearch',
                  },
                  {
                    guard: { type: 'shareSearchChanged', params: ({ event }) => event },
                    target: '.debouncing',
                    actions: { type: 'typeShareSearch', params: ({ event }) => event },
                  },
                ],
                'share.close': '#gallery.action.idle',
              },
              states: {
                loading: {
                  tags: ['loading'],
                  invoke: {
                    id: 'targets',
                    src: 'loadShareTargets',
                    input: ({ context }) => ({
                      client: context.client,
                      key: context.key,
                      search: context.share.search,
                    }),
                    onDone: {
                      target: 'picking',
                      actions: {
                        type: 'keepTargets',
                        params: ({ event }) => ({ conversations: event.output }),
                      },
                    },
                    onError: {
                      target: 'failed',
                      actions: { type: 'showTargetsError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                failed: { on: { 'share.retry': 'loading' } },
                debouncing: {
                  invoke: {
                    id: 'sharePause',
                    src: 'delay',
                    input: ({ context }) => ({
                      ms: context.searchDebounceMs,
                      event: { type: 'share.searchSettled' } as const,
                    }),
                  },
                  on: { 'share.searchSettled': { target: 'loading', actions: 'applyShareSearch' } },
                },
                picking: {
                  on: {
                    'share.choose': {
                      guard: { type: 'isTarget', params: ({ event }) => event },
                      actions: { type: 'choose', params: ({ event }) => event },
                    },
                    'share.send': {
                      guard: 'hasTarget',
                      target: '#gallery.action.sharing.sending',
                      actions: { type: 'startSend', params: ({ event }) => event },
                    },
                  },
                },
              },
            },
            sending: {
              tags: ['busy', 'sending'],
              invoke: {
                id: 'send',
                src: 'sendToChat',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  request: {
                    conversationId: context.share.chosen?.id ?? '',
                    mediaId: context.selected?.id ?? '',
                    caption: context.share.caption,
                    clientId: context.share.clientId ?? '',
                  },
                }),
                onDone: { target: 'sent', actions: 'announceSent' },
                onError: {
                  target: 'sendFailed',
                  actions: { type: 'showSendError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // A retry sends the same message again (same client id): never twice in the chat.
            sendFailed: {
              on: {
                'share.retry': 'sending',
                'share.back': { target: 'choosing.picking', actions: 'forgetSend' },
                'share.close': '#gallery.action.idle',
              },
            },
            sent: { on: { 'share.close': '#gallery.action.idle' } },
          },
        },
      },
    },
    usage: {
      initial: 'hidden',
      states: {
        // The composer's picker shows no usage and asks for none; the screen loads it at once.
        hidden: { always: { guard: 'showsUsage', target: 'loading' } },
        loading: {
          invoke: {
            id: 'usage',
            src: 'loadStorageUsage',
            input: ({ context }) => ({ client: context.client, key: context.key }),
            onDone: {
              target: 'shown',
              actions: { type: 'keepUsage', params: ({ event }) => ({ usage: event.output }) },
            },
            onError: 'failed',
          },
          // A change while it loads: the answer under way may not count it, so ask again.
          on: { 'usage.refresh': { target: 'loading', reenter: true } },
        },
        shown: { on: { 'usage.refresh': 'loading' } },
        failed: { on: { 'usage.refresh': 'loading' } },
      },
    },
  },
});

export type GallerySnapshot = SnapshotFrom<typeof galleryMachine>;
