import { useCallback, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project, StageCard } from '@sapa/sdk';
import {
  boardMachine,
  columnId,
  selectBoardColumns,
  selectBoardStatus,
  type StagePermissions,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { chatPath } from '../routes.ts';
import { useToasts } from '../toast/ToastRegion.tsx';
import { BoardColumn } from './BoardColumn.tsx';
import type { BoardActor } from './types.ts';
import * as board from './board.css.ts';
import { CrmSearch } from '../crm/CrmPage.tsx';
import * as css from '../crm/crm.css.ts';

/**
 * The "Papan" tab: the pipeline board (boardMachine over `stage_board`), a column per stage and
 * one for customers in no stage, with a search. With `crm.stage.edit` a card moves by dragging it
 * to another column, or from its "Pindahkan ke…" menu; the board follows everyone's moves live.
 * Pressing a card opens its conversation.
 */
export function StageBoard({ project, may }: { project: Project; may: StagePermissions }) {
  const t = useT();
  const { client, inbox, navigate } = useRuntime();
  const actor = useActorRef(boardMachine, { input: { client, key: project.key, canMove: may.edit } });
  useEffect(() => inbox.router.attachStages(project.key, actor), [inbox.router, project.key, actor]);
  useMoveFailures(actor);
  const open = useCallback(
    (card: StageCard) => {
      if (card.conversationId !== null) navigate(chatPath(project.key, card.conversationId));
    },
    [navigate, project.key],
  );
  return (
    <>
      <div className={css.tools}>
        <CrmSearch
          label={t('board.search')}
          placeholder={t('board.searchPlaceholder')}
          testId="board-search"
          onChange={(text) => actor.send({ type: 'board.search', text })}
        />
        {may.edit ? null : <p className={css.muted}>{t('board.readOnly')}</p>}
      </div>
      <BoardBody actor={actor} timeZone={project.timeZone} canMove={may.edit} onOpen={open} />
    </>
  );
}

function BoardBody({
  actor,
  timeZone,
  canMove,
  onOpen,
}: {
  actor: BoardActor;
  timeZone: string;
  canMove: boolean;
  onOpen(card: StageCard): void;
}) {
  const t = useT();
  const status = useSelector(actor, selectBoardStatus);
  const columns = useSelector(actor, selectBoardColumns);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  if (status === 'loading')
    return (
      <div className={css.state}>
        <Spinner label={t('board.loading')} />
      </div>
    );
  if (status === 'failed' && columns.length === 0)
    return (
      <div className={css.state} role="alert">
        <p className={css.muted}>{t('board.failed', { message: error?.message ?? '' })}</p>
        <Button onPress={() => actor.send({ type: 'board.retry' })}>{t('common.retry')}</Button>
      </div>
    );
  return (
    <>
      {status === 'refreshing' ? (
        <p className={css.muted} role="status">
          {t('board.refreshing')}
        </p>
      ) : null}
      {status === 'failed' ? (
        <div className={css.tools} role="alert">
          <p className={css.muted}>{t('board.failed', { message: error?.message ?? '' })}</p>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'board.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      <div className={board.board} data-testid="stage-board" aria-busy={status === 'refreshing'}>
        {noStageFirst(columns).map((column) => (
          <BoardColumn
            key={columnId(column) ?? 'none'}
            actor={actor}
            column={column}
            columns={columns}
            timeZone={timeZone}
            canMove={canMove}
            onOpen={onOpen}
          />
        ))}
      </div>
    </>
  );
}

/** "Tanpa tahap" (the customers in no stage, where new ones arrive) leads; the stages follow in board order. */
function noStageFirst<Column extends Parameters<typeof columnId>[0]>(columns: readonly Column[]): Column[] {
  return [
    ...columns.filter((column) => columnId(column) === null),
    ...columns.filter((column) => columnId(column) !== null),
  ];
}

/** A move the server refused went back on the board: say so in an error toast. */
function useMoveFailures(actor: BoardActor) {
  const t = useT();
  const toasts = useToasts();
  useEffect(() => {
    const subscription = actor.on('board.moveFailed', ({ name, message }) =>
      toasts.show(t('board.moveFailed', { name, message }), 'error'),
    );
    return () => subscription.unsubscribe();
  }, [actor, toasts, t]);
}
