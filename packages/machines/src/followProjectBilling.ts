/**
 * The billing page's live events (DESIGN.md "Real-time"): the socket's `billing.updated` of its
 * project and `saldo.updated`, and the connection's `resync`, as projectBillingMachine's events.
 */
import type { ServerEventName, ServerToClientEvents } from '@sapa/sdk';
import type { ProjectBillingEvent } from './projectBillingTypes.ts';

/** The socket's events, as far as the billing page needs them. */
export interface BillingEventSource {
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
}

/** The connection, as far as the billing page needs it (`resync`: back after a drop). */
export interface BillingResyncSource {
  on(type: 'resync', handler: () => void): { unsubscribe(): void };
}

/**
 * Feeds the billing page of project `key` its live events: `billing.updated` of that project,
 * `saldo.updated` (the pay dialog's saldo), and `billing.resync` when the connection is back;
 * answers the function that stops.
 */
export function followProjectBilling(
  source: BillingEventSource,
  connection: BillingResyncSource,
  key: string,
  target: { send(event: ProjectBillingEvent): void },
): () => void {
  const offs = [
    source.on('billing.updated', (event) => {
      if (event.key !== key) return;
      target.send({
        type: 'billing.updated',
        billing: event.billing,
        ...(event.entry === undefined ? {} : { entry: event.entry }),
      });
    }),
    source.on('saldo.updated', (event) => target.send({ type: 'billing.saldoUpdated', saldo: event.saldo })),
  ];
  const resync = connection.on('resync', () => target.send({ type: 'billing.resync' }));
  return () => {
    for (const off of offs) off();
    resync.unsubscribe();
  };
}
