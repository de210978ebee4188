/**
 * Stored files: uploads checked by content, signed links served safely, customers' media fetched
 * from the (simulated) Graph API, and agents' files sent by upload.
 */
import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, waAccounts } from '../src/db/schema.ts';
import { readFile } from 'node:fs/promises';
import { createSimulator } from '../src/simulator/index.ts';
import type { Simulator } from '../src/simulator/index.ts';
import type { ConversationSummary, MediaFile, ThreadMessage } from '../src/sdk.ts';
import { addMember, CHAT_AGENT, CHAT_VIEWER, dataOf, inboxProject, reasonOf } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer, TEST_APP_SECRET } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let server: TestServer;

const sample = (name: string) => readFile(new URL(`../src/simulator/samples/${name}`, import.meta.url));

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function upload(
  key: string,
  token: string | null,
  bytes: Uint8Array,
  filename: string,
  type = 'application/octet-stream',
): Promise<Response> {
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(bytes)], { type }), filename);
  return fetch(`${server.url}/upload/${key}`, {
    method: 'POST',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function uploaded(setup: InboxProject, bytes: Uint8Array, filename: string): Promise<MediaFile> {
  const answer = await upload(setup.project.key, setup.owner.token, bytes, filename);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  const id = await answer.text();
  return dataOf<MediaFile>(
    await server.act('media_get', { token: setup.owner.token, key: setup.project.key, id }),
  );
}

async function mediaCount(projectId: string): Promise<number> {
  const [row] = await server.app.sapa.services.db
    .select({ value: count() })
    .from(media)
    .where(eq(media.projectId, projectId));
  return row?.value ?? 0;
}

async function projectIdOf(setup: InboxProject): Promise<string> {
  const [row] = await server.app.sapa.services.db
    .select({ projectId: waAccounts.projectId })
    .from(waAccounts)
    .where(eq(waAccounts.id, setup.account.id));
  return row?.projectId ?? '';
}

describe('POST /upload/{key}', () => {
  it('stores an image by content, answers its id, and media_get describes it with a signed link', async () => {
    const setup = await inboxProject(server);
    const file = await uploaded(setup, PNG, 'Foto Produk.png');
    expect(file).toMatchObject({
      type: 'png',
      mimeType: 'image/png',
      filename: 'Foto Produk.png',
      size: PNG.length,
    });
    expect(file.url).toMatch(new RegExp(`^/media/${file.id}\\?e=\\d+&s=[\\w-]+$`));

    const served = await fetch(`${server.url}${file.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="Foto Produk.png"; filename*=UTF-8''Foto%20Produk.png`,
    );
  });

  it('serves ranges for the players', async () => {
    const setup = await inboxProject(server);
    const file = await uploaded(setup, PDF, 'harga.pdf');
    const part = await fetch(`${server.url}${file.url}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF-1.4');
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PDF.length}`);
    const whole = await fetch(`${server.url}${file.url}`);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="harga.pdf"/);
  });

  it('refuses a file whose content does not match its name, or is not a type WhatsApp carries', async () => {
    const setup = await inboxProject(server);
    const projectId = await projectIdOf(setup);
    const before = await mediaCount(projectId);
    for (const [bytes, name] of [
      [PDF, 'foto.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.html'],
      [Buffer.from([0, 1, 2, 3, 0, 0, 0]), 'notes.txt'],
    ] as const) {
      const answer = await upload(setup.project.key, setup.owner.token, bytes, name);
      expect(answer.status, name).toBe(415);
      expect(await answer.json()).toMatchObject({ code: '0', reason: 'file_invalid_type' });
    }
    const english = await fetch(`${server.url}/upload/${setup.project.key}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.owner.token}`, 'accept-language': 'en' },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(PDF)]), 'foto.jpg');
        return form;
      })(),
    });
    expect(await english.json()).toMatchObject({ msg: 'File is of invalid type' });
    expect(await mediaCount(projectId)).toBe(before);
  });

  it('refuses an image over 5 MB with 413 and the limit', async () => {
    const setup = await inboxProject(server);
    const big = Buffer.concat([PNG, Buffer.alloc(5_000_001)]);
    const answer = await upload(setup.project.key, setup.owner.token, big, 'besar.png');
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ reason: 'file_too_large', data: { maxBytes: 5_000_000 } });
  });

  it('needs a session, membership and crm.chat.send; another project sees nothing of it', async () => {
    const setup = await inboxProject(server);
    expect((await upload(setup.project.key, null, PNG, 'a.png')).status).toBe(401);
    expect((await upload(setup.project.key, 'not-a-token', PNG, 'a.png')).status).toBe(401);
    const other = await inboxProject(server);
    expect((await upload(setup.project.key, other.owner.token, PNG, 'a.png')).status).toBe(404);
    const noChat = await addMember(server, setup.project, ['crm.menu']);
    expect((await upload(setup.project.key, noChat.token, PNG, 'a.png')).status).toBe(403);
    // Seeing the inbox uploads nothing (a viewer's disk writes were issue 14's finding).
    const viewer = await addMember(server, setup.project, CHAT_VIEWER);
    expect((await upload(setup.project.key, viewer.token, PNG, 'a.png')).status).toBe(403);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    expect((await upload(setup.project.key, agent.token, PNG, 'a.png')).status).toBe(200);

    const file = await uploaded(setup, PNG, 'a.png');
    const foreign = await server.act('media_get', {
      token: other.owner.token,
      key: other.project.key,
      id: file.id,
    });
    expect(reasonOf(foreign)).toBe('not_found');
  });
});

describe('GET /media/{id}', () => {
  it('refuses a link with a wrong signature, another file id, or an expired one', async () => {
    const setup = await inboxProject(server);
    const file = await uploaded(setup, PNG, 'a.png');
    const other = await uploaded(setup, PNG, 'b.png');
    const url = new URL(file.url, server.url);
    const tampered = new URL(url);
    tampered.searchParams.set('s', `${url.searchParams.get('s')?.slice(0, -2)}xx`);
    expect((await fetch(tampered)).status).toBe(403);
    expect((await fetch(`${server.url}/media/${other.id}${url.search}`)).status).toBe(403);
    expect((await fetch(`${server.url}/media/${file.id}`)).status).toBe(403);
    server.clock.advance(9 * 86_400_000);
    try {
      expect((await fetch(url)).status).toBe(403);
    } finally {
      server.clock.advance(-9 * 86_400_000);
    }
    expect((await fetch(url)).status).toBe(200);
  });
});

describe("customers' media and agents' files on the channel", () => {
  let simulator: Simulator;
  let setup: InboxProject;

  beforeAll(async () => {
    setup = await inboxProject(server);
    simulator = await createSimulator({
      target: `${server.url}/webhooks/whatsapp`,
      appSecret: TEST_APP_SECRET,
      accounts: [
        {
          phoneNumberId: setup.account.phoneNumberId,
          displayPhone: '6281210009000',
          accessToken: `token-${setup.account.phoneNumberId}`,
        },
      ],
      customers: 3,
      statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    });
    // This number's Graph API calls go to the simulator.
    await server.app.sapa.services.db
      .update(waAccounts)
      .set({ graphBaseUrl: simulator.graphBaseUrl })
      .where(eq(waAccounts.id, setup.account.id));
  });

  afterAll(async () => {
    await simulator.close();
  });

  const conversation = async (): Promise<ConversationSummary> => {
    const [first] = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token: setup.owner.token, key: setup.project.key }),
    );
    if (first === undefined) throw new Error('no conversation');
    return first;
  };
  const thread = async (conversationId: string) =>
    dataOf<ThreadMessage[]>(
      await server.act('message_list', { token: setup.owner.token, key: setup.project.key, conversationId }),
    );

  it("links a customer's image to Sapa's copy, fetched from Meta at first sight and by the job", async () => {
    const written = await simulator.customerWrites(0, { kind: 'image' });
    expect(written.delivery.ok).toBe(true);
    const { id } = await conversation();
    const [image] = (await thread(id)).filter((message) => message.type === 'jpeg');
    expect(image?.url).toMatch(/^\/media\/[0-9a-f-]{36}\?e=/);
    // Opened before the download job ran: fetched on the spot.
    const served = await fetch(`${server.url}${image?.url ?? ''}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await sample('photo.jpg'));

    const second = await simulator.customerWrites(0, { kind: 'document' });
    expect(second.delivery.ok).toBe(true);
    await server.app.sapa.runJobsOnce();
    const [document] = (await thread(id)).filter(
      (message) => message.direction === 'in' && message.type === 'pdf',
    );
    const mediaId = /^\/media\/([0-9a-f-]{36})/.exec(document?.url ?? '')?.[1] ?? '';
    const [row] = await server.app.sapa.services.db.select().from(media).where(eq(media.id, mediaId));
    expect(row).toMatchObject({ status: 'stored', origin: 'inbound', mimeType: 'application/pdf' });
    expect(row?.sha256).toBe(
      createHash('sha256')
        .update(await sample('invoice.pdf'))
        .digest('hex'),
    );
  });

  it('sends an uploaded file by uploading it to Meta once, then by id', async () => {
    const { id: conversationId } = await conversation();
    const file = await uploaded(setup, PNG, 'katalog.png');
    for (const caption of ['Katalog terbaru', 'Sekali lagi']) {
      const sent = dataOf<ThreadMessage>(
        await server.act('message_send', {
          token: setup.owner.token,
          key: setup.project.key,
          conversationId,
          clientId: crypto.randomUUID(),
          mediaId: file.id,
          caption,
        }),
      );
      expect(sent).toMatchObject({ type: 'png', caption, status: 'pending', filename: 'katalog.png' });
      expect(sent.url).toMatch(new RegExp(`^/media/${file.id}\\?`));
      await server.app.sapa.runJobsOnce();
    }
    const requests = simulator.sent();
    const uploads = requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/media'),
    );
    expect(uploads).toHaveLength(1);
    const sends = requests.filter((request) => request.path.endsWith('/messages') && request.status === 200);
    const bodies = sends
      .slice(-2)
      .map((request) => request.body as { type: string; image: { id?: string; caption?: string } });
    expect(bodies.map((body) => body.type)).toEqual(['image', 'image']);
    expect(bodies[0]?.image.id).toBeDefined();
    expect(bodies[1]?.image.id).toBe(bodies[0]?.image.id);
    expect(bodies.map((body) => body.image.caption)).toEqual(['Katalog terbaru', 'Sekali lagi']);

    const other = await inboxProject(server);
    const foreign = await uploaded(other, PNG, 'x.png');
    const refused = await server.act('message_send', {
      token: setup.owner.token,
      key: setup.project.key,
      conversationId,
      clientId: crypto.randomUUID(),
      mediaId: foreign.id,
    });
    expect(reasonOf(refused)).toBe('invalid_input');
  });
});
