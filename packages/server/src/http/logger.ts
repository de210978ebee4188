import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Paths pino blanks in every log line: secrets never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'token',
  'password',
  'code',
  'fcm',
  '*.token',
  '*.password',
  '*.passwordHash',
  '*.fcm',
  'body.code',
  'input.code',
  // Failed queries carry their parameters: hashes, tokens, user input.
  'err.params',
  'err.cause.parameters',
];

/** Structured JSON logs at the configured level. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): NonNullable<FastifyServerOptions['logger']> {
  if (config.logLevel === 'silent') return false;
  return { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
