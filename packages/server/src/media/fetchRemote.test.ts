import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkRemoteUrl,
  FetchFailedError,
  fetchRemote,
  FetchRefusedError,
  guardedLookup,
  isPublicAddress,
} from './fetchRemote.ts';

describe('isPublicAddress', () => {
  it('passes public unicast addresses only', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '[2001:4860:4860::8888]']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2002:7f00:1::',
      // IPv4-compatible (deprecated ::/96) and NAT64 forms of loopback and private addresses.
      '::127.0.0.1',
      '[::127.0.0.1]',
      '::7f00:1',
      '::10.0.0.1',
      '64:ff9b::7f00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('checkRemoteUrl', () => {
  it('refuses other schemes, credentials, localhost names and non-public literal hosts', () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://example.com/',
      'http://user:pass@example.com/a.png',
      'http://localhost/a.png',
      'http://foo.localhost/a.png',
      'http://127.0.0.1/a.png',
      'http://0x7f.1/a.png',
      'http://[::1]/a.png',
      'http://[::127.0.0.1]/a.png',
      'not a url',
    ]) {
      expect(() => checkRemoteUrl(url), url).toThrow(FetchRefusedError);
    }
    expect(checkRemoteUrl('https://example.com/katalog.pdf').hostname).toBe('example.com');
  });

  it('checks a name by what it resolves to, at connect time', async () => {
    const lookup = guardedLookup(isPublicAddress);
    const refused = await new Promise<unknown>((resolve) =>
      lookup('localhost', {}, (error) => resolve(error)),
    );
    expect(refused).toBeInstanceOf(FetchRefusedError);
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(() => true)('localhost', {}, (error, address) => resolve(error ?? address)),
    );
    expect(allowed).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(fetchRemote('http://localhost/a.png')).rejects.toBeInstanceOf(FetchRefusedError);
  });
});

describe('fetchRemote', () => {
  it('cuts off a remote that trickles its body past the total time', async () => {
    const trickle = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => response.write('x'), 20);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    const { port } = trickle.address() as AddressInfo;
    try {
      const remote = await fetchRemote(`http://127.0.0.1:${port}/a.png`, {
        allowAddress: (address) => address === '127.0.0.1',
        totalMs: 200,
      });
      const failure = await new Promise<unknown>((resolve) => {
        remote.body.on('error', resolve);
        remote.body.resume();
      });
      expect(failure).toBeInstanceOf(FetchFailedError);
    } finally {
      trickle.closeAllConnections();
      await new Promise((resolve) => trickle.close(resolve));
    }
  });
});
