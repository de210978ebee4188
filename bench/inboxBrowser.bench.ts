/**
 * Issue 3's `bench/inbox` (b): the chat screen in Chromium with 100,000 conversations and a
 * 20,000-message thread. Time to first rows, frame time while scrolling both lists, rows in the
 * DOM and the JS heap, against budgets.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/db/queryRows.ts';
import { seedInbox } from '../packages/server/src/demo/seedInbox.ts';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { startBenchSapa } from './inbox/sapa.ts';
import type { Benchmark } from './types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'packages/web/dist');

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const THREAD = Number(process.env.BENCH_THREAD ?? 20_000);
const FRAMES = 240;

const BUDGET = {
  firstRowsMs: 2_000,
  frameP95Ms: 16.7,
  /** Rows the DOM may hold per list: what a 900 px viewport shows plus the virtualiser's overscan. */
  domRows: 60,
  heapMb: 64,
};

const NAMES = [
  'Sari',
  'Budi',
  'Dewi',
  'Agus',
  'Rina',
  'Eko',
  'Putri',
  'Hendra',
  'Lina',
  'Joko',
  'Maya',
  'Rudi',
];
const SURNAMES = ['Wijaya', 'Santoso', 'Lestari', 'Pratama', 'Hidayat', 'Kusuma', 'Saputra', 'Nugroho'];

/** The real app on PGlite with the built web app, a signed-in owner, and the seeded inbox. */
async function startSapa(dataDir: string) {
  const sapa = await startBenchSapa({
    dataDir,
    webDist,
    backgroundWork: false,
    account: {
      phoneNumberId: '109876543210987',
      displayPhone: '+6281210009000',
      accessToken: 'bench-access-token',
    },
  });
  const { db } = sapa.app.sapa.services;
  const [found] = await queryRows<{ id: string }>(db, sql`select id from projects where key = ${sapa.key}`);
  if (found === undefined) throw new Error('the project vanished');
  const customers = Array.from({ length: CONVERSATIONS }, (_, index) => ({
    phone: `+62813${String(index).padStart(8, '0')}`,
    name: `${NAMES[index % NAMES.length]} ${SURNAMES[Math.floor(index / NAMES.length) % SURNAMES.length]} ${index}`,
  }));
  const seeding = performance.now();
  const seeded = await seedInbox(db, {
    projectId: found.id,
    accountId: sapa.accountId,
    customers,
    agentUserId: sapa.userId,
    messages: { min: 1, max: 4 },
    longThreads: [{ customer: 0, messages: THREAD }],
  });
  return { ...sapa, longThreadPhone: customers[0]?.phone ?? '', seeded, seedMs: performance.now() - seeding };
}

/**
 * Scrolls an element by `step` px per frame for `FRAMES` frames and answers each frame's
 * main-thread work: from the frame's start (the rAF timestamp) to after its style, layout and
 * paint (a message posted from the rAF callback runs once the frame is done). Scroll handling and
 * the React renders it causes run in the frame too.
 */
async function scrollFrames(page: Page, selector: string, step: number, parent = false): Promise<number[]> {
  // Plain JavaScript for the page: tsx would wrap a TypeScript callback's inner functions in a
  // `__name` helper the page does not have.
  const script = `new Promise((resolve, reject) => {
    const found = document.querySelector(${JSON.stringify(selector)});
    const element = ${parent} ? found && found.parentElement : found;
    if (!element) return reject(new Error('nothing at ' + ${JSON.stringify(selector)}));
    const work = [];
    const channel = new MessageChannel();
    let start = 0;
    const frame = (time) => {
      start = time;
      element.scrollTop += ${step};
      channel.port2.postMessage(0);
    };
    channel.port1.onmessage = () => {
      work.push(performance.now() - start);
      if (work.length < ${FRAMES}) requestAnimationFrame(frame);
      else resolve(work);
    };
    requestAnimationFrame(frame);
  })`;
  return (await page.evaluate(script)) as number[];
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? NaN;

const LIST_SCROLLER = 'ul[aria-label="Daftar percakapan"]';
const LIST_ROWS = `${LIST_SCROLLER} > li[data-index]`;
const THREAD_SCROLLER = '[role="log"][aria-label="Pesan"]';
const THREAD_ROWS = `${THREAD_SCROLLER} [data-index]`;

const benchmark: Benchmark = {
  name: `inbox in Chromium: ${CONVERSATIONS.toLocaleString('en')} conversations, a ${THREAD.toLocaleString('en')}-message thread`,
  budget: `first rows <= ${BUDGET.firstRowsMs} ms; scroll frame time p95 <= ${BUDGET.frameP95Ms} ms in both lists; <= ${BUDGET.domRows} rows in the DOM per list; JS heap <= ${BUDGET.heapMb} MB`,
  async run() {
    if (!existsSync(path.join(webDist, 'index.html'))) {
      const built = spawnSync('pnpm', ['--filter', '@sapa/web', 'build'], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) throw new Error('the web app did not build');
    }
    const cleanup: Array<() => Promise<unknown>> = [];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-browser-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    try {
      const sapa = await startSapa(dataDir);
      cleanup.push(() => sapa.app.close());
      const browser = await chromium.launch(chromiumLaunchOptions);
      cleanup.push(() => browser.close());
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(
        (token: string) => window.localStorage.setItem('auth-token', token),
        sapa.token,
      );
      const page = await context.newPage();
      const receiver = sapa.longThreadPhone.replace(/\D/g, '');
      await page.goto(`${sapa.url}/crm/chat/${sapa.key}/${receiver}`);
      await page.waitForFunction(
        ({ list, thread }) =>
          document.querySelectorAll(list).length > 0 && document.querySelectorAll(thread).length > 0,
        { list: LIST_ROWS, thread: THREAD_ROWS },
        { timeout: 60_000 },
      );
      const firstRowsMs = await page.evaluate(() => performance.now());

      // The thread: upwards through older pages (each 50 messages, loaded as the top comes near).
      const threadFrames = await scrollFrames(page, THREAD_SCROLLER, -60);
      const threadLoaded = await page.evaluate(
        (selector) => document.querySelector(selector)?.scrollHeight ?? 0,
        THREAD_SCROLLER,
      );
      // The conversation list scrolls in the list's parent (the virtualiser's scroll element),
      // loading its next pages (20 conversations each) as the end comes near.
      if (process.env.BENCH_TRACE)
        await browser.startTracing(page, {
          path: process.env.BENCH_TRACE,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
        });
      const listWork = await scrollFrames(page, LIST_SCROLLER, 60, true);
      if (process.env.BENCH_TRACE) await browser.stopTracing();
      const rows = await page.evaluate(
        ({ list, thread }) => ({
          list: document.querySelectorAll(list).length,
          thread: document.querySelectorAll(thread).length,
        }),
        { list: LIST_ROWS, thread: THREAD_ROWS },
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heapMb = (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN) / 1_048_576;

      const threadP95 = p95(threadFrames);
      const listP95 = p95(listWork);
      const pass =
        firstRowsMs <= BUDGET.firstRowsMs &&
        threadP95 <= BUDGET.frameP95Ms &&
        listP95 <= BUDGET.frameP95Ms &&
        rows.list <= BUDGET.domRows &&
        rows.thread <= BUDGET.domRows &&
        heapMb <= BUDGET.heapMb;
      return {
        lines: [
          `seeded ${sapa.seeded.conversations.toLocaleString('en')} conversations and ${sapa.seeded.messages.toLocaleString('en')} messages in ${(sapa.seedMs / 1000).toFixed(1)} s (PGlite)`,
          `time to first rows (navigation start to rows in both lists): ${firstRowsMs.toFixed(0)} ms`,
          `thread scrolled up ${FRAMES} frames (older pages loading): frame time p50 ${median(threadFrames).toFixed(1)} ms, p95 ${threadP95.toFixed(1)} ms, max ${Math.max(...threadFrames).toFixed(1)} ms; ${threadLoaded} px loaded`,
          `conversation list scrolled ${FRAMES} frames: frame time p50 ${median(listWork).toFixed(1)} ms, p95 ${listP95.toFixed(1)} ms, max ${Math.max(...listWork).toFixed(1)} ms`,
          `rows in the DOM: ${rows.list} conversations, ${rows.thread} thread rows (viewport 1440x900)`,
          `JS heap after GC: ${heapMb.toFixed(1)} MB`,
        ],
        pass,
      };
    } finally {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    }
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export default benchmark;
