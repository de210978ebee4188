import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  selectHasOlder,
  selectPendingCount,
  selectThreadMessages,
  selectThreadStatus,
  threadRows,
  type ReplyTarget,
  type threadMachine,
} from '@sapa/machines/inbox';
import type { ChatAgent, ThreadMessage } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ArrowDownIcon } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useFileDrop } from '../uploads/UploadTarget.tsx';
import { DayRow, MessageRow } from './MessageRow.tsx';
import { dropOverlay } from './composer.css.ts';
import * as css from './thread.css.ts';

type ThreadActor = ActorRefFrom<typeof threadMachine>;

/** Within this many pixels of the top, the next older page loads. */
const OLDER_THRESHOLD_PX = 240;
/** Within this many pixels of the bottom, the reader counts as at the newest message. */
const END_THRESHOLD_PX = 48;

export interface ThreadViewProps {
  thread: ThreadActor;
  timeZone: string;
  compact: boolean;
  mobile: boolean;
  agents: ChatAgent[] | null;
  /** Replying to a message; left out for a member who may not reply (`crm.chat.send`). */
  onReply?: ((target: ReplyTarget) => void) | undefined;
}

/**
 * The thread, virtualised and anchored at the bottom (@tanstack/react-virtual with
 * `anchorTo: 'end'`): rows are measured as they render; older pages load when the reader nears
 * the top and are put above without moving what is on screen; new messages are followed only
 * while the reader is at the bottom, otherwise a "new messages" button jumps there. Files
 * dropped on it go to the nearest upload target (the composer's attachment tray).
 */
export function ThreadView({ thread, timeZone, compact, mobile, agents, onReply }: ThreadViewProps) {
  const t = useT();
  const status = useSelector(thread, selectThreadStatus);
  const items = useSelector(thread, selectThreadMessages);
  const hasOlder = useSelector(thread, selectHasOlder);
  const loadingOlder = useSelector(thread, (snapshot) => snapshot.hasTag('loadingOlder'));
  const olderError = useSelector(thread, (snapshot) => snapshot.context.olderError);
  const error = useSelector(thread, (snapshot) => snapshot.context.error);
  // Replies written before the thread is ready wait in its outbox: say so until they go.
  const waiting = useSelector(thread, selectPendingCount);
  const rows = useMemo(() => threadRows(items, timeZone), [items, timeZone]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const drop = useFileDrop();

  // The virtualizer hands out fresh functions each render; this component is not compiler-memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? 40 : 72),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_THRESHOLD_PX,
    // Rows render in the next microtask rather than inside the scroll event (as the list's do).
    useFlushSync: false,
  });

  // The first page opens at the newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || status !== 'ready' || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [status, rows.length, virtualizer]);

  // New rows below the reader who is not at the bottom: count them for the jump button.
  const lastKey = rows.at(-1)?.key;
  const previousLast = useRef(lastKey);
  useEffect(() => {
    const before = previousLast.current;
    previousLast.current = lastKey;
    if (before === undefined || before === lastKey) return;
    const last = rows.at(-1);
    const ours =
      last !== undefined &&
      last.kind !== 'day' &&
      (last.kind === 'pending' || last.message.direction === 'out');
    if (ours) {
      // Our own send: always show it.
      virtualizer.scrollToEnd();
      return;
    }
    if (!virtualizer.isAtEnd(END_THRESHOLD_PX)) {
      const from = rows.findIndex((row) => row.key === before);
      setUnseen((count) => count + (from === -1 ? 1 : rows.length - 1 - from));
    }
  }, [lastKey, rows, virtualizer]);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const end = virtualizer.isAtEnd(END_THRESHOLD_PX);
    setAtEnd(end);
    if (end) setUnseen(0);
    if (element.scrollTop < OLDER_THRESHOLD_PX && hasOlder && !loadingOlder && olderError === null)
      thread.send({ type: 'thread.loadOlder' });
  }, [virtualizer, hasOlder, loadingOlder, olderError, thread]);

  const byId = useMemo(() => {
    const map = new Map<string, ThreadMessage>();
    for (const item of items) if (item.kind === 'message') map.set(item.message.id, item.message);
    return map;
  }, [items]);
  const agentNames = useMemo(() => new Map((agents ?? []).map((agent) => [agent.id, agent.name])), [agents]);
  const agentName = useCallback(
    (id: string | null) => (id === null ? null : (agentNames.get(id) ?? null)),
    [agentNames],
  );
  const findMessage = useCallback((id: string) => byId.get(id), [byId]);
  const onResend = useCallback(
    (clientId: string) => thread.send({ type: 'thread.resend', clientId }),
    [thread],
  );
  const onDiscard = useCallback(
    (clientId: string) => thread.send({ type: 'thread.discard', clientId }),
    [thread],
  );

  if (status === 'loading') {
    return (
      <div className={css.state}>
        <Spinner label={t('chat.thread.loading')} />
        {waiting > 0 ? <p role="status">{t('chat.thread.waiting', { count: waiting })}</p> : null}
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className={css.state} role="alert">
        <p>{t('chat.thread.failed', { message: error?.message ?? '' })}</p>
        <Button onPress={() => thread.send({ type: 'thread.retry' })}>{t('common.retry')}</Button>
        {waiting > 0 ? <p role="status">{t('chat.thread.waiting', { count: waiting })}</p> : null}
      </div>
    );
  }

  return (
    <div className={css.thread} {...drop.handlers}>
      {drop.dragging ? (
        <div className={dropOverlay} aria-hidden="true">
          {t('chat.composer.dropHere')}
        </div>
      ) : null}
      <div className={css.top}>
        {loadingOlder ? <Spinner label={t('chat.thread.loadingOlder')} /> : null}
        {olderError ? (
          <Button size="sm" tone="secondary" onPress={() => thread.send({ type: 'thread.loadOlder' })}>
            {t('chat.thread.olderFailed')}
          </Button>
        ) : null}
        {rows.length === 0 ? <span>{t('chat.thread.empty')}</span> : null}
      </div>
      <div
        ref={scrollRef}
        className={css.scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('chat.thread.label')}
        aria-busy={loadingOlder}
        tabIndex={0}
      >
        <div className={css.inner} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = rows[virtual.index];
            if (row === undefined) return null;
            return (
              <div
                key={virtual.key}
                ref={virtualizer.measureElement}
                data-index={virtual.index}
                className={css.item}
                style={{ transform: `translateY(${virtual.start}px)` }}
              >
                {row.kind === 'day' ? (
                  <DayRow label={row.label} />
                ) : (
                  <MessageRow
                    item={row}
                    timeZone={timeZone}
                    compact={compact}
                    mobile={mobile}
                    agentName={agentName}
                    findMessage={findMessage}
                    onReply={onReply}
                    onResend={onResend}
                    onDiscard={onDiscard}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {!atEnd && unseen > 0 ? (
        <div className={css.jump}>
          <Button
            size="sm"
            onPress={() => {
              virtualizer.scrollToEnd();
              setUnseen(0);
            }}
          >
            <ArrowDownIcon />
            {t('chat.thread.newMessages', { count: unseen })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
