import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountsMachine, selectAccounts, selectAccountsStatus } from './accountsMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { mainNumber, secondNumber } from './paths/accountsModel.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('accounts', (get) => {
  it('adds a number once, normalised, and lists it after the first', () => {
    const creates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'account_create'),
    );
    expect(creates.length).toBeGreaterThan(0);
    for (const call of creates)
      expect(call.fields).toEqual({
        key: 'k1abcdefgh',
        name: 'Toko Cabang',
        phoneNumberId: '209876543210987',
        displayPhone: '+6281210009001',
        accessToken: 'EAAG-token',
      });
    const runs = runsThrough(get(), ['accounts.create', 'xstate.done.actor.save']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const saved = run.steps.find((step) => step.event.type === 'xstate.done.actor.save');
      const names = (saved?.snapshot.context['accounts'] as Array<{ name: string }>).map((a) => a.name);
      if (saved?.snapshot.context['change']?.kind === 'create')
        expect(names).toEqual(['Toko Utama', 'Toko Cabang']);
    }
  });

  it('keeps a refused field on its field and anything else as the change error', () => {
    const runs = runsThrough(get(), ['xstate.error.actor.save']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'xstate.error.actor.save');
      const context = step?.snapshot.context as { fieldErrors: object; changeError: unknown };
      expect(Object.keys(context.fieldErrors).length > 0 || context.changeError !== null).toBe(true);
      expect(Object.keys(context.fieldErrors).length > 0 && context.changeError !== null).toBe(false);
    }
  });

  it('follows live status changes', () => {
    const runs = runsThrough(get(), ['accounts.statusChanged']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'accounts.statusChanged');
      expect((step?.snapshot.context['accounts'] as Array<{ status: string }>)[0]?.status).toBe(
        'disconnected',
      );
    }
  });
});

function start() {
  const client = createFakeClient();
  const actor = createActor(accountsMachine, { input: { client, key: 'k1' } }).start();
  return { client, actor };
}

describe('accounts rules', () => {
  it('loads, reads empty or ready, and fails with retry', async () => {
    const { client, actor } = start();
    expect(selectAccountsStatus(actor.getSnapshot())).toBe('loading');
    client.settle('account_list', { data: [] });
    await flush();
    expect(selectAccountsStatus(actor.getSnapshot())).toBe('empty');

    const other = start();
    other.client.settle('account_list', { error: networkError });
    await flush();
    expect(selectAccountsStatus(other.actor.getSnapshot())).toBe('failed');
    other.actor.send({ type: 'accounts.retry' });
    other.client.settle('account_list', { data: [mainNumber] });
    await flush();
    expect(selectAccountsStatus(other.actor.getSnapshot())).toBe('ready');
    expect(selectAccounts(other.actor.getSnapshot())).toEqual([mainNumber]);
  });

  it('checks the new-number form before calling', async () => {
    const { client, actor } = start();
    client.settle('account_list', { data: [mainNumber] });
    await flush();
    actor.send({
      type: 'accounts.create',
      name: ' ',
      phoneNumberId: '12a',
      displayPhone: 'xx',
      accessToken: '',
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { key: 'validation.name' },
      phoneNumberId: { key: 'validation.phoneNumberId' },
      displayPhone: { key: 'validation.phone' },
      accessToken: { key: 'validation.required' },
    });
    expect(client.pending()).toEqual([]);
  });

  it('renames, renews the token, logs out, one change at a time', async () => {
    const { client, actor } = start();
    client.settle('account_list', { data: [mainNumber, secondNumber] });
    await flush();
    actor.send({ type: 'accounts.rename', id: mainNumber.id, name: ' Toko Pusat ' });
    actor.send({ type: 'accounts.logout', id: secondNumber.id }); // busy: ignored
    expect(client.pending()).toEqual([
      { name: 'account_update', fields: { key: 'k1', id: mainNumber.id, name: 'Toko Pusat' } },
    ]);
    client.settle('account_update', { data: { ...mainNumber, name: 'Toko Pusat' } });
    await flush();
    expect(selectAccounts(actor.getSnapshot()).map((a) => a.name)).toEqual(['Toko Pusat', 'Toko Cabang']);
    expect(actor.getSnapshot().context.saved).toBe(1);
    actor.send({ type: 'accounts.logout', id: secondNumber.id });
    client.settle('account_logout', { data: { ...secondNumber, status: 'logged_out' } });
    await flush();
    actor.send({ type: 'accounts.logout', id: secondNumber.id }); // already logged out
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'accounts.renewToken', id: secondNumber.id, accessToken: ' EAAG-2 ' });
    expect(client.pending()).toEqual([
      { name: 'account_update', fields: { key: 'k1', id: secondNumber.id, accessToken: 'EAAG-2' } },
    ]);
    client.settle('account_update', { error: apiError('forbidden', 'Anda tidak punya akses.') });
    await flush();
    expect(actor.getSnapshot().context.changeError).toEqual({
      reason: 'forbidden',
      message: 'Anda tidak punya akses.',
    });
    actor.send({ type: 'accounts.dismiss' });
    expect(actor.getSnapshot().context.changeError).toBeNull();
  });

  it('takes live status changes in any state and refreshes after a reconnection', async () => {
    const { client, actor } = start();
    client.settle('account_list', { data: [mainNumber] });
    await flush();
    actor.send({ type: 'accounts.statusChanged', accountId: mainNumber.id, status: 'logged_out' });
    expect(selectAccounts(actor.getSnapshot())[0]?.status).toBe('logged_out');
    actor.send({ type: 'accounts.resync' });
    client.settle('account_list', { data: [mainNumber, secondNumber] });
    await flush();
    expect(selectAccounts(actor.getSnapshot())).toEqual([mainNumber, secondNumber]);
  });
});
