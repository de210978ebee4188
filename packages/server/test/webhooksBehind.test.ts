/**
 * Whether the webhook intake is behind (`DeliveryWorker.behind`): a send whose outcome is unknown
 * waits while it is, as a status webhook still to be read may settle it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOKS_BEHIND_MS } from '../src/webhooks/deliveries.ts';
import type { DeliveryWorker } from '../src/webhooks/deliveries.ts';
import { deliveryWorker } from './support/deliveryWorker.ts';
import { deliver, freshWamid, inboxProject, statusUpdate } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';
import { uniquePhone } from './support/flows.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function worker(): DeliveryWorker {
  return deliveryWorker(server, { kick: () => undefined, claims: () => true });
}

describe('DeliveryWorker.behind', () => {
  it('is behind while a delivery it took in more than a second ago is not stored, and not once it is', async () => {
    const intake = worker();
    expect(await intake.behind()).toBe(false);
    const setup = await inboxProject(server);
    const stored = intake.accept(
      statusUpdate('read', {
        phoneNumberId: setup.account.phoneNumberId,
        wamid: freshWamid(),
        to: uniquePhone(),
      }),
    );
    // Just in: not behind yet.
    expect(await intake.behind()).toBe(false);
    server.clock.advance(WEBHOOKS_BEHIND_MS + 1);
    expect(await intake.behind()).toBe(true);
    await stored;
    expect(await intake.behind()).toBe(false);
    await intake.stop();
  });

  it('is behind while a delivery in the table has been due for more than a second, whichever process stored it', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    // A status naming no stored message: kept in the table for another try.
    const response = await deliver(
      server,
      statusUpdate('delivered', {
        phoneNumberId: setup.account.phoneNumberId,
        wamid: freshWamid(),
        to: from,
      }),
    );
    expect(response.status).toBe(200);
    await server.app.sapa.processPendingDeliveries();
    // Its retry is not due yet: nothing to wait for.
    expect(await server.app.sapa.webhooksBehind()).toBe(false);
    expect(await worker().behind()).toBe(false);
    // Due, and not read for more than a second: behind, in this process and any other.
    server.clock.advance(60_000);
    expect(await server.app.sapa.webhooksBehind()).toBe(true);
    expect(await worker().behind()).toBe(true);
    // Read (given up on after its tries): not behind.
    for (let round = 0; round < 6; round += 1) {
      await server.app.sapa.processPendingDeliveries();
      server.clock.advance(600_000);
    }
    await server.app.sapa.processPendingDeliveries();
    expect(await server.app.sapa.webhooksBehind()).toBe(false);
  });
});
