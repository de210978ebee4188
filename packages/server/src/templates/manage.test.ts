import { describe, expect, it } from 'vitest';
import { GraphApiError } from '../channels/whatsapp/GraphApiError.ts';
import { GraphRequestError } from '../channels/whatsapp/GraphRequestError.ts';
import { refusalOf } from './manage.ts';

function apiError(status: number, error: Record<string, unknown>): GraphApiError {
  return new GraphApiError(String(error.message ?? 'Graph error'), {
    status,
    method: 'POST',
    url: 'https://graph.facebook.com/v24.0/102938475610293/message_templates',
    code: error.code as number | undefined,
    type: 'OAuthException',
    errorSubcode: error.error_subcode as number | undefined,
    fbtraceId: 'AbC',
    details: (error.error_data as { details?: string } | undefined)?.details,
    body: { error },
  });
}

describe('refusalOf', () => {
  it("gives Meta's sentence for the person who asked, after its title", () => {
    const error = apiError(400, {
      message: 'Invalid parameter',
      code: 100,
      error_user_title: 'Invalid Language',
      error_user_msg: 'The language xx is not supported for message templates.',
    });
    expect(refusalOf(error)).toEqual({
      reason: 'refused',
      detail: 'Invalid Language: The language xx is not supported for message templates.',
    });
  });

  it("falls back to Meta's details, then its message", () => {
    expect(
      refusalOf(
        apiError(400, { message: '(#100) Invalid parameter', code: 100, error_data: { details: 'name' } }),
      ),
    ).toEqual({ reason: 'refused', detail: 'name' });
    expect(refusalOf(apiError(400, { message: '(#100) Invalid parameter', code: 100 }))).toEqual({
      reason: 'refused',
      detail: '(#100) Invalid parameter',
    });
  });

  it('sorts a name already used (2388024) or still being deleted (2388023) apart', () => {
    for (const subcode of [2388023, 2388024]) {
      expect(
        refusalOf(apiError(400, { message: 'Invalid parameter', code: 100, error_subcode: subcode })),
      ).toEqual({
        reason: 'name_taken',
      });
    }
  });

  it('tells a refused token from Meta out of reach', () => {
    expect(refusalOf(apiError(401, { message: 'Error validating access token', code: 190 }))).toEqual({
      reason: 'token',
    });
    expect(refusalOf(apiError(500, { message: 'An unknown error occurred', code: 1 }))).toEqual({
      reason: 'unreachable',
    });
    expect(refusalOf(apiError(400, { message: 'Rate limit hit', code: 130429 }))).toEqual({
      reason: 'unreachable',
    });
    expect(
      refusalOf(
        new GraphRequestError('timeout', {
          method: 'POST',
          url: 'https://graph.facebook.com',
          message: 'timed out',
        }),
      ),
    ).toEqual({ reason: 'unreachable' });
  });

  it('rethrows what is no Graph failure', () => {
    const bug = new TypeError('not a Graph failure');
    expect(() => refusalOf(bug)).toThrow(bug);
  });
});
