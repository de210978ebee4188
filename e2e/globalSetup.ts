/**
 * Starts the real server on its own port with a fresh embedded database (through the e2e harness,
 * packages/server/test/e2e/harness.ts, which adds a control port for the WhatsApp simulator and
 * memberships), and writes its standard output to a log file from which tests read one-time codes
 * (the console OTP sender prints `OTP <phone> <code>` on a line of its own). Returns the teardown
 * that stops it.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_APP_SECRET, controlPort } from './control.ts';
import { serverLogPath } from './otp.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const dataDir = mkdtempSync(join(tmpdir(), 'sapa-e2e-'));
  mkdirSync(dirname(serverLogPath), { recursive: true });
  const log = createWriteStream(serverLogPath);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SAPA_DATA_DIR: dataDir,
    SAPA_DEMO: '0',
    OTP_SENDER: 'console',
    LOG_LEVEL: 'warn',
    // Every browser of the run registers from 127.0.0.1: the per-IP code and sign-in limits
    // (50 codes and 100 wrong passwords an hour) would refuse the later specs. The per-phone
    // limits, which the specs meet, stay as they are.
    OTP_MAX_PER_IP_HOUR: '100000',
    LOGIN_MAX_FAILS_PER_IP_HOUR: '100000',
    WHATSAPP_APP_SECRET: E2E_APP_SECRET,
    E2E_CONTROL_PORT: String(controlPort),
  };
  // e2e always runs on the embedded database; integration tests cover PostgreSQL.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(
    process.execPath,
    ['--conditions=@sapa/source', '--import', 'tsx', 'packages/server/test/e2e/harness.ts'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  const deadline = Date.now() + 60_000;
  let up = false;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) {
        up = true;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  if (!up) {
    server.kill('SIGKILL');
    throw new Error(`The e2e server did not start on port ${port}; see ${serverLogPath}`);
  }

  return async () => {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
