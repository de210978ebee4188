import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELDS_MAX } from '@sapa/sdk';
import { checkCustomer, customerSave, customerServerErrors, draftOf, isMaskedPhone } from './customerForm.ts';
import type { CustomerDraft } from './customerForm.ts';
import { customerFormMachine, selectCanAddField, selectPhoneEditable } from './customerFormMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { customerKey, fieldRefused, maskedWati, phoneTaken, sari } from './paths/customerFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('customerForm', (get) => {
  it('creates with the phone in E.164, the name and note trimmed and the custom fields named', () => {
    const creates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'customer_create'),
    );
    expect(creates).toContainEqual({
      name: 'customer_create',
      fields: {
        key: customerKey,
        name: 'Sari Dewi',
        phone: '+6281234567001',
        notes: 'Suka batik tulis',
        customFields: { kota: 'Bandung' },
      },
    });
    for (const call of creates) expect((call.fields as { phone: string }).phone).toMatch(/^\+62\d+$/);
  });

  it('sends an edit without the phone, which did not change', () => {
    const updates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'customer_update'),
    );
    expect(updates).toContainEqual({
      name: 'customer_update',
      fields: {
        key: customerKey,
        id: sari.id,
        name: 'Sari Ayu',
        notes: 'Pelanggan lama',
        customFields: { kota: 'Jakarta' },
      },
    });
    for (const call of updates) expect(call.fields).not.toHaveProperty('phone');
  });

  it('puts a taken phone beside the phone and a refused custom field beside its row', () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((step) => step.event.type === 'xstate.error.actor.save');
    const errorsAfter = (error: unknown) =>
      steps.filter((step) => step.event['error'] === error).map((step) => step.snapshot.context['errors']);
    expect(errorsAfter(phoneTaken)).toContainEqual({
      fields: { phone: { message: 'Pelanggan dengan nomor ini sudah ada.' } },
      rows: {},
    });
    expect(errorsAfter(fieldRefused)).toContainEqual({
      fields: {},
      rows: { 1: { name: { message: 'Tidak valid.' } } },
    });
    for (const step of steps.filter((s) => s.event['error'] === networkError))
      expect(step.snapshot.context['saveError']).toMatchObject({ reason: 'network' });
    for (const step of steps) expect(step.snapshot.value).toBe('filling');
  });

  it('shows every check error at once and saves nothing while one is left', () => {
    const runs = runsThrough(get(), ['customerForm.save']).filter(({ path }) => path.start === 0);
    const empty = runs
      .flatMap(({ run }) => run.steps)
      .filter((step) => step.event.type === 'customerForm.save' && step.snapshot.value === 'filling')
      .find((step) => (step.snapshot.context['draft'] as { name: string }).name === '');
    expect(runs.flatMap(({ run }) => run.world.client.calls)).not.toContainEqual(
      expect.objectContaining({ fields: expect.objectContaining({ name: '' }) }),
    );
    expect(empty?.snapshot.context['errors']).toEqual({
      fields: { name: { key: 'validation.name' }, phone: { key: 'validation.required' } },
      rows: {},
    });
  });
});

const draft = (fields: CustomerDraft['fields'], more: Partial<CustomerDraft> = {}): CustomerDraft => ({
  name: 'Sari',
  phone: '081234567001',
  notes: '',
  fields,
  optedOut: false,
  ...more,
});
const row = (id: number, name: string, value = 'x') => ({ id, name, value });

describe('customer form checks', () => {
  it('takes a valid customer, trimmed, with blank rows dropped', () => {
    expect(
      checkCustomer(
        draft([row(1, ' kota ', ' Bandung '), row(2, '', ''), row(3, 'Nama ibu_2', '')], { notes: ' ok ' }),
        {
          phoneEditable: true,
        },
      ),
    ).toEqual({
      ok: true,
      value: {
        name: 'Sari',
        phone: '+6281234567001',
        notes: 'ok',
        customFields: { kota: 'Bandung', 'Nama ibu_2': '' },
      },
    });
    expect(checkCustomer(draft([row(1, 'Kota Asal', 'Bandung')]), { phoneEditable: true }).ok).toBe(true);
    expect(checkCustomer(draft([row(1, 'alamat_rumah', 'Jl. Merdeka')]), { phoneEditable: true }).ok).toBe(
      true,
    );
  });

  it('refuses a missing name and phone, a phone that is not one, and a note too long', () => {
    expect(checkCustomer(draft([], { name: ' ', phone: '' }), { phoneEditable: true })).toEqual({
      ok: false,
      errors: {
        fields: { name: { key: 'validation.name' }, phone: { key: 'validation.required' } },
        rows: {},
      },
    });
    const bad = checkCustomer(draft([], { name: 'x'.repeat(101), phone: '12ab', notes: 'n'.repeat(5001) }), {
      phoneEditable: true,
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        fields: {
          name: { key: 'validation.name' },
          phone: { key: 'validation.phone' },
          notes: { key: 'customers.form.notesMax' },
        },
        rows: {},
      },
    });
  });

  it('refuses custom field names that break the rules, twice-used names and long values, per row', () => {
    const checked = checkCustomer(
      draft([
        row(1, 'kota'),
        row(2, 'Kota'),
        row(3, 'no-hp!'),
        row(4, 'n'.repeat(41)),
        row(5, '', 'tanpa nama'),
        row(6, 'catatan', 'v'.repeat(1001)),
      ]),
      { phoneEditable: true },
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        fields: {},
        rows: {
          2: { name: { key: 'customers.form.fieldNameTaken' } },
          3: { name: { key: 'customers.form.fieldNameRule' } },
          4: { name: { key: 'customers.form.fieldNameRule' } },
          5: { name: { key: 'customers.form.fieldNameRequired' } },
          6: { value: { key: 'customers.form.fieldValueMax' } },
        },
      },
    });
  });

  it('refuses more than 30 custom fields', () => {
    const many = Array.from({ length: CUSTOM_FIELDS_MAX + 1 }, (_, i) => row(i + 1, `f${i}`));
    const checked = checkCustomer(draft(many), { phoneEditable: true });
    expect(checked.ok ? null : checked.errors.fields).toEqual({
      customFields: { key: 'customers.form.tooManyFields' },
    });
    expect(checkCustomer(draft(many.slice(1)), { phoneEditable: true }).ok).toBe(true);
  });

  it('skips a masked phone, which cannot be edited or sent', () => {
    expect(isMaskedPhone(maskedWati.phone)).toBe(true);
    const checked = checkCustomer(draftOf(maskedWati), { phoneEditable: false });
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(customerSave(maskedWati, checked.value)).not.toHaveProperty('phone');
  });

  it('sends an edited phone, and a new customer whole', () => {
    const values = { name: 'Sari', phone: '+6281234567999', notes: '', customFields: {} };
    expect(customerSave(sari, values)).toEqual({
      id: sari.id,
      name: 'Sari',
      notes: '',
      customFields: {},
      phone: values.phone,
    });
    expect(customerSave(sari, { ...values, phone: sari.phone })).toEqual({
      id: sari.id,
      name: 'Sari',
      notes: '',
      customFields: {},
    });
    expect(customerSave(null, values)).toEqual({ id: null, ...values });
  });

  it("places the server's field errors on their fields and rows", () => {
    const form = draft([row(1, 'kota'), row(2, 'umur')]);
    expect(
      customerServerErrors(
        {
          reason: 'invalid_input',
          errors: { name: 'Wajib.', 'customFields.umur': 'Tidak valid.', 'customFields.x': 'Salah.' },
        },
        form,
      ),
    ).toEqual({
      fields: { name: { message: 'Wajib.' }, customFields: { message: 'Salah.' } },
      rows: { 2: { name: { message: 'Tidak valid.' } } },
    });
    expect(customerServerErrors(new Error('offline'), form)).toEqual({ fields: {}, rows: {} });
  });

  it('opens an edit with the custom fields as rows in name order', () => {
    expect(draftOf({ ...sari, customFields: { umur: '30', kota: 'Bandung' } }).fields).toEqual([
      { id: 1, name: 'kota', value: 'Bandung' },
      { id: 2, name: 'umur', value: '30' },
    ]);
  });
});

describe('customer form machine', () => {
  it('keeps a masked phone out of the form and of the update', async () => {
    const client = createFakeClient();
    const actor = createActor(customerFormMachine, {
      input: { client, key: customerKey, customer: maskedWati },
    }).start();
    expect(selectPhoneEditable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'customerForm.name', value: 'Wati S' });
    actor.send({ type: 'customerForm.save' });
    expect(client.pending()).toEqual([
      {
        name: 'customer_update',
        fields: { key: customerKey, id: maskedWati.id, name: 'Wati S', notes: '', customFields: {} },
      },
    ]);
    client.settle('customer_update', { data: { ...maskedWati, name: 'Wati S' } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      customer: { ...maskedWati, name: 'Wati S' },
      created: false,
    });
  });

  it('adds no more than 30 rows, and a changed field loses its error', () => {
    const actor = createActor(customerFormMachine, {
      input: { client: createFakeClient(), key: customerKey, customer: null },
    }).start();
    for (let i = 0; i < CUSTOM_FIELDS_MAX + 2; i += 1) actor.send({ type: 'customerForm.addField' });
    expect(actor.getSnapshot().context.draft.fields).toHaveLength(CUSTOM_FIELDS_MAX);
    expect(selectCanAddField(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'customerForm.fieldValue', row: 1, value: 'tanpa nama' });
    actor.send({ type: 'customerForm.save' });
    expect(Object.keys(actor.getSnapshot().context.errors.rows)).toEqual(['1']);
    actor.send({ type: 'customerForm.fieldName', row: 1, value: 'kota' });
    expect(actor.getSnapshot().context.errors.rows).toEqual({});
    expect(actor.getSnapshot().context.errors.fields).toEqual({
      name: { key: 'validation.name' },
      phone: { key: 'validation.required' },
    });
    actor.send({ type: 'customerForm.name', value: 'Rina' });
    expect(actor.getSnapshot().context.errors.fields).toEqual({ phone: { key: 'validation.required' } });
  });

  it('ends with no output when cancelled', () => {
    const actor = createActor(customerFormMachine, {
      input: { client: createFakeClient(), key: customerKey, customer: sari },
    }).start();
    actor.send({ type: 'customerForm.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
  });
});

describe('the opt-out of broadcasts in the customer form', () => {
  it('is sent after the edit only when it changed, and the saved customer shows it', async () => {
    const client = createFakeClient();
    const actor = createActor(customerFormMachine, {
      input: { client, key: customerKey, customer: sari, canOptOut: true },
    });
    actor.start();
    actor.send({ type: 'customerForm.optedOut', value: true });
    actor.send({ type: 'customerForm.save' });
    client.settle('customer_update', { data: sari });
    await flush();
    expect(client.pending()).toEqual([
      { name: 'customer_opt_out', fields: { key: customerKey, customerId: sari.id, optedOut: true } },
    ]);
    const optedOutAt = '2025-03-06T01:00:00.000Z';
    client.settle('customer_opt_out', { data: { customerId: sari.id, optedOutAt, optedOutVia: 'agent' } });
    await flush();
    expect(actor.getSnapshot().output).toEqual({
      customer: { ...sari, optedOutAt, optedOutVia: 'agent' },
      created: false,
    });
    // Ticked and unticked again: nothing to send.
    expect(
      customerSave(sari, { name: 'Sari', phone: sari.phone, notes: '', customFields: {} }, false),
    ).not.toHaveProperty('optedOut');
  });

  it('cannot be changed without crm.customer.edit', () => {
    const actor = createActor(customerFormMachine, {
      input: { client: createFakeClient(), key: customerKey, customer: sari },
    });
    actor.start();
    actor.send({ type: 'customerForm.optedOut', value: true });
    expect(actor.getSnapshot().context.draft.optedOut).toBe(false);
  });
});
