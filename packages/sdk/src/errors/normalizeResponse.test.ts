import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { EmptyResponseError } from './EmptyResponseError.ts';
import { HttpError } from './HttpError.ts';
import { NetworkError } from './NetworkError.ts';
import { httpFailure, normalizeResponse, parseResponseText, transportFailure } from './normalizeResponse.ts';

const request = { method: 'POST', url: 'http://127.0.0.1:1/api' };

describe('normalizeResponse (SPEC.md section 8)', () => {
  it.each([undefined, null, ''])('turns the empty response %j into an Error with message "Error"', (body) => {
    expect(() => normalizeResponse(body)).toThrow(EmptyResponseError);
    expect(() => normalizeResponse(body)).toThrow(/^Error$/);
  });

  it('rejects code "0" with the server msg as message and the response data', () => {
    const failure = { code: '0', msg: 'Data tidak ditemukan', reason: 'not_found' };
    try {
      normalizeResponse(failure, request);
      expect.fail('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('Data tidak ditemukan');
      expect((error as ApiError).response).toBe(failure);
      expect((error as ApiError).data).toEqual({});
      expect((error as ApiError).errors).toEqual({});
      expect((error as ApiError).request).toEqual(request);
    }
  });

  it('rejects code "0" without a msg with message "Error"', () => {
    expect(() => normalizeResponse({ code: '0' })).toThrow(ApiError);
    expect(() => normalizeResponse({ code: '0' })).toThrow(/^Error$/);
  });

  it.each([
    { code: '1', msg: 'ok', data: { id: 1 } },
    { code: '1', data: [], total_page: 0 },
    { anything: 'else' },
    [1, 2],
    0,
    false,
    'text',
  ])('passes %j through unchanged', (body) => {
    expect(normalizeResponse(body)).toBe(body);
  });
});

describe('parseResponseText', () => {
  it('answers undefined for an empty body and the JSON value otherwise', () => {
    expect(parseResponseText('', request)).toBeUndefined();
    expect(parseResponseText('  \n', request)).toBeUndefined();
    expect(parseResponseText('{"code":"1"}', request)).toEqual({ code: '1' });
  });

  it('throws a NetworkError of failure invalid_body for non-JSON', () => {
    expect(() => parseResponseText('<html>', request)).toThrow(NetworkError);
    expect(() => parseResponseText('<html>', request)).toThrow(`Response is not JSON: POST ${request.url}`);
  });
});

describe('httpFailure and transportFailure', () => {
  it('makes an ApiError of an act failure body and an HttpError of anything else', () => {
    const api = httpFailure(429, 'Too Many Requests', '{"code":"0","msg":"Coba lagi nanti"}', request);
    expect(api).toBeInstanceOf(ApiError);
    expect(api.message).toBe('Coba lagi nanti');
    const http = httpFailure(500, 'Internal Server Error', '{"oops":1}', request) as HttpError;
    expect(http).toBeInstanceOf(HttpError);
    expect(http.body).toEqual({ oops: 1 });
    expect(http.message).toBe(`Request failed with status 500 Internal Server Error: POST ${request.url}`);
  });

  it('classifies timeouts, aborts and fetch failures', () => {
    const timeout = Object.assign(new Error('t'), { name: 'TimeoutError' });
    const abort = Object.assign(new Error('a'), { name: 'AbortError' });
    const failed = new TypeError('fetch failed');
    expect(transportFailure(timeout, request).failure).toBe('timeout');
    expect(transportFailure(abort, request).failure).toBe('aborted');
    expect(transportFailure(failed, request).failure).toBe('unreachable');
    expect(transportFailure(failed, request).cause).toBe(failed);
  });
});
