import { WhatsAppErrorCode } from '../channels/whatsapp/index.ts';
import { newTraceId } from './ids.ts';

/** A Graph API error answer: HTTP status and the envelope of send-error.json. */
export interface GraphErrorAnswer {
  status: number;
  body: {
    error: {
      message: string;
      type: string;
      code: number;
      error_data?: { messaging_product: 'whatsapp'; details: string };
      error_subcode?: number;
      fbtrace_id: string;
    };
  };
}

function graphError(
  status: number,
  code: number,
  message: string,
  details?: string,
  subcode?: number,
): GraphErrorAnswer {
  return {
    status,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details } }),
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: newTraceId(),
      },
    },
  };
}

export const graphErrors = {
  invalidToken: () =>
    graphError(
      401,
      WhatsAppErrorCode.accessTokenExpired,
      'Invalid OAuth access token - Cannot parse access token',
    ),
  invalidParameter: (details: string) =>
    graphError(400, WhatsAppErrorCode.invalidParameter, '(#100) Invalid parameter', details),
  unsupportedRequest: (method: string, id: string) =>
    graphError(
      400,
      WhatsAppErrorCode.invalidParameter,
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    ),
  throughput: () =>
    graphError(
      400,
      WhatsAppErrorCode.rateLimitHit,
      '(#130429) Rate limit hit',
      'Cloud API message throughput has been reached.',
      2494055,
    ),
  pairRate: () =>
    graphError(
      400,
      WhatsAppErrorCode.pairRateLimitHit,
      '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
    ),
};
