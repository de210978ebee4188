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
      /** Management API refusals (templates): whether retrying as-is can work (always false here). */
      is_transient?: boolean;
      /** Management API refusals: a title and a sentence meant for the person who made the request. */
      error_user_title?: string;
      error_user_msg?: string;
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

/**
 * A refusal of the template management API (`POST`/`DELETE /{waba-id}/message_templates`): code 100
 * "Invalid parameter" with `error_user_title` / `error_user_msg`, as Meta answers them.
 */
function managementError(title: string, userMessage: string, subcode?: number): GraphErrorAnswer {
  return {
    status: 400,
    body: {
      error: {
        message: 'Invalid parameter',
        type: 'OAuthException',
        code: WhatsAppErrorCode.invalidParameter,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        is_transient: false,
        error_user_title: title,
        error_user_msg: userMessage,
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
  /** A field asked for (`?fields=`) that the object does not have, e.g. a phone number field of a WABA. */
  nonexistingField: (field: string, nodeType: string) =>
    graphError(
      400,
      WhatsAppErrorCode.invalidParameter,
      `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
    ),
  /** A required request parameter is missing (Graph's wording). */
  requiredParameter: (name: string) =>
    graphError(400, WhatsAppErrorCode.invalidParameter, `(#100) The parameter ${name} is required.`),
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

  // Template sends (send-error-template.json and its _variants).
  /** No template of that name in that language, or it is not (yet) approved. */
  templateMissing: (name: string, language: string) =>
    graphError(
      404,
      132001,
      '(#132001) Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
    ),
  templateParamCount: (component: string, received: number, expected: number) =>
    graphError(
      400,
      132000,
      '(#132000) Number of parameters does not match the expected number of params',
      `${component}: number of localizable_params (${received}) does not match the expected number of params (${expected})`,
    ),
  templateFormat: (details: string) =>
    graphError(
      400,
      132012,
      '(#132012) Parameter format does not match format in the created template',
      details,
    ),
  templateTooLong: (component: string) =>
    graphError(
      400,
      132005,
      '(#132005) Translated text too long',
      `${component}: translated text is too long`,
    ),
  templatePaused: () =>
    graphError(
      400,
      132015,
      '(#132015) Template is Paused',
      'Template is paused due to low quality so it cannot be sent in a template message.',
    ),
  templateDisabled: () =>
    graphError(
      400,
      132016,
      '(#132016) Template is disabled',
      'Template has been paused too many times due to low quality and is now permanently disabled.',
    ),
  parameterMissing: (details: string) =>
    graphError(400, 131008, '(#131008) Required parameter is missing', details),
  /** A parameter value with a newline, a tab or more than 4 spaces in a row. */
  parameterText: () =>
    graphError(
      400,
      WhatsAppErrorCode.invalidParameter,
      '(#100) Invalid parameter',
      'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
    ),

  // Template management.
  templateRefused: (title: string, userMessage: string) => managementError(title, userMessage),
  /** The WABA already has this name in this language. */
  templateExists: (language: string) =>
    managementError(
      'Content in This Language Already Exists',
      `There is already ${language} content for this template. You can create a new template and try again.`,
      2388024,
    ),
  /** This name and language were deleted (once approved) less than 30 days ago. */
  templateBeingDeleted: (language: string) =>
    managementError(
      'Message Template Language Is Being Deleted',
      `New ${language} content can't be added while the existing ${language} content is being deleted. Try again in 4 weeks or create a new message template.`,
      2388023,
    ),
  templateNotFound: (name: string) =>
    managementError(
      'Message Template Not Found',
      `There is no message template named ${name} in this account.`,
    ),
  templateNotDeletable: (name: string) =>
    managementError(
      "Message Template Can't Be Deleted",
      `The message template ${name} is disabled; disabled templates can't be deleted.`,
    ),
};
