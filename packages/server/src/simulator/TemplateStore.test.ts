import { describe, expect, it } from 'vitest';
import { loadFixture } from '../channels/whatsapp/fixtures/loadFixture.ts';
import { TemplateStore } from './TemplateStore.ts';
import { parseTemplateCreate } from './templateWire.ts';
import type { TemplateDefinition } from './templateWire.ts';

const WABA = '102938475610293';
const DAY = 24 * 3_600_000;

function definition(json: unknown): TemplateDefinition {
  const parsed = parseTemplateCreate(json);
  if (!parsed.ok) throw new Error('refused');
  return parsed.definition;
}

const reminder = (text = 'Halo {{1}}, tagihan {{2}} jatuh tempo besok.', language = 'id') => ({
  name: 'pengingat_bayar',
  language,
  category: 'UTILITY',
  components: [{ type: 'BODY', text, example: { body_text: [['Budi', 'INV-7']] } }],
});

function created(store: TemplateStore, json: unknown, waba = WABA) {
  const result = store.create(waba, definition(json));
  if (!result.ok) throw new Error(JSON.stringify(result.error.body));
  return result.template;
}

describe('TemplateStore', () => {
  it("gives every WABA Meta's approved hello_world sample, unless told not to", () => {
    expect(new TemplateStore().list(WABA)).toMatchObject([
      { name: 'hello_world', language: 'en_US', category: 'UTILITY', status: 'APPROVED' },
    ]);
    expect(new TemplateStore({ sampleTemplates: false }).list(WABA)).toEqual([]);
  });

  it('creates PENDING, reviews once to APPROVED, and answers the status change', () => {
    const store = new TemplateStore({ now: () => 1_763_782_000_000, sampleTemplates: false });
    const template = created(store, reminder());
    expect(template).toMatchObject({ status: 'PENDING', wabaId: WABA, rejectedReason: 'NONE' });
    expect(template.id).toMatch(/^[1-8]\d{15}$/);
    expect(store.pendingReviews()).toEqual([{ wabaId: WABA, id: template.id }]);
    expect(store.review(WABA, template.id)).toEqual({
      wabaId: WABA,
      field: 'message_template_status_update',
      value: {
        event: 'APPROVED',
        message_template_id: Number(template.id),
        message_template_name: 'pengingat_bayar',
        message_template_language: 'id',
        reason: 'NONE',
        message_template_category: 'UTILITY',
      },
    });
    expect(store.review(WABA, template.id)).toBeNull();
    expect(store.pendingReviews()).toEqual([]);
    expect(store.find(WABA, 'pengingat_bayar', 'id')?.status).toBe('APPROVED');
  });

  it('rejects on review what breaks the format rules, with rejection_info', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    const template = created(store, reminder('{{1}}, tagihan {{2}} jatuh tempo besok.'));
    const change = store.review(WABA, template.id);
    expect(change?.value).toMatchObject({
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      rejection_info: { reason: expect.stringContaining('starts or ends') as unknown },
    });
    expect(store.find(WABA, 'pengingat_bayar', 'id')).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'INVALID_FORMAT',
    });
  });

  it('refuses a name and language the WABA has (2388024), not another language or WABA', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    created(store, reminder());
    const again = store.create(WABA, definition(reminder()));
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.body.error).toMatchObject({
        code: 100,
        error_subcode: 2388024,
        error_user_title: 'Content in This Language Already Exists',
      });
    }
    expect(store.create(WABA, definition(reminder(undefined, 'en'))).ok).toBe(true);
    expect(store.create('999888777666555', definition(reminder())).ok).toBe(true);
  });

  it('deletes every language of a name, or one by id; an approved name is blocked for 30 days', () => {
    let now = 1_763_782_000_000;
    const store = new TemplateStore({ now: () => now, sampleTemplates: false });
    const indonesian = store.seed(WABA, reminder());
    store.seed(WABA, reminder(undefined, 'en'));
    const byId = store.delete(WABA, 'pengingat_bayar', indonesian.id);
    expect(byId.ok && byId.deleted.map((template) => template.language)).toEqual(['id']);
    expect(store.find(WABA, 'pengingat_bayar', 'en')).toBeDefined();
    expect(store.delete(WABA, 'pengingat_bayar').ok).toBe(true);
    expect(store.list(WABA)).toEqual([]);
    const missing = store.delete(WABA, 'pengingat_bayar');
    expect(!missing.ok && missing.error.body.error.error_user_title).toBe('Message Template Not Found');
    const blocked = store.create(WABA, definition(reminder()));
    expect(!blocked.ok && blocked.error.body.error.error_subcode).toBe(2388023);
    now += 30 * DAY;
    expect(store.create(WABA, definition(reminder())).ok).toBe(true);
  });

  it('does not delete a disabled template', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    store.seed(WABA, reminder(), { status: 'DISABLED' });
    const refused = store.delete(WABA, 'pengingat_bayar');
    expect(!refused.ok && refused.error.body.error.error_user_title).toBe(
      "Message Template Can't Be Deleted",
    );
    expect(store.list(WABA)).toHaveLength(1);
  });

  it('pauses for 3 hours, then 6, unpauses, disables, with the webhook details of each', () => {
    const store = new TemplateStore({ now: () => 1_764_041_200_000, sampleTemplates: false });
    store.seed(WABA, reminder());
    const first = store.setStatus(WABA, 'pengingat_bayar', 'PAUSED');
    expect(first.value).toMatchObject({
      event: 'PAUSED',
      reason: 'NONE',
      other_info: { title: 'FIRST_PAUSE', description: expect.stringContaining('3 hours') as unknown },
    });
    expect(store.setStatus(WABA, 'pengingat_bayar', 'APPROVED').value).toMatchObject({
      event: 'APPROVED',
      other_info: { title: 'UNPAUSE' },
    });
    expect(store.setStatus(WABA, 'pengingat_bayar', 'PAUSED').value).toMatchObject({
      other_info: { title: 'SECOND_PAUSE', description: expect.stringContaining('6 hours') as unknown },
    });
    expect(store.setStatus(WABA, 'pengingat_bayar', 'DISABLED').value).toMatchObject({
      event: 'DISABLED',
      disable_info: { disable_date: 1_764_041_200 },
    });
    expect(store.setStatus(WABA, 'pengingat_bayar', 'REJECTED', { reason: 'SCAM' }).value).toEqual(
      expect.not.objectContaining({ rejection_info: expect.anything() as unknown }),
    );
  });

  it('a status set by hand before the review wins: the review then does nothing', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    const template = created(store, reminder());
    store.setStatus(WABA, template.id, 'REJECTED', { reason: 'TAG_CONTENT_MISMATCH' });
    expect(store.review(WABA, template.id)).toBeNull();
    expect(store.find(WABA, 'pengingat_bayar', 'id')).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'TAG_CONTENT_MISMATCH',
    });
  });

  it('recategorises at once (keeping the previous category) or only announces it', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    const seeded = store.seed(WABA, reminder());
    const notice = store.recategorize(WABA, seeded.id, 'MARKETING', { impendingAt: 1_764_041_200_000 });
    expect(notice.value).toEqual({
      message_template_id: Number(seeded.id),
      message_template_name: 'pengingat_bayar',
      message_template_language: 'id',
      new_category: 'UTILITY',
      correct_category: 'MARKETING',
      category_update_timestamp: 1_764_041_200,
    });
    expect(store.get(WABA, seeded.id).category).toBe('UTILITY');
    const done = store.recategorize(WABA, seeded.id, 'MARKETING');
    expect(done.value).toMatchObject({ previous_category: 'UTILITY', new_category: 'MARKETING' });
    expect(store.get(WABA, seeded.id)).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY' });
  });

  it('names templates by id, or by name with a language when it has several', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    store.seed(WABA, reminder());
    store.seed(WABA, reminder(undefined, 'en'));
    expect(() => store.get(WABA, 'pengingat_bayar')).toThrow(/several languages/);
    expect(store.get(WABA, 'pengingat_bayar', 'en').language).toBe('en');
    expect(() => store.get(WABA, 'promo')).toThrow(/no template promo/);
  });

  it('seeds with a chosen id and status, and refuses a bad body with its reason', () => {
    const store = new TemplateStore({ sampleTemplates: false });
    const seeded = store.seed(WABA, loadFixture('templates/create-request-marketing-named.json'), {
      id: '1304694804498707',
    });
    expect(seeded).toMatchObject({ id: '1304694804498707', status: 'APPROVED', parameterFormat: 'NAMED' });
    expect(() => store.seed(WABA, { ...reminder(), name: 'Bad Name' })).toThrow(/lowercase letters/);
    expect(() => store.seed(WABA, loadFixture('templates/create-request-marketing-named.json'))).toThrow(
      /already id content/,
    );
  });
});
