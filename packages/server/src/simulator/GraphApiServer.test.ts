import { afterEach, describe, expect, it } from 'vitest';
import {
  GraphClient,
  imageMessage,
  templateMessage,
  textMessage,
  WhatsAppErrorCode,
} from '../channels/whatsapp/index.ts';
import { loadFixture } from '../channels/whatsapp/fixtures/loadFixture.ts';
import { GraphApiServer } from './GraphApiServer.ts';
import { MediaStore } from './MediaStore.ts';
import { wabaIdOf } from './types.ts';
import type { SimulatorLimits } from './types.ts';
import type { AcceptedSend } from './GraphApiServer.ts';

const account = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'good-token',
};
const other = { phoneNumberId: '209876543210987', displayPhone: '6281210009001', accessToken: 'other-token' };
let server: GraphApiServer | undefined;

async function start(options: { now?: () => number; limits?: Partial<SimulatorLimits> } = {}) {
  const media = new MediaStore();
  server = new GraphApiServer({ accounts: [account, other], media, ...options });
  const baseUrl = await server.listen();
  return { server, media, client: new GraphClient({ accessToken: account.accessToken, baseUrl }), baseUrl };
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('GraphApiServer', () => {
  it('answers a send with the send-response shape and a fresh wamid, and records it', async () => {
    const { client, server } = await start();
    const first = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: '+6281234567890', body: 'Halo' }),
    );
    const second = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: '6281234567890', body: 'Lagi' }),
    );
    expect(first.wamid).toMatch(/^wamid\.HBg/);
    expect(second.wamid).not.toBe(first.wamid);
    expect(first.waId).toBe('6281234567890');
    const template = await client.sendMessage(
      account.phoneNumberId,
      templateMessage({ to: '6281234567890', name: 'hello_world', languageCode: 'en_US' }),
    );
    expect(template.messageStatus).toBe('accepted');
    expect(server.sent()).toMatchObject([
      { method: 'POST', path: '/v24.0/109876543210987/messages', status: 200, wamid: first.wamid },
      { status: 200, wamid: second.wamid, body: { type: 'text', text: { body: 'Lagi' } } },
      { status: 200, body: { type: 'template' } },
    ]);
  });

  it('accepts every send-request fixture', async () => {
    const { baseUrl, server } = await start();
    // The template the send-request-template.json fixture names, approved in the number's WABA.
    server.seedTemplate(wabaIdOf(account), {
      name: 'order_update',
      language: 'id',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Halo {{1}}, pesanan {{2}} sudah kami terima dan sedang diproses.',
          example: { body_text: [['Budi', 'INV-2025-0042']] },
        },
      ],
    });
    for (const name of ['text', 'reply', 'image-id', 'image-link', 'document', 'contacts', 'template']) {
      const response = await fetch(`${baseUrl}/v24.0/${account.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: 'Bearer good-token', 'content-type': 'application/json' },
        body: JSON.stringify(loadFixture(`send-request-${name}.json`)),
      });
      expect([name, response.status]).toEqual([name, 200]);
    }
  });

  it('refuses a wrong Bearer token with a Graph-shaped 401', async () => {
    const { baseUrl } = await start();
    const client = new GraphClient({ accessToken: 'wrong', baseUrl });
    const error = await failure(
      client.sendMessage(account.phoneNumberId, textMessage({ to: '628123456789', body: 'x' })),
    );
    expect(error).toMatchObject({ status: 401, code: 190, type: 'OAuthException' });
    const foreign = await failure(
      new GraphClient({ accessToken: other.accessToken, baseUrl }).sendMessage(
        account.phoneNumberId,
        textMessage({ to: '628123456789', body: 'x' }),
      ),
    );
    expect(foreign).toMatchObject({ status: 400, code: WhatsAppErrorCode.invalidParameter });
  });

  it('answers GET /{phone-number-id} as Meta does: the number to its own token only', async () => {
    const { client, baseUrl, server } = await start();
    expect(await client.getPhoneNumber(account.phoneNumberId)).toEqual({
      id: account.phoneNumberId,
      displayPhoneNumber: '+62 812-1000-9000',
      verifiedName: 'Sapa Simulator',
      qualityRating: 'GREEN',
      codeVerificationStatus: 'VERIFIED',
      messagingLimit: 'TIER_250',
    });
    // Only the fields asked for, and the id.
    const narrow = await fetch(`${baseUrl}/v24.0/${account.phoneNumberId}?fields=verified_name`, {
      headers: { authorization: 'Bearer good-token' },
    });
    expect(await narrow.json()).toEqual({ verified_name: 'Sapa Simulator', id: account.phoneNumberId });
    const wrong = await failure(
      new GraphClient({ accessToken: 'wrong', baseUrl }).getPhoneNumber(account.phoneNumberId),
    );
    expect(wrong).toMatchObject({
      status: 401,
      code: WhatsAppErrorCode.accessTokenExpired,
      type: 'OAuthException',
    });
    // Another business's token, and an id Meta does not know: the same "does not exist" 100.
    const foreign = await failure(
      new GraphClient({ accessToken: other.accessToken, baseUrl }).getPhoneNumber(account.phoneNumberId),
    );
    expect(foreign).toMatchObject({ status: 400, code: WhatsAppErrorCode.invalidParameter });
    const unknown = await failure(client.getPhoneNumber('999888777666555'));
    expect(unknown).toMatchObject({ status: 400, code: WhatsAppErrorCode.invalidParameter });
    expect((unknown as Error).message).toContain("Object with ID '999888777666555' does not exist");
    // A number registered after the start, with its verified name.
    server.addAccount({
      phoneNumberId: '999888777666555',
      displayPhone: '6281377778888',
      accessToken: 'new-token',
      verifiedName: 'Batik Sari',
    });
    await expect(
      new GraphClient({ accessToken: 'new-token', baseUrl }).getPhoneNumber('999888777666555'),
    ).resolves.toMatchObject({ displayPhoneNumber: '+62 813-7777-8888', verifiedName: 'Batik Sari' });
  });

  it('refuses an invalid body with code 100', async () => {
    const { baseUrl } = await start();
    const response = await fetch(`${baseUrl}/v24.0/${account.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer good-token' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '628123456789', type: 'text', text: {} }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 100, type: 'OAuthException' } });
    const tooLong = await fetch(`${baseUrl}/v24.0/${account.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer good-token' },
      body: JSON.stringify({
        ...textMessage({ to: '628123456789', body: 'Halo' }),
        biz_opaque_callback_data: 'x'.repeat(513),
      }),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      error: { code: 100, error_data: { details: expect.stringContaining('biz_opaque_callback_data') } },
    });
  });

  it('refuses the 81st send within one second with 130429, then accepts again a second later', async () => {
    let now = 1_763_780_400_000;
    const { client } = await start({ now: () => now });
    const send = (index: number) =>
      client.sendMessage(
        account.phoneNumberId,
        textMessage({ to: `62812000${String(index).padStart(5, '0')}`, body: 'x' }),
      );
    for (let index = 0; index < 80; index += 1) await send(index);
    const error = await failure(send(80));
    expect(error).toMatchObject({ status: 400, code: WhatsAppErrorCode.rateLimitHit, isRateLimit: true });
    now += 1_000;
    await expect(send(81)).resolves.toMatchObject({ wamid: expect.stringMatching(/^wamid\./) as unknown });
  });

  it('refuses too many sends to the same customer with 131056', async () => {
    const { client } = await start({ now: () => 0, limits: { pairBurst: 2 } });
    const send = (to: string) => client.sendMessage(account.phoneNumberId, textMessage({ to, body: 'x' }));
    await send('6281234567890');
    await send('6281234567890');
    expect(await failure(send('6281234567890'))).toMatchObject({ code: WhatsAppErrorCode.pairRateLimitHit });
    await expect(send('6281298765432')).resolves.toBeDefined();
  });

  it('fails marketing templates over the per-user marketing limit with 131049, never utility ones', async () => {
    let now = 1_763_780_400_000;
    const { client, server } = await start({ now: () => now, limits: { marketingPerUser: 2 } });
    const waba = wabaIdOf(account);
    const body = (name: string, category: string) => ({
      name,
      language: 'id',
      category,
      components: [{ type: 'BODY', text: 'Promo akhir pekan untuk pelanggan setia kami.' }],
    });
    server.seedTemplate(waba, body('promo_pekan', 'MARKETING'));
    server.seedTemplate(waba, body('info_pesanan', 'UTILITY'));
    const accepted: AcceptedSend[] = [];
    server.onSend((send) => accepted.push(send));
    const send = (name: string, to = '6281234567890') =>
      client.sendMessage(account.phoneNumberId, templateMessage({ to, name, languageCode: 'id' }));
    for (let index = 0; index < 3; index += 1) await send('info_pesanan');
    await send('promo_pekan');
    await send('promo_pekan');
    // Over the limit: still answered with a wamid (Meta fails it later by a status webhook).
    const over = await send('promo_pekan');
    expect(over.wamid).toMatch(/^wamid\./);
    await send('promo_pekan', '6281298765432');
    await send('info_pesanan');
    expect(accepted.map((sent) => sent.failure?.[0]?.code ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      131049,
      null,
      null,
    ]);
    expect(accepted[5]?.failure?.[0]?.title).toBe(
      'This message was not delivered to maintain healthy ecosystem engagement.',
    );
    expect(server.sent().filter((record) => record.failureCode === 131049)).toEqual([
      expect.objectContaining({ status: 200, wamid: over.wamid }),
    ]);
    // A day after the first, one more may reach the user.
    now += 24 * 60 * 60 * 1000;
    await send('promo_pekan');
    expect(accepted.at(-1)?.failure).toBeUndefined();
  });

  it('accepts a send to a number not on WhatsApp and fails it with 131026', async () => {
    const { client, server } = await start();
    const accepted: AcceptedSend[] = [];
    server.onSend((send) => accepted.push(send));
    server.markNotOnWhatsApp('+6281200000001');
    const send = (to: string) => client.sendMessage(account.phoneNumberId, textMessage({ to, body: 'Halo' }));
    const lost = await send('6281200000001');
    expect(lost.wamid).toMatch(/^wamid\./);
    await send('6281200000002');
    expect(accepted.map((sent) => sent.failure?.[0]?.code ?? null)).toEqual([131026, null]);
    expect(accepted[0]?.failure?.[0]?.title).toBe('Message undeliverable');
    expect(server.sent().filter((record) => record.failureCode === 131026)).toEqual([
      expect.objectContaining({ status: 200, wamid: lost.wamid }),
    ]);
  });

  it('serves media: upload, media URL, download with the Bearer token only', async () => {
    const { client, baseUrl } = await start();
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const { mediaId } = await client.uploadMedia(account.phoneNumberId, bytes, 'image/png', 'a.png');
    const media = await client.getMediaUrl(mediaId);
    expect(media).toMatchObject({ mediaId, mimeType: 'image/png', fileSize: 4 });
    expect(media.url.startsWith(`${baseUrl}/whatsapp_business/attachments/?mid=${mediaId}`)).toBe(true);
    const downloaded = await client.downloadMedia(media.url);
    expect([...downloaded.bytes]).toEqual([1, 2, 3, 4]);
    expect(downloaded.contentType).toBe('image/png');
    expect((await fetch(media.url)).status).toBe(401);
    expect(await failure(client.getMediaUrl('404404404'))).toMatchObject({ status: 400, code: 100 });
    const sent = await client.sendMessage(
      account.phoneNumberId,
      imageMessage({ to: '6281234567890', media: { id: mediaId }, caption: 'Foto' }),
    );
    expect(sent.wamid).toMatch(/^wamid\./);
  });

  it('drops or delays the next requests on demand', async () => {
    const { client, server } = await start();
    server.dropNext(1);
    const dropped = await failure(
      client.sendMessage(account.phoneNumberId, textMessage({ to: '6281234567890', body: 'x' })),
    );
    expect(dropped).toMatchObject({ name: 'GraphRequestError', reason: 'network' });
    server.delayNext(1, 50);
    const started = performance.now();
    await client.sendMessage(account.phoneNumberId, textMessage({ to: '6281234567890', body: 'y' }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(server.sent().map((record) => record.status)).toEqual([0, 200]);
  });
});
