import { useId, useMemo } from 'react';
import { GridList, useDragAndDrop, type DropItem } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { StageCard, StageColumn } from '@sapa/sdk';
import { columnId, selectPendingCards } from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { BoardCard } from './BoardCard.tsx';
import { recordColors } from '../crm/ColorChip.tsx';
import type { BoardActor } from './types.ts';
import * as css from './board.css.ts';

/** What a dragged card carries: its customer id (and its name, for other drop targets). */
export const CARD_TYPE = 'application/x-sapa-customer';

export interface BoardColumnProps {
  actor: BoardActor;
  column: StageColumn;
  /** Every column: where a card's menu may move it. */
  columns: readonly StageColumn[];
  timeZone: string;
  canMove: boolean;
  onOpen(card: StageCard): void;
}

/**
 * One column of the board: the stage's name and colour, its total, and its cards as a grid list
 * (arrow keys between cards, Enter opens one). With `canMove`, cards drag out (react-aria drag
 * and drop: pointer, and keyboard from a card's drag handle) and the column takes cards dropped
 * on it; the board machine decides and moves them.
 */
export function BoardColumn({ actor, column, columns, timeZone, canMove, onOpen }: BoardColumnProps) {
  const t = useT();
  const headingId = useId();
  const id = columnId(column);
  const name = column.stage?.name ?? t('board.noStage');
  const pending = useSelector(actor, selectPendingCards);
  const items = useMemo(() => column.cards.map((card) => ({ id: card.customerId, card })), [column.cards]);

  const drop = async (dropped: DropItem[]) => {
    for (const item of dropped) {
      if (item.kind !== 'text' || !item.types.has(CARD_TYPE)) continue;
      actor.send({ type: 'board.move', customerId: await item.getText(CARD_TYPE), to: id });
    }
  };
  const { dragAndDropHooks } = useDragAndDrop({
    isDisabled: !canMove,
    // By key: the collection's item values are not handed over reliably.
    getItems: (keys) =>
      column.cards
        .filter((card) => keys.has(card.customerId))
        .map((card) => ({ [CARD_TYPE]: card.customerId, 'text/plain': card.name })),
    acceptedDragTypes: [CARD_TYPE],
    getDropOperation: () => 'move',
    onRootDrop: (event) => void drop(event.items),
    onItemDrop: (event) => void drop(event.items),
  });

  const hidden = column.total - column.cards.length;
  return (
    <section
      className={css.column}
      style={recordColors(column.stage?.color ?? null)}
      aria-labelledby={headingId}
      data-testid="board-column"
      data-stage-id={id ?? ''}
    >
      <div className={css.columnHead}>
        <h2 id={headingId} className={css.columnName}>
          {name}
        </h2>
        {/* The grid's name says the total to screen readers. */}
        <span className={css.total} data-testid="board-column-total" aria-hidden="true">
          {column.total}
        </span>
      </div>
      <GridList
        aria-label={t('board.column', { name, count: column.total })}
        className={css.cards}
        items={items}
        dependencies={[pending, columns, timeZone, canMove]}
        dragAndDropHooks={dragAndDropHooks}
        onAction={(key) => {
          const card = column.cards.find((item) => item.customerId === key);
          if (card !== undefined) onOpen(card);
        }}
        renderEmptyState={() => <p className={css.empty}>{t('board.empty')}</p>}
      >
        {({ card }) => (
          <BoardCard
            actor={actor}
            card={card}
            from={id}
            columns={columns}
            timeZone={timeZone}
            canMove={canMove}
            pending={pending.has(card.customerId)}
          />
        )}
      </GridList>
      {hidden > 0 ? <p className={css.more}>{t('board.more', { count: hidden })}</p> : null}
    </section>
  );
}
