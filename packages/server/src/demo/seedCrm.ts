/**
 * The demo project's CRM set: labels, pipeline stages and quick replies an Indonesian shop would
 * keep, with the labels and stages put on some of the seeded customers (set-based, in a fixed
 * order), so every CRM control of the demo starts with something to show. Made once per demo
 * (`ensureDemo` remembers it in the demo setting); a name or shortcut the project already has is
 * left alone, and customers get only the labels and stages this call made.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';

/** Each label, and which customers carry it: `k % every = at` of the customers by first contact. */
export const DEMO_LABELS = [
  { name: 'Pelanggan Baru', color: '#1e90ff', every: 6, at: 0 },
  { name: 'VIP', color: '#daa520', every: 9, at: 4 },
  { name: 'Reseller', color: '#2e8b57', every: 11, at: 2 },
  { name: 'Komplain', color: '#dc143c', every: 13, at: 7 },
] as const;

/**
 * The pipeline in board order; a customer is in one stage: `k % 10 = at`. "Bayar" (paid) is where
 * the demo's auto-stage rule moves a customer who writes "transfer" (seedAutomation.ts).
 */
export const DEMO_STAGES = [
  { name: 'Prospek', color: '#6a5acd', at: [0, 1, 2] },
  { name: 'Negosiasi', color: '#ff8c00', at: [3, 4] },
  { name: 'Deal', color: '#2e8b57', at: [5] },
  { name: 'Bayar', color: '#008b8b', at: [7] },
  { name: 'Selesai', color: '#708090', at: [6] },
] as const;

export const DEMO_QUICK_REPLIES = [
  {
    shortcut: 'salam',
    text: 'Halo kak {nama}, terima kasih sudah menghubungi Toko Demo 🙏 Ada yang bisa kami bantu?',
  },
  {
    shortcut: 'harga',
    text: 'Kak {nama}, batik tulis mulai Rp185.000, batik cap Rp95.000 dan kemeja batik Rp149.000. Mau dikirim katalog lengkapnya?',
  },
  {
    shortcut: 'ongkir',
    text: 'Ongkir ke kota kakak kami cek dulu ya kak {nama}. Boleh kirim alamat lengkap dan kode posnya?',
  },
  {
    shortcut: 'rekening',
    text: 'Pembayaran bisa ke BCA 1234567890 a.n. Toko Demo. Setelah transfer, mohon kirim bukti transfernya ya kak {nama} 🙏',
  },
] as const;

export interface SeededCrm {
  labels: number;
  stages: number;
  quickReplies: number;
}

export async function seedCrm(db: Db, demo: { projectId: string; now: Date }): Promise<SeededCrm> {
  const { projectId, now } = demo;
  const labelRows = DEMO_LABELS.map((label) => ({ ...label, id: randomUUID() }));
  const labels = await queryRows<{ id: string }>(
    db,
    sql`insert into labels (id, project_id, name, color, created_at)
      select r.id, ${projectId}::uuid, r.name, r.color, ${now}
      from jsonb_to_recordset(${JSON.stringify(labelRows)}::jsonb) as r(id uuid, name text, color text)
      on conflict do nothing
      returning id`,
  );
  const made = new Set(labels.map((row) => row.id));
  const newLabels = labelRows.filter((label) => made.has(label.id));
  if (newLabels.length > 0) {
    await db.execute(sql`
      insert into customer_labels (customer_id, label_id, created_at)
      select c.id, l.id, ${now}
      from (
        select id, row_number() over (order by created_at, id) as k
        from customers where project_id = ${projectId}::uuid
      ) c
      join jsonb_to_recordset(${JSON.stringify(newLabels)}::jsonb) as l(id uuid, every int, at int)
        on c.k % l.every = l.at
      on conflict do nothing`);
  }

  const stageRows = DEMO_STAGES.map((stage, index) => ({
    id: randomUUID(),
    name: stage.name,
    color: stage.color,
    index,
    at: stage.at,
  }));
  // After the stages the project may have already.
  const stages = await queryRows<{ id: string }>(
    db,
    sql`insert into stages (id, project_id, name, color, position, created_at)
      select r.id, ${projectId}::uuid, r.name, r.color,
        (select coalesce(max(position) + 1, 0) from stages where project_id = ${projectId}::uuid) + r.index,
        ${now}
      from jsonb_to_recordset(${JSON.stringify(stageRows)}::jsonb) as r(id uuid, name text, color text, index int)
      on conflict do nothing
      returning id`,
  );
  const madeStages = new Set(stages.map((row) => row.id));
  const placements = stageRows
    .filter((stage) => madeStages.has(stage.id))
    .flatMap((stage) => stage.at.map((at) => ({ id: stage.id, at })));
  if (placements.length > 0) {
    await db.execute(sql`
      insert into customer_stages (customer_id, stage_id, since)
      select c.id, s.id, ${now}
      from (
        select id, row_number() over (order by created_at, id) as k
        from customers where project_id = ${projectId}::uuid
      ) c
      join jsonb_to_recordset(${JSON.stringify(placements)}::jsonb) as s(id uuid, at int) on c.k % 10 = s.at
      on conflict do nothing`);
  }

  const replyRows = DEMO_QUICK_REPLIES.map((reply) => ({ ...reply, id: randomUUID() }));
  const replies = await queryRows<{ id: string }>(
    db,
    sql`insert into quick_replies (id, project_id, shortcut, text, created_at, updated_at)
      select r.id, ${projectId}::uuid, r.shortcut, r.text, ${now}, ${now}
      from jsonb_to_recordset(${JSON.stringify(replyRows)}::jsonb) as r(id uuid, shortcut text, text text)
      on conflict do nothing
      returning id`,
  );
  return { labels: labels.length, stages: stages.length, quickReplies: replies.length };
}
