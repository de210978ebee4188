import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

/**
 * The one `<style>` element react-aria injects (usePress: `touch-action` on pressable elements,
 * so a double tap does not delay clicks). Allowed by its hash, not by 'unsafe-inline'; a test
 * recomputes the hash from the installed react-aria so an upgrade cannot drift unnoticed.
 */
export const REACT_ARIA_PRESS_STYLE =
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}';
export const REACT_ARIA_PRESS_STYLE_HASH = `'sha256-${createHash('sha256').update(REACT_ARIA_PRESS_STYLE).digest('base64')}'`;

/** Where the social-login SDK (Facebook JS SDK) loads from and talks to, when it is configured. */
const SOCIAL_SCRIPT = 'https://connect.facebook.net';
const SOCIAL_FRAMES = ['https://www.facebook.com', 'https://web.facebook.com'];

/**
 * Security headers, with a Content-Security-Policy fit for the built React app: its own scripts
 * and stylesheets only (`style-src-attr 'unsafe-inline'` because react-aria positions popovers and
 * hides live regions with `style` attributes; no inline `<style>` or script runs), images from
 * itself and data:/blob: URLs, the socket on the same origin (no `upgrade-insecure-requests`:
 * localhost and e2e run on plain HTTP). With a social-login app id, its SDK's host is allowed too.
 */
export function helmetOptions(socialAppId: string | null = null): FastifyHelmetOptions {
  const social = socialAppId === null ? [] : [SOCIAL_SCRIPT];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...social],
        styleSrc: ["'self'", REACT_ARIA_PRESS_STYLE_HASH],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(socialAppId === null ? [] : SOCIAL_FRAMES)],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(socialAppId === null ? [] : SOCIAL_FRAMES)],
        frameSrc: socialAppId === null ? ["'none'"] : SOCIAL_FRAMES,
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  };
}

export const HELMET_OPTIONS: FastifyHelmetOptions = helmetOptions();

/**
 * The headers @fastify/helmet sets with `HELMET_OPTIONS`, read once from a probe instance.
 * (@fastify/helmet builds a new helmet middleware on every request, which cost Sapa a third of
 * its throughput; the headers do not vary between requests, as no CSP nonces are used.)
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions = HELMET_OPTIONS,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name, value]) => !own.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * What JSON answers of `/api` carry instead (OWASP's set for REST APIs): nothing may render or
 * frame them, sniff their type or cache them (they hold tokens).
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Adds the security headers to every answer: helmet's for pages and assets, `API_HEADERS` for `/api`. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  socialAppId: string | null = null,
): Promise<void> {
  const pageHeaders = await helmetHeaders(helmetOptions(socialAppId));
  const apiHeaders = {
    ...API_HEADERS,
    'strict-transport-security':
      pageHeaders['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
