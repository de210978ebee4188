import { describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from './security.ts';

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
    expect(csp).toContain("style-src 'self';");
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
