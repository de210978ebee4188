import type { FastifyBaseLogger } from 'fastify';
import { acts, isActName } from '../sdk.ts';
import type { ActFailure, ActName, ActParsed } from '../sdk.ts';
import { translate } from '../i18n/translate.ts';
import type { Locale } from '../i18n/translate.ts';
import { authenticate, authorize } from './access.ts';
import { ActError, isActError } from './ActError.ts';
import type { ActContext, Services } from './context.ts';
import { failure } from './failure.ts';
import { fieldErrors } from './fieldErrors.ts';
import { nulFields } from './nulFields.ts';
import { handlers } from './registry.ts';
import type { HandlerResult, PageResult } from './registry.ts';

export interface ActSuccessBody {
  code: '1';
  msg: string;
  data: unknown;
  /** `page` acts: the number of pages. */
  total_page?: number;
}

export interface CallMeta {
  ip: string;
  userAgent?: string | null;
  locale: Locale;
  /** `Authorization: Bearer …`, used when the body carries no `token`. */
  bearer: string | null;
  log: FastifyBaseLogger;
}

const OK: Record<Locale, string> = { id: translate('id', 'act.ok'), en: translate('en', 'act.ok') };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Runs one act call from its body fields: resolve the act, authenticate, validate, authorise
 * (project acts: membership and permission, src/acts/access.ts), handle. Act failures become
 * `{ code: "0" }`; anything else is thrown to the HTTP layer.
 */
export async function dispatch(
  body: Record<string, unknown>,
  meta: CallMeta,
  services: Services,
): Promise<ActSuccessBody | ActFailure> {
  const name = body.act;
  if (!isActName(name)) return failure(meta.locale, 'unknown_act');
  const now = services.now();
  const token = text(body.token) ?? meta.bearer;
  try {
    const caller = await authenticate(acts[name].access, token, services, now);
    const ctx: ActContext = {
      services,
      now,
      ip: meta.ip,
      userAgent: meta.userAgent ?? null,
      locale: meta.locale,
      token,
      fcm: text(body.fcm),
      caller,
      project: null,
      log: meta.log,
    };
    const result: unknown = await run(name, body, ctx);
    if (acts[name].shape === 'page') {
      const page = result as PageResult<unknown>;
      return { code: '1', msg: OK[meta.locale], data: page.data, total_page: page.total_page };
    }
    return { code: '1', msg: OK[meta.locale], data: result };
  } catch (error) {
    if (isActError(error)) return failure(meta.locale, error.reason, error.options);
    throw error;
  }
}

async function run<N extends ActName>(
  name: N,
  body: Record<string, unknown>,
  ctx: ActContext,
): Promise<HandlerResult<N>> {
  const definition = acts[name];
  const withNul = nulFields(body);
  if (withNul.length > 0) {
    const text = translate(ctx.locale, 'field.invalid');
    throw new ActError('invalid_input', {
      errors: Object.fromEntries(withNul.map((field) => [field, text])),
    });
  }
  const parsed = definition.input.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    throw new ActError('invalid_input', { errors: fieldErrors(parsed.error.issues, ctx.locale) });
  }
  const input = parsed.data as ActParsed<N>;
  const project = await authorize(definition.access, input, ctx.caller, ctx.services);
  const handler = handlers[name];
  return handler(input, { ...ctx, project });
}
