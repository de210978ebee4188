/**
 * What the composer shows before a broadcast is sent (`broadcast_preview`), and what a created
 * broadcast keeps as its estimate: who it would go to now (`countAudience`), the price of one
 * recipient's message by the template's category at the price table in force, the total, and
 * whether the project's balance covers it (the SDK's `broadcastCostEstimate`, `coversEstimate`).
 */
import { findWallet } from '../billing/queries.ts';
import type { Db } from '../db/openDatabase.ts';
import { broadcastCostEstimate, coversEstimate } from '../sdk.ts';
import type { BroadcastAudience, BroadcastPreview, PriceRow } from '../sdk.ts';
import { countAudience } from './audience.ts';

export interface PreviewRequest {
  project: { id: string; timeZone: string };
  /** The template's category as stored (`MARKETING` …). */
  category: string;
  audience: BroadcastAudience;
  prices: readonly PriceRow[];
  now: Date;
}

/**
 * The preview of a broadcast; `tooMany` when a CSV has more rows than a broadcast takes (nothing
 * of it was read).
 */
export async function previewBroadcast(
  db: Db,
  request: PreviewRequest,
): Promise<BroadcastPreview & { tooMany: boolean }> {
  const [counted, wallet] = await Promise.all([
    countAudience(db, request.project, request.audience),
    findWallet(db, { projectId: request.project.id }),
  ]);
  const estimate = broadcastCostEstimate(counted.recipients, request.category, request.prices, request.now);
  const balance = wallet?.balance ?? 0;
  return {
    recipients: counted.recipients,
    optedOut: counted.optedOut,
    rowErrors: counted.rowErrors,
    rowErrorCount: counted.rowErrorCount,
    category: estimate.category,
    perRecipient: estimate.perRecipient,
    total: estimate.total,
    balance,
    covers: coversEstimate(balance, estimate),
    tooMany: counted.tooMany === true,
  };
}
