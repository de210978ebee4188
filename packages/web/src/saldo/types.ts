import type { Actor } from 'xstate';
import type { saldoMachine } from '@sapa/machines/billing';

/** The saldo page's actor, as its components share it. */
export type SaldoActor = Actor<typeof saldoMachine>;
