/**
 * The stages of project k1abcdefgh in model paths and tests: Prospek, Penawaran and Deal in board
 * order; a board with Budi in Prospek, Sari in Penawaran and Wati in no stage; Budi's history.
 */
import type { CustomerStage, Stage, StageCard, StageColumn } from '@sapa/sdk';
import { apiError } from './fixtures.ts';

export const stageKey = 'k1abcdefgh';

function stage(n: number, name: string, color: string, customers: number): Stage {
  return {
    id: `5a9e0000-0000-4000-8000-00000000000${n}`,
    name,
    color,
    position: n - 1,
    customers,
    createdAt: '2025-03-01T02:00:00Z',
  };
}

export const prospek = stage(1, 'Prospek', '#1e88e5', 1);
export const penawaran = stage(2, 'Penawaran', '#fb8c00', 1);
export const deal = stage(3, 'Deal', '#43a047', 0);
export const allStages: Stage[] = [prospek, penawaran, deal];

export function card(n: number, name: string, since: string | null): StageCard {
  return {
    customerId: `c${n}`,
    name,
    phone: `+62812000000${n}`,
    conversationId: `0c0e0000-0000-4000-8000-00000000000${n}`,
    since,
  };
}

export const budi = card(1, 'Budi', '2025-03-02T02:00:00.000Z');
export const sari = card(2, 'Sari', '2025-03-03T02:00:00.000Z');
export const wati = card(3, 'Wati', null);
/** A customer the board has not loaded (beyond a column's first cards). */
export const UNLOADED_CUSTOMER = 'c9';

function column(of: Stage | null, cards: StageCard[], total = cards.length): StageColumn {
  return {
    stage: of && { id: of.id, name: of.name, color: of.color, position: of.position },
    cards,
    total,
  };
}

/** The board as `stage_board` answers it. */
export const board: StageColumn[] = [
  column(prospek, [budi]),
  column(penawaran, [sari], 4),
  column(deal, []),
  column(null, [wati]),
];

/** The board `stage_board` answers for the search "sari". */
export const sariBoard: StageColumn[] = [
  column(prospek, []),
  column(penawaran, [sari]),
  column(deal, []),
  column(null, []),
];

/** The time a move happens in model paths. */
export const MOVE_TIME = '2025-03-10T03:00:00.000Z';

export function refOf(of: Stage): Pick<Stage, 'id' | 'name' | 'color'> {
  return { id: of.id, name: of.name, color: of.color };
}

/** Budi's stage and history, as `customer_stage_get` answers it. */
export const budiStage: CustomerStage = {
  customerId: 'c1',
  stage: refOf(prospek),
  history: [
    {
      from: null,
      to: { id: prospek.id, name: prospek.name },
      by: { id: 'u1', name: 'Sari' },
      automation: null,
      at: '2025-03-02T02:00:00.000Z',
    },
  ],
};

/** Budi after a move to `to` by `by`. */
export function budiMoved(to: Stage | null, by = 'Sari'): CustomerStage {
  const [last] = budiStage.history;
  return {
    customerId: 'c1',
    stage: to && refOf(to),
    history: [
      {
        from: { id: prospek.id, name: prospek.name },
        to: to && { id: to.id, name: to.name },
        by: { id: by === 'Sari' ? 'u1' : 'u2', name: by },
        automation: null,
        at: MOVE_TIME,
      },
      ...(last ? [last] : []),
    ],
  };
}

export const refused = apiError('forbidden', 'Anda tidak punya akses.');
export const nameTaken = apiError('invalid_input', 'Data tidak valid.', {
  errors: { name: 'Nama tahap sudah dipakai.' },
});
