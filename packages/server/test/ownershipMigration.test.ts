/**
 * Migration 0014 (issue 14) on data written before it: every project gets an owner who is one of
 * its members where possible, owners keep the members screen and the permission editor, and the
 * new `crm.chat.send` / `crm.chat.assign` go to every member who could send and assign with
 * `crm.chat.view` until now, but not to members holding exactly the Viewer template. Runs on
 * PGlite, and on the PostgreSQL of the `server-postgres` project.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionKeys, templatePermissions } from '../src/sdk.ts';
import type { PermissionKey } from '../src/sdk.ts';
import { createTestDatabase } from './support/testDatabase.ts';
import type { TestDatabase } from './support/testDatabase.ts';

const drizzleDir = fileURLToPath(new URL('../drizzle', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A migrations folder holding the migrations up to `last` (by index). */
async function migrationsUpTo(last: number, into: string): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as Journal;
  const entries = journal.entries.filter((entry) => entry.idx <= last);
  const folder = path.join(into, `upTo${last}`);
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  for (const entry of entries)
    await copyFile(path.join(drizzleDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A fresh database that can be migrated to a folder and queried. */
interface Subject {
  migrate(folder: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function openSubject(database: TestDatabase): Promise<Subject> {
  if (database.url === null) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create('memory://');
    const db = drizzle(client);
    return {
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      query: async <Row>(text: string, params: unknown[] = []) =>
        (await client.query<Row>(text, params)).rows,
      close: () => client.close(),
    };
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = drizzle(pool);
  return {
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    query: async <Row>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as Row[],
    close: () => pool.end(),
  };
}

/** The keys as they were before 0014: the tree without `crm.chat.send` and `crm.chat.assign`. */
const isNew = (key: string) => key === 'crm.chat.send' || key === 'crm.chat.assign';
const before = (keys: readonly PermissionKey[]) => keys.filter((key) => !isNew(key));
const OLD_ALL = before(allPermissionKeys);
const OLD_AGENT = before(templatePermissions('agent'));
const VIEWER = templatePermissions('viewer');
const CORE: PermissionKey[] = [
  'project.menu',
  'project.user.menu',
  'project.user.view',
  'project.user.set_permission',
];
/** In tree order, as the server stores keys. */
const ordered = (keys: readonly string[]) => allPermissionKeys.filter((key) => keys.includes(key));

describe('migration 0014_ownership', () => {
  let workDir: string;
  let database: TestDatabase;
  let db: Subject;
  const ids = {
    creator: randomUUID(),
    viewer: randomUUID(),
    agent: randomUUID(),
    chatOnly: randomUUID(),
    noChat: randomUUID(),
    lateManager: randomUUID(),
    leftAlone: randomUUID(),
  };
  const projects = {
    kept: randomUUID(),
    creatorLeft: randomUUID(),
    noManager: randomUUID(),
    empty: randomUUID(),
  };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'sapa-0014-'));
    database = await createTestDatabase();
    db = await openSubject(database);
    await db.migrate(await migrationsUpTo(13, workDir));
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 9, minute)).toISOString();
    let phone = 0;
    for (const id of Object.values(ids)) {
      phone += 1;
      await db.query(
        'insert into users (id, name, phone, password_hash, password_changed_at, created_at) values ($1, $2, $3, $4, $5, $5)',
        [id, `User ${phone}`, `+6281299${String(phone).padStart(5, '0')}`, 'x', at(0)],
      );
    }
    for (const [name, id] of Object.entries(projects))
      await db.query(
        'insert into projects (id, key, name, created_by, created_at) values ($1, $2, $3, $4, $5)',
        [id, `${name.slice(0, 6)}${Math.random().toString(36).slice(2, 8)}`, name, ids.creator, at(0)],
      );
    const member = (project: string, user: string, keys: readonly string[], minute: number) =>
      db.query(
        'insert into project_members (project_id, user_id, permissions, created_at) values ($1, $2, $3, $4)',
        [project, user, keys, at(minute)],
      );
    // The creator is still there, and took away their own members screen.
    await member(
      projects.kept,
      ids.creator,
      OLD_ALL.filter((key) => key !== 'project.user.view'),
      0,
    );
    await member(projects.kept, ids.viewer, VIEWER, 1);
    await member(projects.kept, ids.agent, OLD_AGENT, 2);
    await member(projects.kept, ids.chatOnly, ['crm.menu', 'crm.chat.menu', 'crm.chat.view'], 3);
    await member(projects.kept, ids.noChat, ['crm.menu', 'crm.customer.menu', 'crm.customer.view'], 4);
    // The creator left: the earliest member who may set permissions owns it, not the earliest one.
    await member(projects.creatorLeft, ids.viewer, VIEWER, 1);
    await member(projects.creatorLeft, ids.lateManager, ordered(['crm.menu', ...CORE]), 5);
    // Nobody may set permissions: the earliest member owns it, and gets the owner's keys.
    await member(projects.noManager, ids.leftAlone, ['crm.menu'], 1);
    await db.migrate(await migrationsUpTo(14, workDir));
  });

  afterAll(async () => {
    await db.close();
    await database.dispose();
    await rm(workDir, { recursive: true, force: true });
  });

  const keysOf = async (project: string, user: string) =>
    (
      await db.query<{ permissions: string[] }>(
        'select permissions from project_members where project_id = $1 and user_id = $2',
        [project, user],
      )
    )[0]?.permissions;
  const ownerOf = async (project: string) =>
    (await db.query<{ owner_id: string }>('select owner_id from projects where id = $1', [project]))[0]
      ?.owner_id;

  it('gives every project an owner: its creator while a member, else who may set permissions, else the earliest', async () => {
    expect(await ownerOf(projects.kept)).toBe(ids.creator);
    expect(await ownerOf(projects.creatorLeft)).toBe(ids.lateManager);
    expect(await ownerOf(projects.noManager)).toBe(ids.leftAlone);
    expect(await ownerOf(projects.empty)).toBe(ids.creator);
    const [column] = await db.query<{ is_nullable: string }>(
      "select is_nullable from information_schema.columns where table_name = 'projects' and column_name = 'owner_id'",
    );
    expect(column?.is_nullable).toBe('NO');
  });

  it('gives the owners the members screen and the permission editor back, in tree order', async () => {
    expect(await keysOf(projects.kept, ids.creator)).toEqual([...allPermissionKeys]);
    expect(await keysOf(projects.noManager, ids.leftAlone)).toEqual(ordered(['crm.menu', ...CORE]));
    expect(await keysOf(projects.creatorLeft, ids.lateManager)).toEqual(ordered([...CORE, 'crm.menu']));
  });

  it('lets whoever could send and assign keep doing so, but not the Viewer template', async () => {
    expect(await keysOf(projects.kept, ids.agent)).toEqual(templatePermissions('agent'));
    expect(await keysOf(projects.kept, ids.chatOnly)).toEqual([
      'crm.menu',
      'crm.chat.menu',
      'crm.chat.view',
      'crm.chat.send',
      'crm.chat.assign',
    ]);
    expect(await keysOf(projects.kept, ids.viewer)).toEqual(VIEWER);
    expect(await keysOf(projects.creatorLeft, ids.viewer)).toEqual(VIEWER);
    expect(await keysOf(projects.kept, ids.noChat)).toEqual([
      'crm.menu',
      'crm.customer.menu',
      'crm.customer.view',
    ]);
  });
});
