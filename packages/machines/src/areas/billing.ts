/**
 * `@sapa/machines/billing`: the prepaid balance (issue 16). The saldo page (balance, top-ups,
 * ledger), the top-up and pay flows, and a project's billing page. Per machine: the machine, its
 * input, its events and its selectors.
 */

// A project's billing page (`/project/billing/{key}`): the balance, prices, spend, statements, the
// usage ledger, live; "Bayar" and the low-balance threshold as its children.
export { projectBillingMachine, ledgerTableMachine } from '../projectBillingMachine.ts';
export { followProjectBilling } from '../followProjectBilling.ts';
export type { BillingEventSource, BillingResyncSource } from '../followProjectBilling.ts';
export type {
  ProjectBillingInput,
  ProjectBillingEvent,
  ProjectBillingEmitted,
} from '../projectBillingMachine.ts';
export {
  selectBilling,
  selectBillingDialog,
  selectBillingStatus,
  selectCanEditThreshold,
  selectCanExportLedger,
  selectCanExportStatement,
  selectCanPay,
  selectExporting,
  selectHasLedgerFilters,
  selectLedgerRangeReversed,
  selectLedgerTable,
  selectLowBalance,
  selectPayActor,
  selectSpendPreset,
  selectSpendRangeProblem,
  selectSpendStatus,
  selectStatementStatus,
  selectThresholdActor,
  statementMonths,
} from '../projectBillingSelectors.ts';
export type { BillingDialog, BillingPartStatus } from '../projectBillingSelectors.ts';
export { billingPermissions, balanceRefusal } from '../billingAccess.ts';
export type { BillingPermissions, BalanceRefusal } from '../billingAccess.ts';
export { projectLedgerKinds } from '../billingActors.ts';
export type { BillingExport, LedgerFilter, LedgerFilters, LedgerPayload } from '../billingActors.ts';
export {
  payMachine,
  selectPayAmount,
  selectPayAmountError,
  selectPayError,
  selectPaySaldo,
  selectPayStatus,
  selectSaldoAfter,
} from '../payMachine.ts';
export type { PayInput, PayEvent, PayOutput, PayProblem, PayStatus } from '../payMachine.ts';
export {
  billingThresholdMachine,
  selectCanSaveThreshold,
  selectThresholdError,
  selectThresholdFieldError,
  selectThresholdValue,
} from '../billingThresholdMachine.ts';
export type { BillingThresholdInput, BillingThresholdEvent } from '../billingThresholdMachine.ts';

// The user's saldo (`/saldo`): the balance, the pending top-ups, the top-ups' and the ledger's
// tables, the ledger's filters and export, a top-up's receipt, live; the top-up panel as its child.
export {
  saldoMachine,
  selectCanExportSaldo,
  selectExportingSaldo,
  selectHasSaldoFilters,
  selectMorePending,
  selectPendingTopups,
  selectSaldo,
  selectSaldoError,
  selectSaldoLedgerFilters,
  selectSaldoLedgerTable,
  selectSaldoRangeReversed,
  selectSaldoReceipt,
  selectSaldoReceiptStale,
  selectSaldoReceiptStatus,
  selectSaldoStatus,
  selectSaldoTopupTable,
  selectTopUpPanel,
} from '../saldoMachine.ts';
export type {
  SaldoInput,
  SaldoEvent,
  SaldoEmitted,
  SaldoReceiptStatus,
  SaldoStatus,
} from '../saldoMachine.ts';
export type {
  SaldoExport,
  SaldoLedgerFilter,
  SaldoLedgerFilters,
  SaldoLedgerPayload,
  TopupListPayload,
} from '../saldoActors.ts';
// One top-up: the amount (presets or typed), the gateway order, waiting for payment, the receipt.
export {
  topUpMachine,
  selectTopUp,
  selectTopUpBusy,
  selectTopUpChecking,
  selectTopUpError,
  selectTopUpForm,
  selectTopUpReceipt,
  selectTopUpStep,
  selectTopUpStillPending,
} from '../topUpMachine.ts';
export type { TopUpInput, TopUpEvent, TopUpForm, TopUpStep } from '../topUpMachine.ts';
