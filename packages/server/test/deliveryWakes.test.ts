/**
 * Which job runner a stored delivery wakes (`DeliveryWorker`'s `jobs`): only one that claims a kind
 * of job its messages queued. A web process (`SAPA_ROLE=web`) leaves `automation.message` to the
 * automation processes, so a customer's message there does not send it looking for jobs it never
 * takes (at 200 messages a second with rules on, one claim per webhook: `pnpm bench automation`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_MESSAGE_JOB } from '../src/automation/engine.ts';
import { deliveryWorker } from './support/deliveryWorker.ts';
import { uniquePhone } from './support/flows.ts';
import { dataOf, inbound, inboxProject } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A worker whose runner claims what `claims` says; it records the kinds asked about and the wake-ups. */
function worker(claims: (kind: string) => boolean) {
  const seen = { asked: [] as string[], kicks: 0 };
  const intake = deliveryWorker(server, {
    kick: () => {
      seen.kicks += 1;
    },
    claims: (kind) => {
      seen.asked.push(kind);
      return claims(kind);
    },
  });
  return { intake, seen };
}

const customerWrites = (setup: InboxProject, text: string) =>
  inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: uniquePhone(), text });

describe('the runner a delivery wakes', () => {
  it('is woken for a message’s automation job only when it claims that kind', async () => {
    const setup = await inboxProject(server);
    // Without rules no automation job is queued: nothing to wake a runner for.
    const before = worker(() => true);
    await before.intake.accept(customerWrites(setup, 'Halo'));
    expect(before.seen).toEqual({ asked: [], kicks: 0 });

    dataOf(
      await server.act('automation_rule_create', {
        token: setup.owner.token,
        key: setup.project.key,
        rule: {
          kind: 'auto_reply',
          name: 'harga',
          enabled: true,
          trigger: { kind: 'customer_message' },
          conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
          actions: [{ kind: 'send_text', text: 'Harga mulai Rp50.000.' }],
          quietPeriodMinutes: 60,
        },
      }),
    );
    // A web process's runner: asked, not woken.
    const web = worker((kind) => kind !== AUTOMATION_MESSAGE_JOB);
    await web.intake.accept(customerWrites(setup, 'Berapa harganya?'));
    expect(web.seen).toEqual({ asked: [AUTOMATION_MESSAGE_JOB], kicks: 0 });
    // A single process's runner claims it: woken once.
    const single = worker(() => true);
    await single.intake.accept(customerWrites(setup, 'Harga?'));
    expect(single.seen).toEqual({ asked: [AUTOMATION_MESSAGE_JOB], kicks: 1 });
    await Promise.all([before.intake.stop(), web.intake.stop(), single.intake.stop()]);
  });
});
