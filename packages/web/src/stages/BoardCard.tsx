import { Button, GridListItem, Menu, MenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { formatDate, type StageCard, type StageColumn } from '@sapa/sdk';
import { columnId, moveTargets } from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { ColorSwatch } from '../crm/ColorChip.tsx';
import type { BoardActor } from './types.ts';
import * as css from './board.css.ts';

/** The menu key of the "no stage" column (menu keys cannot be null). */
const NO_STAGE = 'no-stage';

export interface BoardCardProps {
  actor: BoardActor;
  card: StageCard;
  /** The column the card is in (`null`: no stage). */
  from: string | null;
  columns: readonly StageColumn[];
  timeZone: string;
  canMove: boolean;
  /** Its move waits for the server. */
  pending: boolean;
}

/**
 * A customer's card: name, phone, since when they are in this stage. With `canMove` it has a drag
 * handle and a "Pindahkan ke…" menu of the other columns, the keyboard's way to move it.
 */
export function BoardCard({ actor, card, from, columns, timeZone, canMove, pending }: BoardCardProps) {
  const t = useT();
  const meta =
    card.since !== null
      ? t('board.since', { date: formatDate(card.since, timeZone) })
      : card.conversationId === null
        ? t('board.noConversation')
        : null;
  return (
    <GridListItem
      id={card.customerId}
      textValue={card.name}
      className={css.card({ pending })}
      data-testid="board-card"
      data-customer-id={card.customerId}
    >
      {canMove ? (
        <Button slot="drag" className={css.handle} aria-label={t('board.drag', { name: card.name })}>
          <span aria-hidden="true">⠿</span>
        </Button>
      ) : null}
      <div className={css.cardBody}>
        <span className={css.cardName}>{card.name}</span>
        <span className={css.cardMeta}>{card.phone}</span>
        {meta === null ? null : <span className={css.cardMeta}>{meta}</span>}
        {pending ? <span className={css.cardMeta}>{t('board.saving')}</span> : null}
      </div>
      {canMove ? <MoveMenu actor={actor} card={card} from={from} columns={columns} /> : null}
    </GridListItem>
  );
}

function MoveMenu({
  actor,
  card,
  from,
  columns,
}: {
  actor: BoardActor;
  card: StageCard;
  from: string | null;
  columns: readonly StageColumn[];
}) {
  const t = useT();
  const targets = moveTargets(columns, from).map((column) => ({
    id: columnId(column) ?? NO_STAGE,
    name: column.stage?.name ?? t('board.noStage'),
    color: column.stage?.color ?? null,
  }));
  const move = (key: Key) =>
    actor.send({
      type: 'board.move',
      customerId: card.customerId,
      to: key === NO_STAGE ? null : String(key),
    });
  return (
    <MenuTrigger>
      <Button
        className={css.moveButton}
        aria-label={t('board.moveLabel', { name: card.name })}
        data-testid="card-move"
      >
        <span aria-hidden="true">⇄</span>
      </Button>
      <Popover placement="bottom end">
        <Menu className={css.menu} aria-label={t('board.move')} items={targets} onAction={move}>
          {(target) => (
            <MenuItem
              id={target.id}
              textValue={target.name}
              className={css.menuItem}
              data-testid="card-move-target"
            >
              <ColorSwatch color={target.color} />
              {target.name}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
