import { memo, useEffect, useEffectEvent, useId, useRef, useState, type RefObject } from 'react';
import type { Actor } from 'xstate';
import { Link } from 'wouter';
import { Input, Label, TextField, ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { conversationPreview, formatActivity, initials, isWindowOpen, receiverOf } from '@sapa/sdk';
import type { ConversationSummary, WhatsAppAccount } from '@sapa/sdk';
import {
  selectConversations,
  selectFilter,
  selectHasMore,
  selectListStatus,
  selectRecordFilterCount,
  selectSearch,
  selectSelectedId,
  type conversationListMachine,
  type ConversationFilter,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PreviewGlyph, Svg } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { chatPath } from '../routes.ts';
import { DivisionTag } from '../divisions/DivisionTag.tsx';
import { ListFilters, preloadListFilters } from './LazyListFilters.tsx';
import { CONVERSATION_ROW_HEIGHT } from './listLayout.ts';
import { useNow } from './useNow.ts';
import { visuallyHidden } from './chat.css.ts';
import * as css from './conversationList.css.ts';

type ListActor = Actor<typeof conversationListMachine>;

const filters: readonly ConversationFilter[] = ['all', 'unread', 'mine'];
/** Within this many rows of the end, the next page loads. */
const MORE_AHEAD = 5;

export interface ConversationListProps {
  list: ListActor;
  projectKey: string;
  timeZone: string;
  accounts: readonly WhatsAppAccount[];
  seesContactDetail: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Escape in the search: go to the composer. */
  onLeaveSearch(): void;
}

const FilterIcon = () => (
  <Svg size={16}>
    <path d="M3 5h18l-7 8v6l-4 2v-8z" />
  </Svg>
);

/**
 * The inbox list (conversationListMachine): search (debounced in the machine) beside a "Filter"
 * button, the all / unread / mine filters as one row of chips, and, on demand under the button
 * (which counts those in use), an optional WhatsApp-number filter and the label, stage and
 * division filters; then the conversations virtualised (@tanstack/react-virtual), loading the
 * next page as the end comes into view.
 */
export function ConversationList({ searchRef, onLeaveSearch, ...rows }: ConversationListProps) {
  const t = useT();
  const { list, accounts } = rows;
  const status = useSelector(list, selectListStatus);
  const error = useSelector(list, (snapshot) => snapshot.context.error);
  const filter = useSelector(list, selectFilter);
  const typed = useSelector(list, selectSearch);
  const narrowed = useSelector(list, selectRecordFilterCount);
  const [search, setSearch] = useState(typed);
  // The number, label, stage and division filters show on demand (one row of tools stays). They
  // mount the first time they show (then only hide): their options load then, not with the inbox.
  const [moreShown, setMoreShown] = useState(false);
  const [moreOpened, setMoreOpened] = useState(false);
  if (moreShown && !moreOpened) setMoreOpened(true);
  const panelId = useId();

  return (
    <>
      <div className={css.tools}>
        <div className={css.toolRow}>
          <TextField
            className={css.searchField}
            value={search}
            onChange={(text) => {
              setSearch(text);
              list.send({ type: 'list.search', text });
            }}
            aria-label={t('chat.list.search')}
          >
            <Label className={visuallyHidden}>{t('chat.list.search')}</Label>
            <Input
              ref={searchRef}
              type="search"
              className={css.search}
              placeholder={t('chat.list.searchPlaceholder')}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.preventDefault();
                onLeaveSearch();
              }}
            />
          </TextField>
          <ToggleButton
            className={css.moreFilters}
            isSelected={moreShown}
            onChange={setMoreShown}
            aria-expanded={moreShown}
            aria-controls={panelId}
            // The filters' code loads as the button is approached, so it is there when pressed.
            onHoverStart={() => void preloadListFilters()}
            onFocus={() => void preloadListFilters()}
            data-testid="list-filters-toggle"
          >
            <FilterIcon />
            <span>{t('chat.list.moreFilters')}</span>
            {narrowed > 0 ? (
              <span className={css.filterCount} aria-label={t('chat.list.filtersOn', { count: narrowed })}>
                {narrowed}
              </span>
            ) : null}
          </ToggleButton>
        </div>
        <ToggleButtonGroup
          aria-label={t('chat.list.filter')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[filter]}
          onSelectionChange={(keys: Set<Key>) => {
            const [next] = [...keys];
            const chosen = filters.find((item) => item === next);
            if (chosen) list.send({ type: 'list.filter', filter: chosen });
          }}
          className={css.filters}
        >
          {filters.map((item) => (
            <ToggleButton key={item} id={item} className={css.filter}>
              {t(`chat.list.filter.${item}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <div id={panelId} className={css.filterPanel} hidden={!moreShown} data-testid="list-filters">
          {moreOpened ? <ListFilters list={list} projectKey={rows.projectKey} accounts={accounts} /> : null}
        </div>
      </div>
      {status === 'loading' ? (
        <div className={css.state}>
          <Spinner label={t('chat.list.loading')} />
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p>{t('chat.list.failed', { message: error?.message ?? '' })}</p>
          <Button onPress={() => list.send({ type: 'list.retry' })}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {status === 'ready' ? <Rows {...rows} /> : null}
    </>
  );
}

type RowsProps = Omit<ConversationListProps, 'searchRef' | 'onLeaveSearch'>;

function Rows({ list, projectKey, timeZone, accounts, seesContactDetail }: RowsProps) {
  const t = useT();
  const conversations = useSelector(list, selectConversations);
  const selectedId = useSelector(list, selectSelectedId);
  const hasMore = useSelector(list, selectHasMore);
  const loadingMore = useSelector(list, (snapshot) => snapshot.hasTag('loadingMore'));
  const moreFailed = useSelector(list, (snapshot) => snapshot.hasTag('moreFailed'));
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const footer = hasMore || moreFailed ? 1 : 0;
  // The virtualizer hands out fresh functions each render; this component is not compiler-memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: conversations.length + footer,
    getScrollElement: () => scrollRef.current,
    // Rows are all one height: nothing to measure, nothing moves while scrolling.
    estimateSize: () => CONVERSATION_ROW_HEIGHT,
    getItemKey: (index) => conversations[index]?.id ?? 'footer',
    overscan: 8,
    // Rows render in the next microtask rather than inside the scroll event.
    useFlushSync: false,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && !moreFailed && lastIndex >= conversations.length - MORE_AHEAD)
      list.send({ type: 'list.loadMore' });
  }, [lastIndex, conversations.length, hasMore, loadingMore, moreFailed, list]);

  // Keep the open conversation in view when it is chosen by keyboard (when the selection moves,
  // not on every change of the list).
  const revealSelected = useEffectEvent((id: string | null) => {
    const index = conversations.findIndex((item) => item.id === id);
    if (index !== -1) virtualizer.scrollToIndex(index, { align: 'auto' });
  });
  useEffect(() => revealSelected(selectedId), [selectedId]);

  const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  if (conversations.length === 0)
    return (
      <div className={css.state}>
        <p>{t('chat.list.empty')}</p>
      </div>
    );
  return (
    <div ref={scrollRef} className={css.scroller}>
      <ul
        className={css.inner}
        style={{ height: virtualizer.getTotalSize() }}
        aria-label={t('chat.list.label')}
      >
        {virtualItems.map((virtual) => {
          const conversation = conversations[virtual.index];
          return (
            <li
              key={virtual.key}
              data-index={virtual.index}
              className={css.item}
              style={{ top: virtual.start }}
              aria-setsize={hasMore ? -1 : conversations.length}
              aria-posinset={virtual.index + 1}
            >
              {conversation === undefined ? (
                <div className={css.footer}>
                  {moreFailed ? (
                    <Button size="sm" tone="secondary" onPress={() => list.send({ type: 'list.loadMore' })}>
                      {t('chat.list.moreFailed')}
                    </Button>
                  ) : (
                    <Spinner label={t('chat.list.loadingMore')} />
                  )}
                </div>
              ) : (
                <ConversationRow
                  conversation={conversation}
                  href={chatPath(projectKey, receiverOf(conversation, seesContactDetail))}
                  selected={conversation.id === selectedId}
                  timeZone={timeZone}
                  now={now}
                  accountName={
                    accounts.length > 1 ? (accountNames.get(conversation.accountId) ?? null) : null
                  }
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const ConversationRow = memo(function ConversationRow({
  conversation,
  href,
  selected,
  timeZone,
  now,
  accountName,
}: {
  conversation: ConversationSummary;
  href: string;
  selected: boolean;
  timeZone: string;
  now: Date;
  accountName: string | null;
}) {
  const t = useT();
  const preview = conversation.lastMessage === null ? null : conversationPreview(conversation.lastMessage);
  const unread = conversation.unread > 0;
  const closed = !isWindowOpen(conversation, now);
  const time = formatActivity(conversation.lastMessageAt, timeZone, now);
  return (
    <Link href={href} className={css.row({ selected })} aria-current={selected ? 'true' : undefined}>
      <span className={css.avatar} aria-hidden="true">
        {initials(conversation.customer.name) || '?'}
      </span>
      <span className={css.name({ unread })}>{conversation.customer.name}</span>
      <time className={css.time} dateTime={conversation.lastMessageAt ?? undefined}>
        {time}
      </time>
      <span className={css.preview}>
        {conversation.division ? <DivisionTag division={conversation.division} /> : null}
        {preview ? <PreviewGlyph kind={preview.icon} /> : null}
        <span className={css.previewText}>
          {accountName ? `${accountName} · ` : ''}
          {preview?.text ?? t('chat.list.noMessages')}
        </span>
      </span>
      <span className={css.end}>
        {closed ? (
          <span className={css.closedMark} title={t('chat.list.windowClosed')}>
            <span aria-hidden="true">{t('chat.list.windowClosedShort')}</span>
            <span className={visuallyHidden}>{t('chat.list.windowClosed')}</span>
          </span>
        ) : null}
        {unread ? (
          <span className={css.badge}>
            <span aria-hidden="true">{conversation.unread}</span>
            <span className={visuallyHidden}>{t('chat.list.unread', { count: conversation.unread })}</span>
          </span>
        ) : null}
      </span>
    </Link>
  );
});
