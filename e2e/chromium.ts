/**
 * How the e2e tests and the browser benchmark start Debian's Chromium: `CHROMIUM_PATH` (default
 * /usr/bin/chromium), with the flags this machine's closed network needs.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
