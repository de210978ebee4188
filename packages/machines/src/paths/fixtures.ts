/** Sample answers and failures for model paths, shaped like the SDK's. */
import { grantAll } from '@sapa/sdk';
import type { OtpChallenge, Project, SignedIn, User } from '../sdk.ts';
import type { FailureReason } from '../sdk.ts';

export const user: User = {
  id: 'u1',
  name: 'Sari',
  phone: '+628123456789',
  createdAt: '2025-01-01T00:00:00Z',
  avatarUrl: null,
  language: null,
  theme: null,
};

/**
 * Challenges in model paths expire after 2 s and allow a resend after 1 s, so that every
 * countdown ends within a few `tick` events and the graph stays small.
 */
export const challenge: OtpChallenge = {
  challenge: 'ch-1',
  maskedPhone: '+62812****789',
  length: 6,
  expiresIn: 2,
  resendIn: 1,
};
export const newChallenge: OtpChallenge = { ...challenge, challenge: 'ch-2' };
export const signedIn: SignedIn = { token: 'tok-new', user };

/** A project the user already has, and the one `project_create` answers in model paths. */
export const project: Project = {
  key: 'k1abcdefgh',
  name: 'Toko Lama',
  timeZone: 'Asia/Jakarta',
  createdAt: '2025-01-01T00:00:00Z',
  role: 'owner',
  permissions: grantAll(),
};
export const newProject: Project = {
  ...project,
  key: 'k2abcdefgh',
  name: 'Toko Sapa',
  createdAt: '2025-02-01T03:04:05Z',
};

/** An act failure as the SDK's `ApiError` carries it (a plain object, so paths serialise). */
export interface ApiErrorLike {
  name: 'ApiError';
  message: string;
  reason: FailureReason;
  errors?: Record<string, string>;
  data?: Record<string, unknown>;
}

export function apiError(
  reason: FailureReason,
  message: string,
  extra: { errors?: Record<string, string>; data?: Record<string, unknown> } = {},
): ApiErrorLike {
  return { name: 'ApiError', message, reason, ...extra };
}

/** A failure that never reached the server. */
export const networkError = { name: 'TypeError', message: 'Failed to fetch' };
