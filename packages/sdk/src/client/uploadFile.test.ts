import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActServer } from '../../test/actServer.ts';
import type { ActServer } from '../../test/actServer.ts';
import { createMemoryTokenStore } from '../auth/tokenStore.ts';
import { isApiError } from '../errors/ApiError.ts';
import { isEmptyResponseError } from '../errors/EmptyResponseError.ts';
import { isHttpError } from '../errors/HttpError.ts';
import { uploadFile } from './uploadFile.ts';

let server: ActServer;
let origin: string;
beforeAll(async () => {
  server = await startActServer();
  origin = server.url.replace(/\/api$/, '');
});
afterAll(() => server.close());

const upload = (file: Blob = new Blob(['%PDF-1.4'], { type: 'application/pdf' })) =>
  uploadFile({
    origin,
    tokens: createMemoryTokenStore('tok-9'),
    key: 'k/1',
    file,
    filename: 'harga.pdf',
    locale: () => 'en',
  });

describe('uploadFile', () => {
  it('posts the file as multipart with the bearer token and answers the id', async () => {
    server.reply({ body: '0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e\n', contentType: 'text/plain' });
    expect(await upload()).toBe('0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e');
    const request = server.requests.at(-1);
    expect(request?.url).toBe('/upload/k%2F1');
    expect(request?.headers.authorization).toBe('Bearer tok-9');
    expect(request?.headers['accept-language']).toBe('en');
    const file = (await request?.form())?.get('filepond') as File;
    expect(file.name).toBe('harga.pdf');
    expect(await file.text()).toBe('%PDF-1.4');
  });

  it("turns the server's refusal into an ApiError with its reason, and other failures into errors", async () => {
    server.reply({
      status: 415,
      body: { code: '0', msg: 'File is of invalid type', reason: 'file_invalid_type' },
    });
    const refused = await upload().catch((error: unknown) => error);
    expect(isApiError(refused) && refused.reason).toBe('file_invalid_type');
    expect((refused as Error).message).toBe('File is of invalid type');
    server.reply({ status: 502, body: 'Bad gateway', contentType: 'text/plain' });
    expect(isHttpError(await upload().catch((error: unknown) => error))).toBe(true);
    server.reply({ body: '', contentType: 'text/plain' });
    expect(isEmptyResponseError(await upload().catch((error: unknown) => error))).toBe(true);
  });
});
