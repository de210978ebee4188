/** What the project billing page reads of projectBillingMachine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { isLowBalance, lastDays, recentMonths, SPEND_PRESET_DAYS, spendRangeProblem } from '@sapa/sdk';
import type { SpendRangeProblem } from '@sapa/sdk';
import { hasLedgerFilters, ledgerFiltersValid } from './billingActors.ts';
import type { projectBillingMachine } from './projectBillingMachine.ts';

export type ProjectBillingSnapshot = SnapshotFrom<typeof projectBillingMachine>;
export type BillingPartStatus = 'loading' | 'ready' | 'failed';
export type BillingDialog = 'closed' | 'pay' | 'threshold';

/** The balance's part: `ready` while a balance shows (also while it is asked again). */
export function selectBillingStatus(snapshot: ProjectBillingSnapshot): BillingPartStatus {
  if (snapshot.matches({ summary: 'failed' })) return 'failed';
  return snapshot.context.billing === null ? 'loading' : 'ready';
}

/** The balance, threshold and prices (null until loaded). */
export function selectBilling(snapshot: ProjectBillingSnapshot) {
  return snapshot.context.billing;
}

/** The balance is below the low-balance threshold. */
export function selectLowBalance(snapshot: ProjectBillingSnapshot): boolean {
  const { billing } = snapshot.context;
  return billing !== null && isLowBalance(billing);
}

/** The usage ledger's table (the child the DataTable shows); undefined only once stopped. */
export function selectLedgerTable(snapshot: ProjectBillingSnapshot) {
  return snapshot.children.ledger;
}

/** `to` is before `from`: the ledger's dates are not applied until one of them changes. */
export function selectLedgerRangeReversed(snapshot: ProjectBillingSnapshot): boolean {
  return !ledgerFiltersValid(snapshot.context.filters);
}

/** Whether a ledger filter is set (the reset button shows). */
export function selectHasLedgerFilters(snapshot: ProjectBillingSnapshot): boolean {
  return hasLedgerFilters(snapshot.context.filters);
}

/** The spend chart's part. */
export function selectSpendStatus(snapshot: ProjectBillingSnapshot): BillingPartStatus {
  if (snapshot.matches({ spend: 'failed' })) return 'failed';
  return snapshot.matches({ spend: 'loading' }) ? 'loading' : 'ready';
}

/** The quick range the chart shows (`SPEND_PRESET_DAYS`: the last 7, 30, 90 days), or null for chosen dates. */
export function selectSpendPreset(snapshot: ProjectBillingSnapshot): number | null {
  const { now, timeZone, spendRange } = snapshot.context;
  return (
    SPEND_PRESET_DAYS.find((days) => {
      const preset = lastDays(days, now(), timeZone);
      return preset.from === spendRange.from && preset.to === spendRange.to;
    }) ?? null
  );
}

/** What is wrong with the range as chosen (it is then shown, not asked for). */
export function selectSpendRangeProblem(snapshot: ProjectBillingSnapshot): SpendRangeProblem {
  return spendRangeProblem(snapshot.context.spendChosen);
}

/** The statement's part. */
export function selectStatementStatus(snapshot: ProjectBillingSnapshot): BillingPartStatus {
  if (snapshot.matches({ statement: 'failed' })) return 'failed';
  return snapshot.matches({ statement: 'loading' }) ? 'loading' : 'ready';
}

/** The months a statement is offered for: this one (in the project's time zone) and eleven before. */
export function statementMonths(snapshot: ProjectBillingSnapshot): string[] {
  return recentMonths(snapshot.context.now(), snapshot.context.timeZone);
}

/** Which export runs, if any. */
export function selectExporting(snapshot: ProjectBillingSnapshot): 'ledger' | 'statement' | null {
  if (snapshot.matches({ export: 'ledger' })) return 'ledger';
  return snapshot.matches({ export: 'statement' }) ? 'statement' : null;
}

/** The ledger's export may start now (no export running, dates not reversed). */
export function selectCanExportLedger(snapshot: ProjectBillingSnapshot): boolean {
  return snapshot.can({ type: 'billing.exportLedger' });
}

/** The statement's export may start now (no export running). */
export function selectCanExportStatement(snapshot: ProjectBillingSnapshot): boolean {
  return snapshot.can({ type: 'billing.exportStatement' });
}

/** What is open over the page. */
export function selectBillingDialog(snapshot: ProjectBillingSnapshot): BillingDialog {
  if (snapshot.matches({ dialog: 'paying' })) return 'pay';
  return snapshot.matches({ dialog: 'threshold' }) ? 'threshold' : 'closed';
}

/** The pay dialog's actor while "Bayar" is open. */
export function selectPayActor(snapshot: ProjectBillingSnapshot) {
  return snapshot.children.pay;
}

/** The threshold dialog's actor while it is open. */
export function selectThresholdActor(snapshot: ProjectBillingSnapshot) {
  return snapshot.children.threshold;
}

/** "Bayar" does something now (`project.billing.pay`, no dialog open). */
export function selectCanPay(snapshot: ProjectBillingSnapshot): boolean {
  return snapshot.can({ type: 'billing.pay' });
}

/** The threshold's "Ubah" does something now (`project.billing.pay`, the balance loaded, no dialog open). */
export function selectCanEditThreshold(snapshot: ProjectBillingSnapshot): boolean {
  return snapshot.can({ type: 'billing.editThreshold' });
}
