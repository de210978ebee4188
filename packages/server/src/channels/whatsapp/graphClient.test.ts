import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WhatsAppErrorCode } from './errorCodes.ts';
import { fixtureVariants, loadFixture } from './fixtures/loadFixture.ts';
import { GraphApiError, isGraphApiError } from './GraphApiError.ts';
import { DEFAULT_GRAPH_API_VERSION, GraphClient } from './graphClient.ts';
import { GraphRequestError, isGraphRequestError, neverReachedServer } from './GraphRequestError.ts';
import { textMessage } from './sendRequest.ts';

const TOKEN = 'EAAG-test-token';
const PHONE_NUMBER_ID = '109876543210987';
const WABA_ID = '102938475610293';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Handler = (request: Recorded, response: ServerResponse) => void;

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** A real HTTP server on 127.0.0.1, port 0, that records every request. */
async function startServer(handler: Handler): Promise<{ origin: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      handler(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests };
}

function json(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('GraphClient.sendMessage', () => {
  it('posts the JSON body with the bearer token and answers the wamid', async () => {
    const { origin, requests } = await startServer(json(200, loadFixture('send-response.json')));
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    const body = textMessage({
      to: '+6281234567890',
      previewUrl: false,
      body: 'Terima kasih, pesanan Anda sedang kami proses.',
    });
    const sent = await client.sendMessage(PHONE_NUMBER_ID, body);
    expect(sent).toEqual({
      wamid: 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjhFMkIzQzRENUU2RjcwODE5MgA=',
      waId: '6281234567890',
      messageStatus: 'accepted',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v24.0/109876543210987/messages');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString('utf8') ?? '')).toEqual(loadFixture('send-request-text.json'));
  });

  it('uses v24.0 by default and another version and base path when configured', async () => {
    expect(DEFAULT_GRAPH_API_VERSION).toBe('v24.0');
    const { origin, requests } = await startServer(json(200, { messages: [{ id: 'wamid.1' }] }));
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: `${origin}/graph/`, apiVersion: 'v23.0' });
    expect(await client.sendMessage('1/2', textMessage({ to: '1', body: 'x' }))).toEqual({
      wamid: 'wamid.1',
    });
    expect(requests[0]?.url).toBe('/graph/v23.0/1%2F2/messages');
  });

  it('throws a GraphApiError with the parsed envelope on the pair rate limit (131056)', async () => {
    const { origin } = await startServer(json(400, loadFixture('send-error.json')));
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    const error = await rejection(client.sendMessage(PHONE_NUMBER_ID, textMessage({ to: '1', body: 'x' })));
    expect(error).toBeInstanceOf(GraphApiError);
    expect(isGraphApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'GraphApiError',
      status: 400,
      method: 'POST',
      url: `${origin}/v24.0/109876543210987/messages`,
      code: 131056,
      type: 'OAuthException',
      errorSubcode: undefined,
      fbtraceId: 'AbCdEfGh12345_-IjKlMnOp',
      message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      details:
        'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
    });
    expect((error as GraphApiError).code).toBe(WhatsAppErrorCode.pairRateLimitHit);
    expect((error as GraphApiError).isRateLimit).toBe(true);
  });

  it('parses the 130429 and 131047 variants', async () => {
    const variants = fixtureVariants('send-error.json');
    const { origin } = await startServer((request, response) => {
      const code = request.url.startsWith('/throughput/') ? '130429' : '131047';
      json(400, variants[code])(request, response);
    });
    const throughput = await rejection(
      fetchVia(origin, 'throughput').sendMessage(PHONE_NUMBER_ID, textMessage({ to: '1', body: 'x' })),
    );
    expect(throughput).toMatchObject({
      code: WhatsAppErrorCode.rateLimitHit,
      errorSubcode: 2494055,
      fbtraceId: 'Az8or2yhqkZfEZ-_4Qn_Bam',
      details: 'Cloud API message throughput has been reached.',
      isRateLimit: true,
    });
    expect(WhatsAppErrorCode.rateLimitHit).toBe(130429);
    const window = await rejection(
      fetchVia(origin, 'window').sendMessage(PHONE_NUMBER_ID, textMessage({ to: '1', body: 'x' })),
    );
    expect(window).toMatchObject({
      code: 131047,
      message: '(#131047) Re-engagement message',
      isRateLimit: false,
    });
    expect(WhatsAppErrorCode.reEngagementMessage).toBe(131047);
  });

  it('throws a GraphApiError without a code for a non-Graph error body', async () => {
    const { origin } = await startServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    });
    const error = await rejection(
      new GraphClient({ accessToken: TOKEN, baseUrl: origin }).sendMessage(
        PHONE_NUMBER_ID,
        textMessage({ to: '1', body: 'x' }),
      ),
    );
    expect(error).toMatchObject({
      name: 'GraphApiError',
      status: 502,
      code: undefined,
      body: '<h1>Bad gateway</h1>',
    });
    expect((error as Error).message).toBe('Graph API answered HTTP 502');
  });

  it('throws a GraphRequestError for a 200 without a message id', async () => {
    const { origin } = await startServer(json(200, { messaging_product: 'whatsapp', messages: [] }));
    const error = await rejection(
      new GraphClient({ accessToken: TOKEN, baseUrl: origin }).sendMessage(
        PHONE_NUMBER_ID,
        textMessage({ to: '1', body: 'x' }),
      ),
    );
    expect(error).toBeInstanceOf(GraphRequestError);
    expect(error).toMatchObject({ reason: 'invalid_response', method: 'POST' });
  });

  it('times out with AbortSignal.timeout and reports unreachable servers', async () => {
    const { origin } = await startServer(() => {
      // never answers
    });
    const slow = new GraphClient({ accessToken: TOKEN, baseUrl: origin, timeoutMs: 100 });
    const timedOut = await rejection(slow.sendMessage(PHONE_NUMBER_ID, textMessage({ to: '1', body: 'x' })));
    expect(isGraphRequestError(timedOut)).toBe(true);
    expect(timedOut).toMatchObject({ reason: 'timeout' });

    const closed = await startServer(json(200, {}));
    await servers.pop()?.();
    const unreachable = new GraphClient({ accessToken: TOKEN, baseUrl: closed.origin });
    const failed = await rejection(
      unreachable.sendMessage(PHONE_NUMBER_ID, textMessage({ to: '1', body: 'x' })),
    );
    expect(failed).toMatchObject({ name: 'GraphRequestError', reason: 'network' });
    // Refused: the request never reached the server. Timed out: it may have.
    expect(neverReachedServer(failed as GraphRequestError)).toBe(true);
    expect(neverReachedServer(timedOut as GraphRequestError)).toBe(false);
  });

  it('cannot tell whether a request cut off after it was written reached the server', async () => {
    const { origin, requests } = await startServer((_request, response) => response.socket?.destroy());
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    const failed = await rejection(client.sendMessage(PHONE_NUMBER_ID, textMessage({ to: '1', body: 'x' })));
    expect(requests).toHaveLength(1);
    expect(failed).toMatchObject({ name: 'GraphRequestError', reason: 'network' });
    expect(neverReachedServer(failed as GraphRequestError)).toBe(false);
  });
});

describe('GraphClient media', () => {
  it('gets a media URL', async () => {
    const { origin, requests } = await startServer(json(200, loadFixture('media-url-response.json')));
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    expect(await client.getMediaUrl('1003383421387256', { phoneNumberId: PHONE_NUMBER_ID })).toEqual({
      url: 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1003383421387256&ext=1763780460&hash=ATsFAKEhash',
      mimeType: 'image/jpeg',
      sha256: '4a2f9c0d1e8b7a6f5c4d3e2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29',
      fileSize: 303833,
      mediaId: '1003383421387256',
    });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/v24.0/1003383421387256?phone_number_id=109876543210987',
    });
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('accepts file_size as a string', async () => {
    const body = { ...(loadFixture('media-url-response.json') as object), file_size: '303833' };
    const { origin, requests } = await startServer(json(200, body));
    const media = await new GraphClient({ accessToken: TOKEN, baseUrl: origin }).getMediaUrl(
      '1003383421387256',
    );
    expect(media.fileSize).toBe(303833);
    expect(requests[0]?.url).toBe('/v24.0/1003383421387256');
  });

  it('downloads bytes with the bearer token and the content type', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3]);
    const { origin, requests } = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(bytes);
    });
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: 'http://127.0.0.1:9' });
    const media = await client.downloadMedia(`${origin}/whatsapp_business/attachments/?mid=1003383421387256`);
    expect(Buffer.from(media.bytes).equals(bytes)).toBe(true);
    expect(media.contentType).toBe('image/jpeg');
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/whatsapp_business/attachments/?mid=1003383421387256',
    });
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('keeps the token on same-origin redirects and drops it for another host', async () => {
    const cdn = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/ogg' });
      response.end('OggS');
    });
    const lookaside = await startServer((request, response) => {
      const location = request.url === '/first' ? '/second' : `${cdn.origin}/file.ogg`;
      response.writeHead(302, { location });
      response.end();
    });
    const media = await new GraphClient({ accessToken: TOKEN }).downloadMedia(`${lookaside.origin}/first`);
    expect(Buffer.from(media.bytes).toString('utf8')).toBe('OggS');
    expect(media.contentType).toBe('audio/ogg');
    expect(lookaside.requests.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/first', `Bearer ${TOKEN}`],
      ['/second', `Bearer ${TOKEN}`],
    ]);
    expect(cdn.requests).toHaveLength(1);
    expect(cdn.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('throws a GraphApiError when the download URL has expired', async () => {
    const { origin } = await startServer(
      json(404, { error: { message: 'Not found', code: 100, type: 'GraphMethodException' } }),
    );
    const error = await rejection(
      new GraphClient({ accessToken: TOKEN }).downloadMedia(`${origin}/gone?hash=x`),
    );
    expect(error).toMatchObject({ name: 'GraphApiError', status: 404, code: 100, url: `${origin}/gone` });
  });

  it('uploads media as multipart form data', async () => {
    const { origin, requests } = await startServer(json(200, loadFixture('media-upload-response.json')));
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    const pdf = new TextEncoder().encode('%PDF-1.7 invoice');
    const uploaded = await client.uploadMedia(
      PHONE_NUMBER_ID,
      pdf,
      'application/pdf',
      'invoice-INV-2025-0042.pdf',
    );
    expect(uploaded).toEqual({ mediaId: '1037543291543636' });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v24.0/109876543210987/media' });
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(request?.body, {
      headers: { 'content-type': request?.headers['content-type'] ?? '' },
    }).formData();
    expect(form.get('messaging_product')).toBe('whatsapp');
    expect(form.get('type')).toBe('application/pdf');
    const file = form.get('file');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('invoice-INV-2025-0042.pdf');
    expect((file as File).type).toBe('application/pdf');
    expect(await (file as File).text()).toBe('%PDF-1.7 invoice');
  });
});

/** A client whose requests start with a path the test server reads to pick a variant. */
function fetchVia(origin: string, variant: string): GraphClient {
  return new GraphClient({ accessToken: TOKEN, baseUrl: `${origin}/${variant}` });
}

describe('GraphClient numbers', () => {
  it('reads a number with its quality rating and messaging limit tier', async () => {
    const { origin, requests } = await startServer(
      json(200, {
        display_phone_number: '+62 812-1000-9000',
        verified_name: 'Toko Sapa',
        quality_rating: 'YELLOW',
        code_verification_status: 'VERIFIED',
        whatsapp_business_manager_messaging_limit: 'TIER_2K',
        id: PHONE_NUMBER_ID,
      }),
    );
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    expect(await client.getPhoneNumber(PHONE_NUMBER_ID)).toEqual({
      id: PHONE_NUMBER_ID,
      displayPhoneNumber: '+62 812-1000-9000',
      verifiedName: 'Toko Sapa',
      qualityRating: 'YELLOW',
      codeVerificationStatus: 'VERIFIED',
      messagingLimit: 'TIER_2K',
    });
    const url = new URL(requests[0]?.url ?? '', origin);
    expect(url.pathname).toBe(`/v24.0/${PHONE_NUMBER_ID}`);
    expect(url.searchParams.get('fields')?.split(',')).toContain('whatsapp_business_manager_messaging_limit');
  });

  it('takes the older messaging_limit_tier when the newer field is absent', async () => {
    const { origin } = await startServer(
      json(200, {
        display_phone_number: '6281210009000',
        verified_name: 'Toko Sapa',
        messaging_limit_tier: 'TIER_250',
        id: PHONE_NUMBER_ID,
      }),
    );
    const found = await new GraphClient({ accessToken: TOKEN, baseUrl: origin }).getPhoneNumber(
      PHONE_NUMBER_ID,
    );
    expect(found.messagingLimit).toBe('TIER_250');
    expect(found).not.toHaveProperty('qualityRating');
  });

  it("lists a WABA's numbers page by page, following the after cursor while next is given", async () => {
    const { origin, requests } = await startServer((request, response) => {
      const after = new URL(request.url, 'http://x').searchParams.get('after');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          after === null
            ? {
                data: [{ id: '1001', display_phone_number: '+62 811-0000-0001' }],
                paging: {
                  cursors: { before: 'b1', after: 'a1' },
                  next: `${origin}/v24.0/${WABA_ID}/phone_numbers?after=a1`,
                },
              }
            : { data: [{ id: PHONE_NUMBER_ID }], paging: { cursors: { before: 'b2', after: 'a2' } } },
        ),
      );
    });
    const numbers = await new GraphClient({ accessToken: TOKEN, baseUrl: origin }).listWabaPhoneNumbers(
      WABA_ID,
    );
    expect(numbers).toEqual([
      { id: '1001', displayPhoneNumber: '+62 811-0000-0001' },
      { id: PHONE_NUMBER_ID },
    ]);
    expect(requests.map((request) => new URL(request.url, origin).searchParams.get('after'))).toEqual([
      null,
      'a1',
    ]);
    expect(requests.every((request) => request.url.startsWith(`/v24.0/${WABA_ID}/phone_numbers?`))).toBe(
      true,
    );
  });

  it("throws Meta's error for a WABA the token may not read", async () => {
    const { origin } = await startServer(
      json(400, {
        error: {
          message: 'Unsupported get request.',
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        },
      }),
    );
    const error = await rejection(
      new GraphClient({ accessToken: TOKEN, baseUrl: origin }).listWabaPhoneNumbers(WABA_ID),
    );
    expect(isGraphApiError(error) && error.code).toBe(100);
  });
});

describe('GraphClient templates', () => {
  it('lists a page of templates with the fields Sapa reads, and the next cursor', async () => {
    const { origin, requests } = await startServer(json(200, loadFixture('templates/list-response.json')));
    const page = await new GraphClient({ accessToken: TOKEN, baseUrl: origin }).listTemplates(WABA_ID, {
      limit: 3,
    });
    expect(page.after).toBe('QVFIUmFrZUFmdGVyQ3Vyc29y');
    expect(page.skipped).toBe(0);
    expect(
      page.templates.map((template) => [template.id, template.name, template.status, template.category]),
    ).toEqual([
      ['1304694804498707', 'promo_topup_bonus', 'APPROVED', 'MARKETING'],
      ['1387372356726668', 'order_update', 'APPROVED', 'UTILITY'],
      ['1166414785519855', 'welcome_back_offer', 'REJECTED', 'MARKETING'],
    ]);
    expect(page.templates[0]).toMatchObject({ parameter_format: 'NAMED', language: 'id' });
    expect(page.templates[0]?.components).toHaveLength(4);
    const url = new URL(requests[0]?.url ?? '', origin);
    expect(url.pathname).toBe(`/v24.0/${WABA_ID}/message_templates`);
    expect(url.searchParams.get('limit')).toBe('3');
    expect(url.searchParams.get('after')).toBeNull();
    expect(url.searchParams.get('fields')?.split(',')).toEqual(
      expect.arrayContaining([
        'name',
        'language',
        'status',
        'category',
        'components',
        'id',
        'rejected_reason',
      ]),
    );
  });

  it('asks for the page after a cursor, answers no cursor on the last page, and skips unreadable items', async () => {
    const { origin, requests } = await startServer(
      json(200, {
        data: [
          { name: 'no_id' },
          { id: 7, name: 'numbered', language: 'en', status: 'PENDING', category: 'UTILITY' },
        ],
        paging: { cursors: { before: 'x', after: 'y' } },
      }),
    );
    const page = await new GraphClient({ accessToken: TOKEN, baseUrl: origin }).listTemplates(WABA_ID, {
      after: 'QVFIUmFrZUFmdGVyQ3Vyc29y',
    });
    expect(new URL(requests[0]?.url ?? '', origin).searchParams.get('after')).toBe(
      'QVFIUmFrZUFmdGVyQ3Vyc29y',
    );
    expect(page).toEqual({
      templates: [
        { id: '7', name: 'numbered', language: 'en', status: 'PENDING', category: 'UTILITY', components: [] },
      ],
      after: null,
      skipped: 1,
    });
  });

  it('creates a template with a JSON body and answers its id, status and category', async () => {
    const { origin, requests } = await startServer(json(200, loadFixture('templates/create-response.json')));
    const body = loadFixture('templates/create-request-marketing-positional.json');
    const created = await new GraphClient({ accessToken: TOKEN, baseUrl: origin }).createTemplate(
      WABA_ID,
      body,
    );
    expect(created).toEqual({ id: '1627019861106475', status: 'PENDING', category: 'MARKETING' });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/v24.0/${WABA_ID}/message_templates`);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString('utf8') ?? '')).toEqual(body);
  });

  it("throws Meta's refusal of a template with its subcode and the body", async () => {
    const refusal = {
      error: {
        message: 'Invalid parameter',
        type: 'OAuthException',
        code: 100,
        error_subcode: 2388024,
        is_transient: false,
        error_user_title: 'Content in This Language Already Exists',
        error_user_msg: 'There is already Indonesian content for this template.',
        fbtrace_id: 'AbC',
      },
    };
    const { origin } = await startServer(json(400, refusal));
    const error = await rejection(
      new GraphClient({ accessToken: TOKEN, baseUrl: origin }).createTemplate(WABA_ID, { name: 'x' }),
    );
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({ status: 400, code: 100, errorSubcode: 2388024, body: refusal });
  });

  it('deletes one language of a template by hsm_id and name', async () => {
    const { origin, requests } = await startServer(json(200, loadFixture('templates/delete-response.json')));
    const client = new GraphClient({ accessToken: TOKEN, baseUrl: origin });
    await client.deleteTemplate(WABA_ID, { name: 'order_update', hsmId: '1387372356726668' });
    await client.deleteTemplate(WABA_ID, { name: 'order_update' });
    expect(requests.map((request) => request.method)).toEqual(['DELETE', 'DELETE']);
    const [one, every] = requests.map((request) => new URL(request.url, origin));
    expect(one?.pathname).toBe(`/v24.0/${WABA_ID}/message_templates`);
    expect(Object.fromEntries(one?.searchParams ?? [])).toEqual({
      name: 'order_update',
      hsm_id: '1387372356726668',
    });
    expect(Object.fromEntries(every?.searchParams ?? [])).toEqual({ name: 'order_update' });
  });

  it('throws when Meta answers success: false to a delete', async () => {
    const { origin } = await startServer(json(200, { success: false }));
    const error = await rejection(
      new GraphClient({ accessToken: TOKEN, baseUrl: origin }).deleteTemplate(WABA_ID, { name: 'x' }),
    );
    expect(isGraphRequestError(error) && error.reason).toBe('invalid_response');
  });
});
