/**
 * A broadcast's recipients as CSV (`broadcast_export`): one row per recipient in send order, as
 * the customers' and the ledger's exports write their files (papaparse, cells that a spreadsheet
 * would run as formulas written as text). Phones are as the caller sees them (masked or not).
 */
import Papa from 'papaparse';
import type { BroadcastRecipient } from '../sdk.ts';

/** The most rows one export holds (a broadcast may reach more customers than a CSV audience holds). */
export const RECIPIENTS_EXPORT_MAX_ROWS = 100_000;

/** `broadcasts.reason.pairRate` → `pairRate`: the reason's short name. */
const reasonName = (reason: string | null) =>
  reason === null ? '' : reason.replace(/^broadcasts\.reason\./, '');

export function recipientsCsv(recipients: readonly BroadcastRecipient[]): string {
  return Papa.unparse(
    {
      fields: [
        'name',
        'phone',
        'state',
        'reason',
        'error_code',
        'error',
        'attempts',
        'sent_at',
        'delivered_at',
        'read_at',
        'replied_at',
      ],
      data: recipients.map((recipient) => [
        recipient.name,
        recipient.phone,
        recipient.state,
        reasonName(recipient.reason),
        recipient.error?.code ?? '',
        recipient.error?.title ?? '',
        recipient.attempts,
        recipient.sentAt ?? '',
        recipient.deliveredAt ?? '',
        recipient.readAt ?? '',
        recipient.repliedAt ?? '',
      ]),
    },
    { escapeFormulae: /^[=@\t\r]/ },
  );
}
