import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);

/** e2e runs in Debian's Chromium against the built web app and the real server (e2e/globalSetup.ts). */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // `E2E_OUTPUT_DIR` keeps two runs on one machine apart (with `E2E_PORT`, `E2E_CONTROL_PORT`,
  // `E2E_SERVER_LOG` and `SAPA_WEB_DIST`).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/globalSetup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
