// The inbox browser bench's floor (bench/inbox/bareList.ts builds and serves it): the same rows as
// the chat screen, at the same heights and in scrollers of the same size, in bare
// @tanstack/react-virtual lists with the screen's virtualiser options, and nothing else.
// Plain JavaScript: the bench's TypeScript config has no JSX and no React types.
import { createElement as h, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { useVirtualizer } from '@tanstack/react-virtual';

function ConversationList({ list }) {
  const scrollRef = useRef(null);
  const virtualizer = useVirtualizer({
    count: list.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => list.rowHeight,
    overscan: 8,
    useFlushSync: false,
  });
  return h(
    'div',
    { id: 'list', ref: scrollRef, className: 'scroller', style: { width: list.width, height: list.height } },
    h(
      'ul',
      { className: 'inner', style: { height: virtualizer.getTotalSize() } },
      virtualizer.getVirtualItems().map((item) => {
        const row = list.rows[item.index];
        return h(
          'li',
          {
            key: item.key,
            'data-index': item.index,
            className: 'item',
            style: { top: item.start, height: list.rowHeight },
          },
          h(
            'a',
            { href: '#', className: 'row', style: { height: list.rowHeight } },
            h('span', { className: 'avatar' }, row.initials),
            h('span', { className: 'name' }, row.name),
            h('time', { className: 'time' }, row.time),
            h('span', { className: 'preview' }, row.preview),
          ),
        );
      }),
    ),
  );
}

function Thread({ thread }) {
  const scrollRef = useRef(null);
  const { rows } = thread;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index].day ? 40 : 72),
    overscan: 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 48,
  });
  useLayoutEffect(() => virtualizer.scrollToEnd(), [virtualizer]);
  return h(
    'div',
    {
      id: 'thread',
      ref: scrollRef,
      className: 'scroller',
      style: { width: thread.width, height: thread.height },
    },
    h(
      'div',
      { className: 'inner', style: { height: virtualizer.getTotalSize() } },
      virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        return h(
          'div',
          {
            key: item.key,
            ref: virtualizer.measureElement,
            'data-index': item.index,
            className: 'message',
            style: { transform: `translateY(${item.start}px)` },
          },
          h(
            'div',
            { className: row.day ? 'day' : row.out ? 'bubble out' : 'bubble', style: { height: row.height } },
            h('p', null, row.text),
            row.day ? null : h('time', null, row.time),
          ),
        );
      }),
    ),
  );
}

fetch('/rows.json')
  .then((response) => response.json())
  .then((data) => {
    createRoot(document.getElementById('root')).render(
      h('main', null, h(ConversationList, { list: data.list }), h(Thread, { thread: data.thread })),
    );
  });
