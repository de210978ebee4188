import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './isMobileUserAgent.ts';

describe('isMobileUserAgent', () => {
  it.each([
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
    'Mozilla/5.0 (webOS/1.4.0; U; en-US) AppleWebKit/532.2 Pre/1.0',
    'BlackBerry9700/5.0.0.351 Profile/MIDP-2.1',
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950)',
  ])('is mobile: %s', (userAgent) => {
    expect(isMobileUserAgent(userAgent)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'node',
  ])('is not mobile: %s', (userAgent) => {
    expect(isMobileUserAgent(userAgent)).toBe(false);
  });
});
