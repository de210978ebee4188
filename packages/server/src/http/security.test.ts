import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REACT_ARIA_PRESS_STYLE, helmetHeaders, helmetOptions } from './security.ts';

describe('helmetHeaders', () => {
  it("reads helmet's headers, CSP included, without the probe's own", async () => {
    const headers = await helmetHeaders();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers).not.toHaveProperty('content-type');
    expect(headers).not.toHaveProperty('date');
  });
});

describe('helmetOptions', () => {
  it('keeps scripts and stylesheets to the app itself, allowing only style attributes inline', async () => {
    const csp = (await helmetHeaders(helmetOptions()))['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=';");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('facebook');
  });

  it('allows the social-login SDK only when an app id is configured', async () => {
    const csp = (await helmetHeaders(helmetOptions('123456789')))['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' https://connect.facebook.net");
    expect(csp).toContain('frame-src https://www.facebook.com');
  });
});

describe('the react-aria style the CSP allows by hash', () => {
  it('is exactly the style element the installed react-aria injects', () => {
    const webRequire = createRequire(new URL('../../../web/package.json', import.meta.url));
    const entry = webRequire.resolve('react-aria-components');
    const ariaRoot = path.dirname(createRequire(entry).resolve('react-aria/package.json'));
    const source = readFileSync(path.join(ariaRoot, 'dist/private/interactions/usePress.mjs'), 'utf8');
    const injected = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1];
    expect(injected?.trim().replace(/\$\{[^}]+\}/, 'data-react-aria-pressable')).toBe(REACT_ARIA_PRESS_STYLE);
  });
});
