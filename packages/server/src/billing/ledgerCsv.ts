/**
 * A ledger as CSV (`saldo_export`, `billing_export`): one row per entry, oldest first, amounts in
 * whole rupiah (signed: credits positive), as the customers' export writes its files.
 */
import Papa from 'papaparse';
import type { LedgerEntry } from '../sdk.ts';

/** The most rows one export holds (as the customers' export). */
export const LEDGER_EXPORT_MAX_ROWS = 50_000;

export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  // Cells starting with = or @ are written as text, so a spreadsheet never runs them as formulas.
  return Papa.unparse(
    {
      fields: [
        'created_at',
        'seq',
        'kind',
        'category',
        'customer',
        'phone',
        'number',
        'message_id',
        'project',
        'topup_order',
        'actor',
        'memo',
        'amount',
        'balance_after',
      ],
      data: entries.map((entry) => [
        entry.createdAt,
        entry.seq,
        entry.kind,
        entry.message?.category ?? '',
        entry.message?.customerName ?? '',
        entry.message?.customerPhone ?? '',
        entry.message?.accountName ?? '',
        entry.message?.id ?? '',
        entry.project?.name ?? '',
        entry.topup?.orderId ?? '',
        entry.actor?.name ?? '',
        entry.memo ?? '',
        entry.amount,
        entry.balanceAfter,
      ]),
    },
    { escapeFormulae: /^[=@\t\r]/ },
  );
}
