/**
 * The demo number's message templates (issue 15): three approved templates in Indonesian, so a
 * newcomer can reach a customer whose window has closed within a minute of signing in: a promo
 * with an image header, a payment reminder with a variable, and an order update with a link
 * button. The simulator plays Meta and forgets everything when the process stops, so every start
 * tells it the templates the project already holds (those the team made in the demo too, with
 * their status and Meta id), adds the demo's own where missing, and then syncs the project's copy
 * from it as `template_sync` does.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AccountRow, TemplateRow } from '../db/schema.ts';
import { templateCreateBody } from '../sdk.ts';
import type { TemplateDraft, TemplateLanguage } from '../sdk.ts';
import type { Simulator, TemplateStatusName } from '../simulator/index.ts';
import { listTemplates, syncAccountTemplates } from '../templates/index.ts';
import type { SyncResult, TemplateDeps } from '../templates/index.ts';

/**
 * Body examples written as quick-reply placeholders (`{nama}`) are filled from the customer when
 * the template picker opens (`prefillTemplateValues`).
 */
export const DEMO_TEMPLATES: readonly TemplateDraft[] = [
  {
    name: 'promo_akhir_pekan',
    language: 'id',
    category: 'MARKETING',
    header: { format: 'IMAGE', exampleUrl: 'https://tokodemo.example/promo/batik-parang.jpg' },
    body: 'Halo {{1}}, akhir pekan ini semua batik di Toko Demo diskon {{2}}! Tunjukkan pesan ini saat memesan, ya.',
    bodyExamples: ['{nama}', '20%'],
    footer: 'Balas BERHENTI untuk berhenti menerima promo',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Mau lihat katalog' },
      { type: 'QUICK_REPLY', text: 'Berhenti promo' },
    ],
  },
  {
    name: 'pengingat_pembayaran',
    language: 'id',
    category: 'UTILITY',
    header: null,
    body: 'Halo {{1}}, tagihan pesanan Anda sebesar {{2}} jatuh tempo hari ini. Abaikan pesan ini bila sudah membayar. Terima kasih!',
    bodyExamples: ['{nama}', 'Rp150.000'],
    footer: 'Toko Demo',
    buttons: [],
  },
  {
    name: 'update_pesanan',
    language: 'id',
    category: 'UTILITY',
    header: { format: 'TEXT', text: 'Pesanan Anda dikirim', example: null },
    body: 'Halo {{1}}, pesanan Anda sudah dikirim dan sedang dalam perjalanan. Lacak pengirimannya lewat tombol di bawah.',
    bodyExamples: ['{nama}'],
    footer: null,
    buttons: [
      {
        type: 'URL',
        text: 'Lacak pesanan',
        url: 'https://tokodemo.example/lacak/{{1}}',
        example: 'https://tokodemo.example/lacak/INV-1024',
      },
    ],
  },
];

/** A stored template as the create body Meta was sent for it. */
function draftOf(row: TemplateRow): TemplateDraft {
  return {
    name: row.name,
    // Meta's code as stored (`en_US` for Meta's own samples): the create body carries it as is.
    language: row.language as TemplateLanguage,
    category: row.category as TemplateDraft['category'],
    ...row.content,
  };
}

/**
 * Tells the demo's simulator the templates of the demo number's WABA (the project's stored ones
 * first, then the demo's own that are missing), then syncs the project's copy from it.
 */
export async function seedDemoTemplates(
  deps: TemplateDeps & { log: Pick<FastifyBaseLogger, 'warn'> },
  simulator: Simulator,
  account: AccountRow & { wabaId: string },
  key: string,
): Promise<SyncResult> {
  const { graph } = simulator;
  const known = (name: string, language: string) =>
    graph.templates.find(account.wabaId, name, language) !== undefined;
  const stored = await listTemplates(deps.db, account.projectId, account.wabaId);
  for (const row of stored) {
    if (known(row.name, row.language)) continue;
    try {
      graph.seedTemplate(account.wabaId, templateCreateBody(draftOf(row)), {
        status: row.status as TemplateStatusName,
        id: row.metaId,
        ...(row.reason === null ? {} : { reason: row.reason }),
      });
    } catch (error) {
      // A template Meta would refuse today (made under older rules): the sync removes it here.
      deps.log.warn({ err: error, template: row.name }, 'a stored demo template could not be restored');
    }
  }
  for (const draft of DEMO_TEMPLATES) {
    if (!known(draft.name, draft.language)) graph.seedTemplate(account.wabaId, templateCreateBody(draft));
  }
  return syncAccountTemplates(deps, account, key);
}
