/**
 * A webhook intake of its own on a test server's services (as a second process's would be), its
 * job runner `jobs` (a stand-in the test watches).
 */
import { AccountRoutes } from '../../src/inbox/AccountRoutes.ts';
import { DeliveryWorker } from '../../src/webhooks/deliveries.ts';
import type { DeliveryWorkerOptions } from '../../src/webhooks/deliveries.ts';
import type { TestServer } from './testServer.ts';

export function deliveryWorker(server: TestServer, jobs: DeliveryWorkerOptions['jobs']): DeliveryWorker {
  const services = server.app.sapa.services;
  return new DeliveryWorker({
    db: services.db,
    now: server.clock.now,
    publisher: services.publisher,
    log: server.app.log,
    links: services.media.links,
    routes: new AccountRoutes(),
    jobs,
  });
}
