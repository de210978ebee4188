/**
 * Customers (issue 5): the table's act with its filters, create / edit / delete, CSV import (good
 * rows kept, bad rows reported) and export (the same data back); refused without the keys and with
 * another project's ids.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Customer, CustomerImport, Label, Stage } from '../src/sdk.ts';
import { addMember, dataOf, deliver, inboxProject, inbound, reasonOf } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const phoneOf = (index: number) => `+62812${String(5000000 + index).padStart(7, '0')}`;

describe('customer acts', () => {
  it('creates, lists newest first in pages of 10, searches, filters, edits and deletes', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const made: Customer[] = [];
    for (let index = 0; index < 12; index += 1) {
      made.push(
        dataOf<Customer>(
          await server.act('customer_create', {
            token,
            key,
            name: index === 3 ? 'Sari Dewi' : `Pelanggan ${index}`,
            phone: phoneOf(index),
            notes: index === 3 ? 'Suka batik tulis' : undefined,
            customFields: index === 3 ? { kota: 'Bandung' } : undefined,
          }),
        ),
      );
      server.clock.advance(1000);
    }
    expect(made[3]).toMatchObject({
      name: 'Sari Dewi',
      notes: 'Suka batik tulis',
      customFields: { kota: 'Bandung' },
      labels: [],
      stage: null,
    });

    const first = await server.act('customer_list', { token, key });
    expect(first.body.total_page).toBe(2);
    expect((first.body.data as Customer[]).map((customer) => customer.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((c) => c.id),
    );
    const oldest = dataOf<Customer[]>(
      await server.act('customer_list', { token, key, sort: 'oldest', page: 1 }),
    );
    expect(oldest.map((customer) => customer.id)).toEqual([made[10]?.id, made[11]?.id]);
    expect(
      dataOf<Customer[]>(await server.act('customer_list', { token, key, search: 'dew' })).map((c) => c.id),
    ).toEqual([made[3]?.id]);
    expect(
      dataOf<Customer[]>(await server.act('customer_list', { token, key, search: '0812 5000 003' })),
    ).toHaveLength(1);

    const label = dataOf<Label>(
      await server.act('label_create', { token, key, name: 'VIP', color: '#aa0000' }),
    );
    const stage = dataOf<Stage>(
      await server.act('stage_create', { token, key, name: 'Deal', color: '#00aa00' }),
    );
    dataOf(
      await server.act('customer_stage_set', { token, key, customerId: made[5]?.id, stageId: stage.id }),
    );
    const byStage = dataOf<Customer[]>(await server.act('customer_list', { token, key, stageId: stage.id }));
    expect(byStage.map((customer) => [customer.id, customer.stage?.name])).toEqual([[made[5]?.id, 'Deal']]);
    expect(dataOf<Customer[]>(await server.act('customer_list', { token, key, labelId: label.id }))).toEqual(
      [],
    );

    // Today in the project's time zone (Asia/Jakarta by default), whatever the hour in UTC.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(server.clock.now());
    expect((await server.act('customer_list', { token, key, from: today, to: today })).body.total_page).toBe(
      2,
    );
    expect(dataOf<Customer[]>(await server.act('customer_list', { token, key, to: '2020-01-01' }))).toEqual(
      [],
    );

    const edited = dataOf<Customer>(
      await server.act('customer_update', {
        token,
        key,
        id: made[3]?.id,
        name: 'Sari',
        customFields: { kota: 'Jakarta' },
      }),
    );
    expect(edited).toMatchObject({
      name: 'Sari',
      notes: 'Suka batik tulis',
      customFields: { kota: 'Jakarta' },
    });
    const taken = await server.act('customer_update', { token, key, id: made[3]?.id, phone: phoneOf(4) });
    expect(reasonOf(taken)).toBe('invalid_input');
    expect(taken.body.errors).toEqual({ phone: 'Pelanggan dengan nomor ini sudah ada.' });
    expect(reasonOf(await server.act('customer_create', { token, key, name: 'X', phone: phoneOf(0) }))).toBe(
      'invalid_input',
    );

    dataOf(await server.act('customer_delete', { token, key, id: made[3]?.id }));
    expect(reasonOf(await server.act('customer_delete', { token, key, id: made[3]?.id }))).toBe('not_found');
  });

  it('shows the latest conversation, and filters by WhatsApp number', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    await deliver(
      server,
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: '+6281234580001' }),
    );
    await server.app.sapa.processPendingDeliveries();
    const [conversation] = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token, key }),
    );
    dataOf(await server.act('customer_create', { token, key, name: 'Tanpa chat', phone: '+6281234580002' }));
    const onAccount = dataOf<Customer[]>(
      await server.act('customer_list', { token, key, accountId: setup.account.id }),
    );
    expect(onAccount.map((customer) => [customer.phone, customer.conversationId])).toEqual([
      ['+6281234580001', conversation?.id],
    ]);
  });
});

describe('CSV import and export', () => {
  it('imports 997 of 1,000 rows, reports the 3 bad ones by line, and exports the same data', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const lines = ['nama,nomor,catatan,kota'];
    for (let index = 0; index < 1000; index += 1) {
      if (index === 10) lines.push(',081200000010,tanpa nama,Solo');
      else if (index === 500) lines.push('Salah Nomor,12ab,,Medan');
      else if (index === 900) lines.push(`Kembar,0812${String(5000000 + 5).padStart(7, '0')},,Depok`);
      else
        lines.push(
          `Pelanggan ${index},0812${String(5000000 + index).padStart(7, '0')},"catatan, ke-${index}",Kota ${index % 7}`,
        );
    }
    const csv = lines.join('\n');

    const preview = dataOf<CustomerImport>(
      await server.act('customer_import', { token, key, csv, preview: true }),
    );
    expect(preview.imported).toBe(997);
    expect(preview.preview[0]).toEqual({
      name: 'Pelanggan 0',
      phone: '+628125000000',
      notes: 'catatan, ke-0',
      customFields: { kota: 'Kota 0' },
    });
    expect((await server.act('customer_list', { token, key })).body.total_page).toBe(0);

    const done = dataOf<CustomerImport>(await server.act('customer_import', { token, key, csv }));
    expect(done).toMatchObject({ imported: 997, created: 997, updated: 0 });
    expect(done.problems.map((problem) => [problem.line, problem.field])).toEqual([
      [12, 'name'],
      [502, 'phone'],
      [902, 'phone'],
    ]);
    expect(done.problems[2]?.message).toContain('7');
    expect((await server.act('customer_list', { token, key })).body.total_page).toBe(100);

    const exported = dataOf<{ csv: string; rows: number; filename: string }>(
      await server.act('customer_export', { token, key }),
    );
    expect(exported.rows).toBe(997);
    expect(exported.filename).toMatch(/^pelanggan-.+\.csv$/);
    // The export holds exactly the good rows of the file.
    const sent = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    const good = sent
      .filter((_, index) => ![10, 500, 900].includes(index))
      .map((row) => [row.nama, `+62${(row.nomor ?? '').slice(1)}`, row.catatan, row.kota].join('|'))
      .sort();
    const parsed = Papa.parse<Record<string, string>>(exported.csv, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(parsed.map((row) => [row.name, row.phone, row.notes, row.kota].join('|')).sort()).toEqual(good);

    // The export, imported again, changes nothing but counts as updates.
    const again = dataOf<CustomerImport>(
      await server.act('customer_import', { token, key, csv: exported.csv }),
    );
    expect(again).toMatchObject({ imported: 997, created: 0, updated: 997, problems: [] });
    const reexported = dataOf<{ csv: string }>(await server.act('customer_export', { token, key }));
    expect(reexported.csv).toBe(exported.csv);
  });

  it('refuses a file without name and phone columns, storing nothing', async () => {
    const setup = await inboxProject(server);
    const answer = dataOf<CustomerImport>(
      await server.act('customer_import', {
        token: setup.owner.token,
        key: setup.project.key,
        csv: 'a,b\n1,2\n',
      }),
    );
    expect(answer).toMatchObject({ imported: 0, problems: [{ line: 1, field: 'header' }] });
  });

  it('writes cells that look like formulas as text', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    dataOf(
      await server.act('customer_create', { token, key, name: '=HYPERLINK("x")', phone: '+6281234580009' }),
    );
    const exported = dataOf<{ csv: string }>(await server.act('customer_export', { token, key }));
    expect(exported.csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(exported.csv).toContain('+6281234580009');
  });
});

describe('customer permissions and tenancy', () => {
  it('refuses every customer act without its key, masks phones, and refuses other projects', async () => {
    const setup = await inboxProject(server);
    const other = await inboxProject(server);
    const key = setup.project.key;
    const mine = dataOf<Customer>(
      await server.act('customer_create', {
        token: setup.owner.token,
        key,
        name: 'A',
        phone: '+6281234589001',
      }),
    );
    const theirs = dataOf<Customer>(
      await server.act('customer_create', {
        token: other.owner.token,
        key: other.project.key,
        name: 'B',
        phone: '+6281234589002',
      }),
    );
    const nobody = await addMember(server, setup.project, ['crm.menu']);
    for (const [act, fields] of [
      ['customer_list', {}],
      ['customer_create', { name: 'C', phone: '+6281234589003' }],
      ['customer_update', { id: mine.id, name: 'D' }],
      ['customer_delete', { id: mine.id }],
      ['customer_import', { csv: 'nama,nomor\nE,081234589004' }],
      ['customer_export', {}],
    ] as const) {
      expect(reasonOf(await server.act(act, { token: nobody.token, key, ...fields })), act).toBe('forbidden');
    }
    for (const [act, fields] of [
      ['customer_update', { id: theirs.id, name: 'X' }],
      ['customer_delete', { id: theirs.id }],
      ['customer_update', { id: randomUUID(), name: 'Y' }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token: setup.owner.token, key, ...fields })), act).toBe(
        'not_found',
      );
    }
    const viewer = await addMember(server, setup.project, [
      'crm.menu',
      'crm.customer.menu',
      'crm.customer.view',
    ]);
    const seen = dataOf<Customer[]>(await server.act('customer_list', { token: viewer.token, key }));
    expect(seen.map((customer) => customer.phone)).toEqual(['+62812*****001']);
    expect(
      dataOf<Customer[]>(await server.act('customer_list', { token: viewer.token, key, search: '589001' })),
    ).toEqual([]);
    const exported = dataOf<{ csv: string }>(
      await server.act('customer_export', { token: viewer.token, key }),
    );
    expect(exported.csv).not.toContain('+6281234589001');
  });
});
