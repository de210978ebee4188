/**
 * Adding a WhatsApp number asks Meta first (issue 14, item 8; issue 15): `account_create` sends
 * `GET /{phone-number-id}?fields=display_phone_number,verified_name,quality_rating,…` with the
 * token given, then `GET /{waba-id}/phone_numbers`, to the simulator's Graph API on loopback (the
 * test server's `graph`). A token Meta refuses (190) is the token's field error; a number outside
 * the WABA given the WABA id's; an id the token may not read, and one already added anywhere, get
 * one and the same answer, so it tells nobody whether or where a number is registered; nothing is
 * stored on a refusal; a verified number is stored as Meta answers it, with its WABA, quality
 * rating and messaging limit tier.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waAccounts } from '../src/db/schema.ts';
import { openToken } from '../src/security/tokenBox.ts';
import type { WhatsAppAccount } from '../src/sdk.ts';
import { dataOf, inboxProject, uniquePhoneNumberId } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { recordPublished } from './support/published.ts';
import { startTestServer } from './support/testServer.ts';
import type { ApiAnswer, TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A number Meta knows (the simulator's Graph API), with its token. */
function metaNumber(verifiedName = 'Batik Sari Official') {
  const phoneNumberId = uniquePhoneNumberId();
  const accessToken = `EAAG-${phoneNumberId}`;
  const wabaId = `2${phoneNumberId}`;
  server.graph?.addAccount({
    phoneNumberId,
    displayPhone: '6281377778888',
    accessToken,
    verifiedName,
    wabaId,
    qualityRating: 'YELLOW',
    messagingLimit: 'TIER_2K',
  });
  return { phoneNumberId, accessToken, wabaId };
}

function add(
  setup: InboxProject,
  number: { phoneNumberId: string; accessToken: string; wabaId: string },
  headers: Record<string, string> = {},
) {
  return server.act(
    'account_create',
    {
      token: setup.owner.token,
      key: setup.project.key,
      name: 'Cabang Solo',
      displayPhone: '081200000000',
      ...number,
    },
    headers,
  );
}

async function stored(phoneNumberId: string) {
  return server.app.sapa.services.db
    .select()
    .from(waAccounts)
    .where(eq(waAccounts.phoneNumberId, phoneNumberId));
}

/** What a refusal tells the caller. */
function refusal(answer: ApiAnswer) {
  const { code, msg, reason, errors } = answer.body;
  return { status: answer.status, code, msg, reason, errors };
}

describe('account_create verifies the number with the Graph API', () => {
  it("stores the number as Meta answers it: Meta's display number and verified name, not what was typed", async () => {
    const setup = await inboxProject(server);
    const number = metaNumber();
    const published = recordPublished(server);
    try {
      const account = dataOf<WhatsAppAccount>(await add(setup, number));
      expect(account).toMatchObject({
        name: 'Cabang Solo',
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        displayPhone: '+6281377778888',
        verifiedName: 'Batik Sari Official',
        qualityRating: 'YELLOW',
        messagingLimit: 'TIER_2K',
        status: 'connected',
      });
      expect(account.checkedAt).not.toBeNull();
      const asked = server.graph
        ?.sent()
        .filter(
          (request) =>
            request.method === 'GET' &&
            (request.path.endsWith(`/${number.phoneNumberId}`) ||
              request.path.endsWith(`/${number.wabaId}/phone_numbers`)),
        );
      expect(asked?.map((request) => [request.path.split('/').pop(), request.status])).toEqual([
        [number.phoneNumberId, 200],
        ['phone_numbers', 200],
      ]);
      const [row] = await stored(number.phoneNumberId);
      expect(row).toMatchObject({
        displayPhone: '+6281377778888',
        verifiedName: 'Batik Sari Official',
        wabaId: number.wabaId,
        qualityRating: 'YELLOW',
        messagingLimit: 'TIER_2K',
      });
      // The token is kept sealed (src/security/tokenBox.ts), never as typed.
      expect(row?.accessToken).not.toContain(number.accessToken);
      expect(openToken(server.app.sapa.services.config.whatsapp.tokenKey, row?.accessToken ?? '')).toBe(
        number.accessToken,
      );
      expect(published.of('account.updated')).toEqual([{ key: setup.project.key, account }]);
    } finally {
      published.stop();
    }
  });

  it('refuses a number outside the WABA given on the WABA field, and stores nothing', async () => {
    const setup = await inboxProject(server);
    const number = metaNumber();
    const other = metaNumber();
    // A WABA the token may read but the number is not in, and one it may not read at all.
    server.graph?.addAccount({
      phoneNumberId: uniquePhoneNumberId(),
      displayPhone: '6281300000000',
      accessToken: number.accessToken,
      wabaId: '777000111222333',
    });
    for (const wabaId of ['777000111222333', other.wabaId, '999999999999999']) {
      const answer = await add(setup, { ...number, wabaId }, { 'accept-language': 'en' });
      expect(refusal(answer)).toMatchObject({
        code: '0',
        reason: 'invalid_input',
        errors: { wabaId: expect.stringContaining('WhatsApp Business Account') as unknown },
      });
      expect(answer.body.errors).not.toHaveProperty('phoneNumberId');
    }
    expect(await stored(number.phoneNumberId)).toEqual([]);
  });

  it('refuses a token Meta refuses (190) on the token field, and stores nothing', async () => {
    const setup = await inboxProject(server);
    const number = metaNumber();
    const answer = await add(setup, { ...number, accessToken: 'EAAG-wrong' }, { 'accept-language': 'en' });
    expect(refusal(answer)).toMatchObject({
      code: '0',
      reason: 'invalid_input',
      errors: { accessToken: 'Meta refused this access token (invalid or expired).' },
    });
    expect(answer.body.errors).not.toHaveProperty('phoneNumberId');
    expect(await stored(number.phoneNumberId)).toEqual([]);
    expect(
      dataOf<WhatsAppAccount[]>(
        await server.act('account_list', { token: setup.owner.token, key: setup.project.key }),
      ),
    ).toHaveLength(1);
  });

  it('answers a number taken by another project exactly as one Meta does not know, telling nothing of where it is', async () => {
    const a = await inboxProject(server);
    const b = await inboxProject(server);
    const number = metaNumber();
    dataOf<WhatsAppAccount>(await add(a, number));

    // B holds a token Meta accepts, but for another number: the id is unknown to it.
    const own = metaNumber();
    const unknown = await add(b, { ...own, phoneNumberId: uniquePhoneNumberId() });
    // B holds the real token of the number A registered.
    const takenElsewhere = await add(b, number);
    // A adds it again.
    const takenHere = await add(a, number);

    expect(refusal(unknown)).toMatchObject({
      code: '0',
      reason: 'invalid_input',
      errors: { phoneNumberId: expect.stringContaining('tidak dapat ditambahkan') as unknown },
    });
    expect(refusal(takenElsewhere)).toEqual(refusal(unknown));
    expect(refusal(takenHere)).toEqual(refusal(unknown));
    expect(JSON.stringify(takenElsewhere.body)).not.toContain(a.project.key);
    const rows = await stored(number.phoneNumberId);
    expect(rows.map((row) => row.name)).toEqual(['Cabang Solo']);
    expect(
      dataOf<WhatsAppAccount[]>(
        await server.act('account_list', { token: b.owner.token, key: b.project.key }),
      ),
    ).toHaveLength(1);
  });

  it('refuses with whatsapp_unreachable when Meta does not answer, and stores nothing', async () => {
    const setup = await inboxProject(server);
    const number = metaNumber();
    server.graph?.dropNext(1);
    const answer = await add(setup, number);
    expect(refusal(answer)).toMatchObject({ code: '0', reason: 'whatsapp_unreachable' });
    expect(await stored(number.phoneNumberId)).toEqual([]);
    dataOf<WhatsAppAccount>(await add(setup, number));
  });
});
