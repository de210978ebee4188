import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { selectGalleryHasMore, selectGalleryItems } from '@sapa/machines/uploads';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { GalleryTile } from './GalleryTile.tsx';
import { ROW_HEIGHT, columnsFor, tileAfterKey } from './galleryLayout.ts';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/** Within this many rows of the end, the next page loads. */
const MORE_AHEAD = 2;

/** The columns that fit the element's width, followed as it resizes. */
function useColumns(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    // The observer also reports the first size, right after `observe`.
    const observer = new ResizeObserver(() => setColumns(columnsFor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

/**
 * The files in rows of as many columns as fit, virtualised (@tanstack/react-virtual): only the
 * rows in view are in the page, and the next page loads as the end comes into view. One tile is
 * in the tab order; the arrow keys, Home and End move between tiles.
 */
export function GalleryGrid({ actor }: { actor: GalleryActor }) {
  const t = useT();
  const items = useSelector(actor, selectGalleryItems);
  const hasMore = useSelector(actor, selectGalleryHasMore);
  const loadingMore = useSelector(actor, (snapshot) => snapshot.hasTag('loadingMore'));
  const moreFailed = useSelector(actor, (snapshot) => snapshot.hasTag('moreFailed'));
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(scrollRef);
  const [active, setActive] = useState(0);
  const rows = Math.ceil(items.length / columns);
  const footer = hasMore || moreFailed ? 1 : 0;
  // The virtualizer hands out fresh functions each render; this component is not compiler-memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows + footer,
    getScrollElement: () => scrollRef.current,
    // Rows are all one height: nothing to measure, nothing moves while scrolling.
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    useFlushSync: false,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && !moreFailed && lastRow >= rows - MORE_AHEAD)
      actor.send({ type: 'gallery.loadMore' });
  }, [lastRow, rows, hasMore, loadingMore, moreFailed, actor]);

  const open = useCallback((id: string) => actor.send({ type: 'gallery.open', id }), [actor]);
  const firstShown = (virtualRows[0]?.index ?? 0) * columns;
  const lastShown = Math.min(items.length - 1, (lastRow + 1) * columns - 1);
  // The tile in the tab order: the last one focused while it is in the page, else the first shown.
  const tabbable = active >= firstShown && active <= lastShown ? active : firstShown;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = Number((event.target as HTMLElement).dataset['tile']);
    if (Number.isNaN(index)) return;
    const next = tileAfterKey(event.key, index, columns, items.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-tile="${next}"]`)?.focus(),
    );
  };

  return (
    <div ref={scrollRef} className={css.scroller} onKeyDown={onKeyDown}>
      <div
        className={css.inner}
        style={{ height: virtualizer.getTotalSize() }}
        role="grid"
        aria-label={t('gallery.grid')}
        aria-rowcount={hasMore ? -1 : rows}
        aria-colcount={columns}
        data-testid="gallery-grid"
      >
        {virtualRows.map((virtual) => {
          if (virtual.index >= rows)
            return (
              <div key="footer" className={css.footer} style={{ top: virtual.start }}>
                {moreFailed ? (
                  <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'gallery.loadMore' })}>
                    {t('gallery.moreFailed')}
                  </Button>
                ) : (
                  <Spinner label={t('gallery.loadingMore')} />
                )}
              </div>
            );
          const start = virtual.index * columns;
          return (
            <div
              key={virtual.key}
              role="row"
              aria-rowindex={virtual.index + 1}
              className={css.row}
              style={{ top: virtual.start, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            >
              {items.slice(start, start + columns).map((item, offset) => (
                <div key={item.id} role="gridcell" aria-colindex={offset + 1}>
                  <GalleryTile
                    item={item}
                    index={start + offset}
                    tabbable={start + offset === tabbable}
                    onOpen={open}
                    onFocusTile={setActive}
                  />
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
