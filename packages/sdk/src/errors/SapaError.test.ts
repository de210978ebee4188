/// <reference types="node" />
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './ApiError.ts';
import { EmptyResponseError, isEmptyResponseError } from './EmptyResponseError.ts';
import { HttpError, isHttpError } from './HttpError.ts';
import { NetworkError, isNetworkError } from './NetworkError.ts';
import { isSapaError } from './SapaError.ts';

const request = { method: 'POST', url: '/api' };

describe('SDK errors', () => {
  const api = new ApiError({ code: '0', msg: 'Gagal', reason: 'forbidden' });
  const empty = new EmptyResponseError();
  const http = new HttpError(500, 'Internal Server Error', undefined, request);
  const network = new NetworkError('unreachable', request, new TypeError('fetch failed'));

  it('share the SapaError base and are real Errors with their class name', () => {
    for (const error of [api, empty, http, network]) {
      expect(error).toBeInstanceOf(Error);
      expect(isSapaError(error)).toBe(true);
    }
    expect([api, empty, http, network].map((e) => e.name)).toEqual([
      'ApiError',
      'EmptyResponseError',
      'HttpError',
      'NetworkError',
    ]);
  });

  it('each guard recognises only its own class', () => {
    const all = [api, empty, http, network];
    expect(all.map(isApiError)).toEqual([true, false, false, false]);
    expect(all.map(isEmptyResponseError)).toEqual([false, true, false, false]);
    expect(all.map(isHttpError)).toEqual([false, false, true, false]);
    expect(all.map(isNetworkError)).toEqual([false, false, false, true]);
  });

  it('guards work on errors from another realm, where instanceof does not', () => {
    const foreign: unknown = runInNewContext(
      'const e = new Error("Gagal"); e[Symbol.for("@sapa/sdk/error")] = "ApiError"; e',
    );
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
    expect(isSapaError(foreign)).toBe(true);
  });

  it('guards refuse look-alikes without the brand', () => {
    const lookAlike = Object.assign(new Error('Gagal'), { name: 'ApiError', reason: 'forbidden' });
    expect(isApiError(lookAlike)).toBe(false);
    expect(isSapaError(null)).toBe(false);
    expect(isSapaError('ApiError')).toBe(false);
  });

  it('NetworkError keeps its cause and request', () => {
    expect(network.cause).toBeInstanceOf(TypeError);
    expect(network.request).toEqual(request);
    expect(network.message).toBe('Request failed: POST /api');
  });
});
