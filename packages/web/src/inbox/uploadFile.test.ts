import { describe, expect, it } from 'vitest';
import { isApiError } from '@sapa/sdk';
import { createUploader } from './uploadFile.ts';

const file = new File(['%PDF-1.4'], 'harga.pdf', { type: 'application/pdf' });

describe("the composer's uploads", () => {
  it("post the file to the project's upload address with the session token", async () => {
    const requests: { request: Request; form: FormData }[] = [];
    const fetch = (async (input: Request) => {
      requests.push({ request: input, form: await input.clone().formData() });
      return new Response('3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b\n', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const upload = createUploader({ tokens: { get: () => 'tok-1' }, origin: 'http://sapa.test', fetch });
    const id = await upload({ key: 'k1', file, signal: new AbortController().signal });
    expect(id).toBe('3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b');
    expect(requests[0]?.request.url).toBe('http://sapa.test/upload/k1');
    expect(requests[0]?.request.headers.get('authorization')).toBe('Bearer tok-1');
    const sent = requests[0]?.form.get('filepond') as File;
    expect(sent.name).toBe('harga.pdf');
  });

  it("answer the server's refusal as an ApiError, and refuse what is not a file", async () => {
    const fetch = (async () =>
      new Response(
        JSON.stringify({ code: '0', msg: 'File is of invalid type', reason: 'file_invalid_type' }),
        {
          status: 415,
        },
      )) as unknown as typeof globalThis.fetch;
    const upload = createUploader({ tokens: { get: () => null }, origin: 'http://sapa.test', fetch });
    const refused: unknown = await upload({ key: 'k1', file, signal: new AbortController().signal }).catch(
      (error: unknown) => error,
    );
    expect(isApiError(refused) && refused.reason).toBe('file_invalid_type');
    await expect(
      upload({ key: 'k1', file: { name: 'x', size: 1, type: '' }, signal: new AbortController().signal }),
    ).rejects.toThrow(/browser File/);
  });
});
