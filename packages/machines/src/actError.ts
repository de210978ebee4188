/**
 * Reading act failures without depending on the SDK's error classes: an `ApiError` is anything
 * with a string `reason`; everything else (a fetch that never reached the server, a timeout)
 * is a network failure.
 */
import type { FailureReason } from './sdk.ts';

/** Why a step failed: a server reason, or `network` when the server was not reached. */
export type ErrorReason = FailureReason | 'network';

/** An error as the machines keep it in context: what to show and why it happened. */
export interface FlowError {
  reason: ErrorReason;
  /** The server's message (already in the user's language), or the thrown error's message. */
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `reason` of an `ApiError`, or `undefined` when `error` is not one (a network failure). */
export function reasonOf(error: unknown): FailureReason | undefined {
  if (!isRecord(error)) return undefined;
  const reason = error['reason'];
  return typeof reason === 'string' ? (reason as FailureReason) : undefined;
}

/** True when the error did not come from the server (no `reason`). */
export function isNetworkError(error: unknown): boolean {
  return reasonOf(error) === undefined;
}

/** A number the server put in the failure's `data` (`attemptsLeft`, `retryAfter`). */
export function dataNumber(error: unknown, key: string): number | undefined {
  if (!isRecord(error)) return undefined;
  const data = error['data'];
  if (!isRecord(data)) return undefined;
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The server's field errors (`errors`), keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isRecord(error)) return {};
  const errors = error['errors'];
  if (!isRecord(errors)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

/** The `FlowError` to keep in context for `error`. */
export function toFlowError(error: unknown): FlowError {
  const message = isRecord(error) && typeof error['message'] === 'string' ? error['message'] : String(error);
  return { reason: reasonOf(error) ?? 'network', message };
}
