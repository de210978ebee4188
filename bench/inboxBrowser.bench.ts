/**
 * Issue 3's `bench/inbox` (b): the chat screen in Chromium with 100,000 conversations and a
 * 20,000-message thread, beside floors measured in the same run and the same Chromium
 * (bench/inbox/bareList.ts): time to first rows against the bare lists' first rows and a minimal
 * page's first paint, scroll frame time against bare @tanstack/react-virtual lists of the same
 * rows and heights; rows in the DOM and the JS heap against fixed budgets.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/db/queryRows.ts';
import { seedInbox } from '../packages/server/src/demo/seedInbox.ts';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { startBareList } from './inbox/bareList.ts';
import type { BareList, BareRows } from './inbox/bareList.ts';
import { startBenchSapa } from './inbox/sapa.ts';
import { byCommand, describeCpu, readCpu, thisProcess } from './cpuUse.ts';
import type { Benchmark } from './types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built web app: `SAPA_WEB_DIST` (as the server reads it), else packages/web/dist; built when missing. */
const webDist = path.resolve(process.env.SAPA_WEB_DIST ?? path.join(root, 'packages/web/dist'));

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const THREAD = Number(process.env.BENCH_THREAD ?? 20_000);
const FRAMES = 240;
const STEP_PX = 60;
/** First-rows rounds (each a fresh browser context: cold cache), after one not counted. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VIEWPORT = { width: 1440, height: 900 };

const BUDGET = {
  /** Median first rows <= this many times the bare lists' median first rows. */
  firstRowsRatio: 4,
  /** Scroll frame time p95 <= this many times the bare list's p95, in each list. */
  frameP95Ratio: 2,
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
async function scrollFrames(page: Page, selector: string, step: number, parent = false): Promise<Scrolled> {
  await page.bringToFront();
  const profile = process.env.BENCH_PROFILE;
  if (profile) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    try {
      return await scrollFramesOnce(page, selector, step, parent);
    } finally {
      const { profile: taken } = await cdp.send('Profiler.stop');
      const name = `${profile}-${new URL(page.url()).port}-${selector.replace(/\W+/g, '_')}.cpuprofile`;
      await writeFile(name, JSON.stringify(taken));
    }
  }
  return scrollFramesOnce(page, selector, step, parent);
}

/** Each frame's work, and how many frames found the list at its end (nothing left to scroll). */
interface Scrolled {
  work: number[];
  stuck: number;
}

async function scrollFramesOnce(
  page: Page,
  selector: string,
  step: number,
  parent: boolean,
): Promise<Scrolled> {
  // Plain JavaScript for the page: tsx would wrap a TypeScript callback's inner functions in a
  // `__name` helper the page does not have.
  const script = `new Promise((resolve, reject) => {
    const found = document.querySelector(${JSON.stringify(selector)});
    const element = ${parent} ? found && found.parentElement : found;
    if (!element) return reject(new Error('nothing at ' + ${JSON.stringify(selector)}));
    const work = [];
    const channel = new MessageChannel();
    let start = 0;
    let stuck = 0;
    const frame = (time) => {
      start = time;
      const before = element.scrollTop;
      element.scrollTop = before + ${step};
      if (element.scrollTop === before) stuck += 1;
      channel.port2.postMessage(0);
    };
    channel.port1.onmessage = () => {
      work.push(performance.now() - start);
      if (work.length < ${FRAMES}) requestAnimationFrame(frame);
      else resolve({ work, stuck });
    };
    requestAnimationFrame(frame);
  })`;
  return (await page.evaluate(script)) as Scrolled;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1] ?? NaN;
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const LIST_SCROLLER = 'ul[aria-label="Daftar percakapan"]';
const LIST_ROWS = `${LIST_SCROLLER} > li[data-index]`;
const THREAD_SCROLLER = '[role="log"][aria-label="Pesan"]';
const THREAD_ROWS = `${THREAD_SCROLLER} [data-index]`;
const BARE_LIST = '#list';
const BARE_ROWS = { list: '#list li[data-index]', thread: '#thread [data-index]' };

/** Opens `url` in a fresh context (cold cache) and answers the time from navigation start to rows in both lists. */
async function openLists(
  browser: Browser,
  url: string,
  rows: { list: string; thread: string },
  token?: string,
): Promise<{ page: Page; firstRowsMs: number; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (token !== undefined)
    await context.addInitScript((value: string) => window.localStorage.setItem('auth-token', value), token);
  const page = await context.newPage();
  if (process.env.BENCH_WATERFALL) {
    // Each act as the page sends and receives it, on the page's own clock.
    await context.addInitScript(() => {
      const fetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const sent = performance.now();
        const request = input instanceof Request ? input.clone() : null;
        // The request goes out before its body is read here: reading first would hold it back a
        // few tasks, behind whatever the page asks for meanwhile.
        const answered = fetch(input, init);
        const body = request ? await request.text() : typeof init?.body === 'string' ? init.body : '';
        const act = /"act":"(\w+)"/.exec(body)?.[1];
        const response = await answered;
        if (act) {
          const answer = await response.clone().text();
          const code = /"code":"(\w+)"/.exec(answer)?.[1] ?? '?';
          const extra = code === '1' ? '' : ` ${answer.slice(0, 200)}`;
          console.log(
            `act ${act} ${sent.toFixed(0)} → ${performance.now().toFixed(0)} ms code ${code}${extra}`,
          );
        }
        return response;
      };
    });
    // When each list's first row appears, on the page's clock.
    await context.addInitScript(({ list, thread }) => {
      const seen = new Set<string>();
      new MutationObserver(() => {
        for (const [name, selector] of [
          ['list', list],
          ['thread', thread],
        ] as const) {
          if (seen.has(name) || document.querySelector(selector) === null) continue;
          seen.add(name);
          console.log(`rows ${name} ${performance.now().toFixed(0)} ms`);
        }
      }).observe(document, { childList: true, subtree: true });
    }, rows);
    page.on('console', (message) => {
      if (/^(act|rows) /.test(message.text())) console.log(`      page: ${message.text()}`);
    });
    const started = Date.now();
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      console.log(
        `    ${String(Date.now() - started).padStart(5)} ms  ${request.method()} ${new URL(request.url()).pathname} (${Math.round(timing.responseEnd)} ms)`,
      );
    });
  }
  // BENCH_LATENCY_MS=80 (and BENCH_KBPS, default 10,000 kbit/s each way): the page's requests go
  // through Chromium's network emulation, a mobile network's round trips and bandwidth instead of
  // loopback's, to weigh a build's number of files against its bytes.
  const latency = Number(process.env.BENCH_LATENCY_MS ?? 0);
  if (latency > 0) {
    const network = await context.newCDPSession(page);
    const bytesPerSecond = (Number(process.env.BENCH_KBPS ?? 10_000) * 1000) / 8;
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  // BENCH_CPU=1: where the CPU went during this first load (Linux): this process (the app's
  // server with its PGlite, the bare page's server, and Playwright's client) and the browser's
  // processes, each a share of one core, and the machine's busy share.
  const cpuGroups = [thisProcess('this process'), byCommand('Chromium', 'chromium')];
  const cpuBefore = process.env.BENCH_CPU ? readCpu(cpuGroups) : null;
  const loadProfile = process.env.BENCH_PROFILE_LOAD;
  const cdp = loadProfile === undefined ? null : await context.newCDPSession(page);
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  await page.goto(url);
  // The page's clock in the first animation frame that finds rows in both lists (the frame that
  // draws them), read in that frame: not after another round trip to the page, which would count
  // whatever the page does next.
  const seen = await page.waitForFunction(
    ({ list, thread }) =>
      document.querySelectorAll(list).length > 0 && document.querySelectorAll(thread).length > 0
        ? performance.now()
        : false,
    rows,
    { timeout: 60_000 },
  );
  const firstRowsMs = Number(await seen.jsonValue());
  await seen.dispose();
  const cpu = describeCpu(cpuBefore, readCpu(cpuGroups));
  if (cpuBefore !== null && cpu !== null)
    console.log(`      CPU, ${token === undefined ? 'bare lists' : 'chat screen'} to first rows: ${cpu}`);
  if (cdp !== null) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = `${loadProfile}-${token === undefined ? 'bare' : 'screen'}-load.cpuprofile`;
    await writeFile(file, JSON.stringify(profile));
    await cdp.detach();
  }
  if (process.env.BENCH_WATERFALL) {
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const resource = entry as PerformanceResourceTiming;
        const { startTime, requestStart, responseStart, responseEnd } = resource;
        // Queued (for a connection), waiting on the server, receiving.
        const parts = [requestStart - startTime, responseStart - requestStart, responseEnd - responseStart];
        return `${startTime.toFixed(0)}-${responseEnd.toFixed(0)} (${parts.map((part) => part.toFixed(0)).join('/')}) ${resource.name.replace(location.origin, '')}`;
      }),
    );
    console.log(
      `      resources before first rows (${firstRowsMs.toFixed(0)} ms):\n        ${entries.join('\n        ')}`,
    );
  }
  return { page, firstRowsMs, close: () => context.close() };
}

/** A one-line page's first paint (`first-paint`, from navigation start), in a fresh context. */
async function minimalFirstPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
    return await page.evaluate(
      () =>
        performance.getEntriesByType('paint').find((entry) => entry.name === 'first-paint')?.startTime ?? NaN,
    );
  } finally {
    await context.close();
  }
}

/**
 * The rows on the chat screen, their heights and the size of their scrollers, repeated to as many
 * rows as the bare lists need to scroll as far as the screen does.
 */
async function rowsLike(page: Page): Promise<BareRows> {
  const script = `(() => {
    const list = document.querySelector(${JSON.stringify(LIST_SCROLLER)}).parentElement;
    const thread = document.querySelector(${JSON.stringify(THREAD_SCROLLER)});
    const middle = thread.getBoundingClientRect().left + thread.clientWidth / 2;
    return {
      list: {
        width: list.offsetWidth,
        height: list.clientHeight,
        rows: [...document.querySelectorAll(${JSON.stringify(LIST_ROWS)})].map((row) => {
          const lines = row.innerText.split('\\n').map((line) => line.trim()).filter(Boolean);
          return { height: row.offsetHeight, initials: lines[0] || '', name: lines[1] || '', time: lines[2] || '', preview: lines.slice(3).join(' ') };
        }),
      },
      thread: {
        width: thread.offsetWidth,
        height: thread.clientHeight,
        rows: [...document.querySelectorAll(${JSON.stringify(THREAD_ROWS)})].map((row) => {
          const bubble = row.querySelector('article');
          const time = row.querySelector('time');
          return {
            day: row.querySelector('[role="separator"]') !== null,
            out: bubble !== null && bubble.getBoundingClientRect().left > middle - bubble.offsetWidth / 2,
            text: (bubble ? bubble.innerText : row.innerText).split('\\n')[0].slice(0, 500),
            time: time ? time.textContent : '',
            height: row.offsetHeight,
          };
        }),
      },
    };
  })()`;
  const seen = (await page.evaluate(script)) as {
    list: { width: number; height: number; rows: (BareRows['list']['rows'][number] & { height: number })[] };
    thread: BareRows['thread'];
  };
  const reach = FRAMES * STEP_PX + VIEWPORT.height * 2;
  const repeat = <T extends { height: number }>(rows: T[]): T[] => {
    if (rows.length === 0) throw new Error('no rows to copy');
    const out: T[] = [];
    for (let total = 0, index = 0; total < reach; index += 1) {
      const row = rows[index % rows.length] as T;
      out.push(row);
      total += row.height;
    }
    return out;
  };
  return {
    list: {
      width: seen.list.width,
      height: seen.list.height,
      rowHeight: seen.list.rows[0]?.height ?? 64,
      rows: repeat(seen.list.rows).map(({ initials, name, time, preview }, index) => ({
        initials,
        name: `${name} ${index}`,
        time,
        preview,
      })),
    },
    thread: { width: seen.thread.width, height: seen.thread.height, rows: repeat(seen.thread.rows) },
  };
}

const benchmark: Benchmark = {
  name: `inbox in Chromium: ${CONVERSATIONS.toLocaleString('en')} conversations, a ${THREAD.toLocaleString('en')}-message thread`,
  budget:
    `first rows <= ${BUDGET.firstRowsRatio} x the bare lists' first rows (medians of ${ROUNDS}); ` +
    `scroll frame time p95 <= ${BUDGET.frameP95Ratio} x the bare list's p95 in both lists; ` +
    `<= ${BUDGET.domRows} rows in the DOM per list; JS heap <= ${BUDGET.heapMb} MB`,
  async run() {
    if (!existsSync(path.join(webDist, 'index.html'))) {
      const built = spawnSync('pnpm', ['exec', 'vite', 'build', '--outDir', webDist], {
        cwd: path.join(root, 'packages/web'),
        stdio: 'inherit',
      });
      if (built.status !== 0) throw new Error('the web app did not build');
    }
    const cleanup: Array<() => Promise<unknown>> = [];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-browser-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    try {
      const sapa = await startSapa(path.join(dataDir, 'data'));
      cleanup.push(() => sapa.app.close());
      const bare: BareList = await startBareList(path.join(dataDir, 'bare'));
      cleanup.push(() => bare.close());
      const browser = await chromium.launch(chromiumLaunchOptions);
      cleanup.push(() => browser.close());
      const receiver = sapa.longThreadPhone.replace(/\D/g, '');
      const sapaUrl = `${sapa.url}/crm/chat/${sapa.key}/${receiver}`;
      const openSapa = () =>
        openLists(browser, sapaUrl, { list: LIST_ROWS, thread: THREAD_ROWS }, sapa.token);
      const openBare = () => openLists(browser, bare.url, BARE_ROWS);

      // A first visit of each, not counted (the server's and the database's caches warm up); the
      // chat screen's rows, heights and scroller sizes go to the bare lists.
      const warm = await openSapa();
      bare.setRows(await rowsLike(warm.page));
      await warm.close();
      await (await openBare()).close();
      await minimalFirstPaint(browser, `${bare.url}/minimal.html`);

      // First rows: the minimal page, the bare lists and the chat screen take turns, each round in
      // fresh contexts; the last round's pages stay open for scrolling.
      const firstRows = { minimal: [] as number[], bare: [] as number[], sapa: [] as number[] };
      let sapaPage: Page | undefined;
      let barePage: Page | undefined;
      for (let round = 0; round < ROUNDS; round += 1) {
        const last = round === ROUNDS - 1;
        firstRows.minimal.push(await minimalFirstPaint(browser, `${bare.url}/minimal.html`));
        const bareOpen = await openBare();
        firstRows.bare.push(bareOpen.firstRowsMs);
        if (!last) await bareOpen.close();
        else {
          barePage = bareOpen.page;
          cleanup.push(bareOpen.close);
        }
        const sapaOpen = await openSapa();
        firstRows.sapa.push(sapaOpen.firstRowsMs);
        if (!last) await sapaOpen.close();
        else {
          sapaPage = sapaOpen.page;
          cleanup.push(sapaOpen.close);
        }
      }
      if (sapaPage === undefined || barePage === undefined)
        throw new Error('BENCH_ROUNDS must be at least 1');

      // Scrolling, taking turns: each thread upwards (the screen's through older pages, 50
      // messages each, loading as the top comes near), then each list downwards (the screen's
      // through its next pages, 20 conversations each).
      const frames = {
        bareThread: await scrollFrames(barePage, '#thread', -STEP_PX),
        sapaThread: await scrollFrames(sapaPage, THREAD_SCROLLER, -STEP_PX),
        bareList: await scrollFrames(barePage, BARE_LIST, STEP_PX),
        sapaList: { work: [], stuck: 0 } as Scrolled,
      };
      const threadLoaded = await sapaPage.evaluate(
        (selector) => document.querySelector(selector)?.scrollHeight ?? 0,
        THREAD_SCROLLER,
      );
      // The conversation list scrolls in the list's parent (the virtualiser's scroll element).
      if (process.env.BENCH_TRACE)
        await browser.startTracing(sapaPage, {
          path: process.env.BENCH_TRACE,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
        });
      frames.sapaList = await scrollFrames(sapaPage, LIST_SCROLLER, STEP_PX, true);
      if (process.env.BENCH_TRACE) await browser.stopTracing();
      const rows = await sapaPage.evaluate(
        ({ list, thread }) => ({
          list: document.querySelectorAll(list).length,
          thread: document.querySelectorAll(thread).length,
        }),
        { list: LIST_ROWS, thread: THREAD_ROWS },
      );
      const cdp = await sapaPage.context().newCDPSession(sapaPage);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heapMb = (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN) / 1_048_576;

      const firstRowsRatio = median(firstRows.sapa) / median(firstRows.bare);
      const threadRatio = p95(frames.sapaThread.work) / p95(frames.bareThread.work);
      const listRatio = p95(frames.sapaList.work) / p95(frames.bareList.work);
      const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
      const describe = (label: string, { work, stuck }: Scrolled) =>
        `${label}: p50 ${ms(median(work))}, p95 ${ms(p95(work))}, max ${ms(Math.max(...work))}, ${stuck} frames at the end`;
      const checks = {
        firstRows: firstRowsRatio <= BUDGET.firstRowsRatio,
        thread: threadRatio <= BUDGET.frameP95Ratio,
        list: listRatio <= BUDGET.frameP95Ratio,
        domRows: rows.list <= BUDGET.domRows && rows.thread <= BUDGET.domRows,
        heap: heapMb <= BUDGET.heapMb,
      };
      return {
        lines: [
          `seeded ${sapa.seeded.conversations.toLocaleString('en')} conversations and ${sapa.seeded.messages.toLocaleString('en')} messages in ${(sapa.seedMs / 1000).toFixed(1)} s (PGlite)`,
          `first rows (navigation start to rows in both lists), per round: chat screen ${firstRows.sapa.map((v) => v.toFixed(0)).join(' / ')} ms; bare lists ${firstRows.bare.map((v) => v.toFixed(0)).join(' / ')} ms; minimal page's first paint ${firstRows.minimal.map((v) => v.toFixed(0)).join(' / ')} ms`,
          `first rows, medians: chat screen ${median(firstRows.sapa).toFixed(0)} ms, bare lists ${median(firstRows.bare).toFixed(0)} ms (ratio ${firstRowsRatio.toFixed(2)} ${verdict(checks.firstRows)}); minimal page's first paint ${median(firstRows.minimal).toFixed(0)} ms (chat screen ${(median(firstRows.sapa) / median(firstRows.minimal)).toFixed(1)} x)`,
          `thread scrolled up ${FRAMES} frames of ${STEP_PX} px, frame time: ${describe('chat screen (older pages loading)', frames.sapaThread)}; ${describe('bare list', frames.bareThread)}; p95 ratio ${threadRatio.toFixed(2)} ${verdict(checks.thread)}; ${threadLoaded} px loaded`,
          `conversation list scrolled ${FRAMES} frames of ${STEP_PX} px, frame time: ${describe('chat screen (next pages loading)', frames.sapaList)}; ${describe('bare list', frames.bareList)}; p95 ratio ${listRatio.toFixed(2)} ${verdict(checks.list)}`,
          `rows in the DOM: ${rows.list} conversations, ${rows.thread} thread rows (viewport ${VIEWPORT.width}x${VIEWPORT.height}) ${verdict(checks.domRows)}`,
          `JS heap after GC: ${heapMb.toFixed(1)} MB ${verdict(checks.heap)}`,
        ],
        pass: Object.values(checks).every(Boolean),
      };
    } finally {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    }
  },
};

export default benchmark;
