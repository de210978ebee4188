import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { WhatsAppAccount } from '@sapa/sdk';
import { accountsMachine, selectAccounts, selectAccountsStatus } from './accountsMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { mainNumber, secondNumber } from './paths/accountsModel.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('accounts', (get) => {
  it('lists the number the verification form added, after the first, and keeps it as added', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.form']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'xstate.done.actor.form');
      const context = step?.snapshot.context as { accounts: WhatsAppAccount[]; added: WhatsAppAccount };
      expect(context.accounts.map((a) => a.name)).toEqual(['Toko Utama', 'Toko Cabang']);
      expect(context.added).toEqual(secondNumber);
      // A fresh form waits for the next number.
      expect(step?.snapshot.children['form']).toBeDefined();
    }
  });

  it('calls each change once with its own act', () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls.map((call) => call.name));
    for (const act of ['account_update', 'account_refresh', 'account_logout', 'account_delete'])
      expect(calls).toContain(act);
    expect(calls).not.toContain('account_create');
  });

  it('drops a deleted number from the list, whether deleted here or elsewhere', () => {
    const runs = [
      ...runsThrough(get(), ['accounts.delete', 'xstate.done.actor.save']),
      ...runsThrough(get(), ['accounts.deleted']),
    ];
    expect(runs.length).toBeGreaterThan(1);
    for (const { run } of runs) {
      const step = run.steps.find(
        (s) =>
          s.event.type === 'accounts.deleted' ||
          (s.event.type === 'xstate.done.actor.save' && s.snapshot.context['change']?.kind === 'delete'),
      );
      if (step === undefined) continue;
      expect((step.snapshot.context['accounts'] as WhatsAppAccount[]).map((a) => a.id)).not.toContain(
        mainNumber.id,
      );
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

  it('runs the verification form once listed, and a fresh one after each number it adds', async () => {
    const { client, actor } = start();
    expect(actor.getSnapshot().children.form).toBeUndefined();
    client.settle('account_list', { data: [mainNumber] });
    await flush();
    const form = actor.getSnapshot().children.form;
    expect(form).toBeDefined();
    for (const [field, value] of Object.entries({
      name: 'Toko Cabang',
      wabaId: '102030405060708',
      phoneNumberId: '209876543210987',
      accessToken: 'EAAG',
    }))
      form?.send({ type: 'accountForm.change', field: field as 'name', value });
    form?.send({ type: 'accountForm.submit' });
    client.settle('account_create', { data: secondNumber });
    await flush();
    expect(selectAccounts(actor.getSnapshot())).toEqual([mainNumber, secondNumber]);
    expect(actor.getSnapshot().context.added).toEqual(secondNumber);
    expect(actor.getSnapshot().children.form).not.toBe(form);
    // Deleted elsewhere: it leaves the list and is no longer "just added".
    actor.send({ type: 'accounts.deleted', accountId: secondNumber.id });
    expect(actor.getSnapshot().context.added).toBeNull();
    expect(selectAccounts(actor.getSnapshot())).toEqual([mainNumber]);
  });

  it('reads a number from Meta again and deletes one', async () => {
    const { client, actor } = start();
    client.settle('account_list', { data: [mainNumber, secondNumber] });
    await flush();
    actor.send({ type: 'accounts.refresh', id: mainNumber.id });
    expect(client.pending()).toEqual([{ name: 'account_refresh', fields: { key: 'k1', id: mainNumber.id } }]);
    client.settle('account_refresh', { data: { ...mainNumber, qualityRating: 'YELLOW' } });
    await flush();
    expect(selectAccounts(actor.getSnapshot())[0]?.qualityRating).toBe('YELLOW');
    actor.send({ type: 'accounts.delete', id: secondNumber.id });
    expect(client.pending()).toEqual([
      { name: 'account_delete', fields: { key: 'k1', id: secondNumber.id } },
    ]);
    client.settle('account_delete', { data: { id: secondNumber.id } });
    await flush();
    expect(selectAccounts(actor.getSnapshot()).map((a) => a.id)).toEqual([mainNumber.id]);
    expect(actor.getSnapshot().context.saved).toBe(2);
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

  it("gives a number stored without a WABA its WABA id, keeping Meta's refusal beside the field", async () => {
    const { client, actor } = start();
    client.settle('account_list', { data: [{ ...mainNumber, wabaId: null }] });
    await flush();
    actor.send({ type: 'accounts.setWaba', id: mainNumber.id, wabaId: '12ab' });
    expect(client.pending()).toEqual([]);
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['wabaId']);
    actor.send({ type: 'accounts.setWaba', id: mainNumber.id, wabaId: ' 109999999999999 ' });
    expect(client.pending()).toEqual([
      { name: 'account_update', fields: { key: 'k1', id: mainNumber.id, wabaId: '109999999999999' } },
    ]);
    client.settle('account_update', {
      error: apiError('invalid_input', 'Periksa kembali isian Anda.', {
        errors: { wabaId: 'Nomor ini tidak termasuk WhatsApp Business Account tersebut.' },
      }),
    });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors.wabaId).toBeDefined();
    actor.send({ type: 'accounts.setWaba', id: mainNumber.id, wabaId: mainNumber.wabaId ?? '' });
    client.settle('account_update', { data: mainNumber });
    await flush();
    expect(selectAccounts(actor.getSnapshot())[0]?.wabaId).toBe(mainNumber.wabaId);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it("sets a number's broadcast rate, empty for Meta's default, refusing anything but 1 to 1,000", async () => {
    const { client, actor } = start();
    client.settle('account_list', { data: [mainNumber] });
    await flush();
    for (const rate of ['0', '1001', '2,5', 'cepat']) {
      actor.send({ type: 'accounts.setRate', id: mainNumber.id, rate });
      expect(actor.getSnapshot().context.fieldErrors, rate).toEqual({
        broadcastRate: { key: 'validation.broadcastRate' },
      });
    }
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'accounts.setRate', id: mainNumber.id, rate: ' 1.000 ' });
    expect(client.pending()).toEqual([
      { name: 'account_update', fields: { key: 'k1', id: mainNumber.id, broadcastRate: 1000 } },
    ]);
    client.settle('account_update', { data: { ...mainNumber, broadcastRate: 1000 } });
    await flush();
    expect(selectAccounts(actor.getSnapshot())[0]?.broadcastRate).toBe(1000);
    actor.send({ type: 'accounts.setRate', id: mainNumber.id, rate: '' });
    expect(client.pending()).toEqual([
      { name: 'account_update', fields: { key: 'k1', id: mainNumber.id, broadcastRate: null } },
    ]);
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
