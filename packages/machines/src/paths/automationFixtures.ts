/**
 * Automation's test rows (issue 18): project k1abcdefgh's auto-replies "Harga" (keywords, a text
 * with `{nama}`) and "Di luar jam kerja" (off), a page source over them, a try answer, and an
 * activity line.
 */
import type { AutomationActivity, AutomationRuleView, AutomationTryResult } from '@sapa/sdk';
import type {
  AutomationActivityPayload,
  AutomationListPayload,
  AutomationReferences,
} from '../automationActors.ts';
import { noReferences } from '../automationActors.ts';
import type { GalleryPage } from '../galleryActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { photo, video } from './galleryFixtures.ts';

export const automationKey = 'k1abcdefgh';

const owner = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Sari' };

export const priceRule: AutomationRuleView = {
  id: '00000000-0000-4000-8000-00000000a001',
  kind: 'auto_reply',
  name: 'Harga',
  enabled: true,
  position: 0,
  trigger: { kind: 'customer_message' },
  conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga', 'berapa'] }],
  actions: [{ kind: 'send_text', text: 'Halo {nama}, harga kami mulai Rp50.000.' }],
  quietPeriodMinutes: 60,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  createdBy: owner,
  updatedBy: owner,
  lastFiredAt: '2026-11-26T03:00:00.000Z',
  runningFollowUps: 0,
  last: false,
};

export const nightRule: AutomationRuleView = {
  ...priceRule,
  id: '00000000-0000-4000-8000-00000000a002',
  name: 'Di luar jam kerja',
  enabled: false,
  position: 1,
  last: true,
  trigger: { kind: 'outside_working_hours' },
  conditions: [],
  actions: [{ kind: 'send_text', text: 'Terima kasih, kami balas besok pagi.' }],
  lastFiredAt: null,
};

/** "Harga" switched off (what the update act answers). */
export const priceRuleOff: AutomationRuleView = {
  ...priceRule,
  enabled: false,
  updatedAt: '2026-11-27T02:00:00.000Z',
};

/** A follow-up sequence of two steps after a stage is entered. */
export const followUpRule: AutomationRuleView = {
  id: '00000000-0000-4000-8000-00000000a003',
  kind: 'follow_up',
  name: 'Tindak lanjut penawaran',
  enabled: true,
  position: 0,
  trigger: { kind: 'stage_entered', stageId: null },
  conditions: [],
  steps: [
    {
      delay: { amount: 1, unit: 'days' },
      message: { kind: 'send_text', text: 'Halo {nama}, ada pertanyaan?' },
    },
    {
      delay: { amount: 3, unit: 'days' },
      message: { kind: 'send_text', text: 'Penawaran berlaku sampai Jumat.' },
    },
  ],
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  createdBy: owner,
  updatedBy: owner,
  lastFiredAt: null,
  runningFollowUps: 2,
  last: true,
};

/** Broadcasts a `broadcast_reply` trigger may name: the newest, and an older one. */
export const broadcastPromo = { id: '00000000-0000-4000-8000-00000000e001', name: 'Promo Ramadan' };
export const broadcastCatalogue = { id: '00000000-0000-4000-8000-00000000e002', name: 'Katalog 2025' };

/** What a rule editor's pickers offer: no numbers, labels and so on yet; a gallery of two pages. */
export const editorReferences: AutomationReferences = { ...noReferences, gallery: [photo], galleryPages: 2 };

/** The gallery's second page (the editor's "load more"): an older file. */
export const olderGalleryPage: GalleryPage = {
  query: { kind: 'all', search: '', page: 1 },
  items: [video],
  totalPage: 2,
};

/** What the try box answers for "berapa harganya?" with "Harga". */
export const priceTried: AutomationTryResult = {
  at: '2026-11-27T03:00:00.000Z',
  timeZone: 'Asia/Jakarta',
  open: true,
  rules: [
    {
      id: null,
      name: 'Harga',
      kind: 'auto_reply',
      outcome: {
        fires: true,
        actions: priceRule.kind === 'auto_reply' ? priceRule.actions : [],
        keyword: 'harga',
      },
      applies: true,
      schedule: null,
    },
  ],
};

export const priceFired: AutomationActivity = {
  id: '00000000-0000-4000-8000-00000000b001',
  rule: { id: priceRule.id, name: priceRule.name, kind: 'auto_reply' },
  customer: { id: '00000000-0000-4000-8000-00000000c001', name: 'Budi', phone: '628120000****' },
  conversationId: '00000000-0000-4000-8000-00000000d001',
  messageId: null,
  event: 'message',
  outcome: 'fired',
  reason: null,
  keyword: 'harga',
  step: null,
  actions: [{ kind: 'send_text', status: 'done', reason: null, targetId: null }],
  at: '2026-11-26T03:00:00.000Z',
};

/** The auto-replies' pages ("Harga", "Di luar jam kerja"), searched by name; each asked for written to `effects`. */
export function createFakeRulePages(
  effects?: string[],
): FetchPage<AutomationRuleView, AutomationListPayload> {
  return ({ page, payload }) => {
    effects?.push(`rules page ${page + 1}${payload.search === undefined ? '' : ` search=${payload.search}`}`);
    const rows = [priceRule, nightRule].filter(
      (row) => payload.search === undefined || row.name.toLowerCase().includes(payload.search.toLowerCase()),
    );
    return Promise.resolve({ data: rows, total_page: rows.length === 0 ? 0 : 1 });
  };
}

/** One rule's activity: "Harga" answered Budi. */
export function createFakeActivityPages(
  effects?: string[],
): FetchPage<AutomationActivity, AutomationActivityPayload> {
  return ({ page, payload }) => {
    effects?.push(`activity page ${page + 1} rule=${String(payload.ruleId)}`);
    const rows = payload.ruleId === priceRule.id ? [priceFired] : [];
    return Promise.resolve({ data: rows, total_page: rows.length === 0 ? 0 : 1 });
  };
}

/** The lists the editor's references loader reads besides the gallery and the broadcasts. */
export const referenceLists = [
  'account_list',
  'label_list',
  'stage_list',
  'division_list',
  'chat_agent_list',
] as const;
