/**
 * The act protocol's response envelope (DESIGN.md "The act protocol").
 * Success is `{ code: "1", msg, data }`; a paginated list adds `total_page`.
 * Failure is HTTP 200 with `{ code: "0", msg }`, plus a machine-readable `reason`.
 */

/** Why an act failed. `msg` is for people; `reason` is for code. */
export type FailureReason =
  | 'invalid_input'
  | 'unknown_act'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'phone_taken'
  | 'invalid_credentials'
  | 'otp_invalid'
  | 'otp_locked'
  | 'otp_expired'
  | 'otp_used'
  | 'otp_cooldown'
  | 'payload_too_large'
  | 'file_invalid_type'
  | 'file_too_large'
  | 'upload_offset_mismatch'
  | 'upload_length_mismatch'
  | 'fetch_refused'
  | 'fetch_failed'
  | 'media_in_use'
  | 'storage_quota_exceeded'
  | 'too_many_uploads'
  | 'whatsapp_unreachable'
  | 'window_closed'
  | 'account_deleted'
  | 'insufficient_balance'
  | 'insufficient_saldo'
  | 'payment_unavailable'
  | 'template_not_approved'
  | 'template_refused'
  /** The object is not in a state that allows it (a broadcast already started, still sending …). */
  | 'conflict'
  | 'self_escalation'
  | 'grant_beyond_own'
  | 'last_permission_holder'
  | 'owner_protected'
  | 'owner_keys'
  | 'owner_must_transfer'
  | 'invite_invalid'
  | 'wrong_password'
  | 'malformed_body'
  | 'internal';

export interface ActSuccess<Data> {
  code: '1';
  msg: string;
  data: Data;
}

export interface ActPage<Row> {
  code: '1';
  msg: string;
  data: Row[];
  /** Number of pages; pages are zero-based, 10 rows each unless the act says otherwise. */
  total_page: number;
}

export interface ActFailure {
  code: '0';
  msg: string;
  reason: FailureReason;
  /** Field errors, keyed by field name, already in the caller's language. */
  errors?: Record<string, string>;
  /** Extra facts for the client, such as `attemptsLeft` or `retryAfter` (seconds). */
  data?: Record<string, unknown>;
}

export type ActResponse<Data> = ActSuccess<Data> | ActFailure;
