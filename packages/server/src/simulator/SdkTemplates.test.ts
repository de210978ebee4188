import { afterEach, describe, expect, it } from 'vitest';
import {
  templateCreateBody,
  templateFromMeta,
  templateSendComponents,
  templateValueProblems,
} from '../sdk.ts';
import type { TemplateDraft, TemplateValues } from '../sdk.ts';
import { GraphApiServer } from './GraphApiServer.ts';
import { TemplateStore } from './TemplateStore.ts';

/**
 * The SDK's Graph bodies against the simulated Meta: what the server will build with
 * `templateCreateBody` and `templateSendComponents` is what Meta accepts, and what it reads back
 * with `templateFromMeta` is what was drafted.
 */
const WABA = '102938475610293';
const account = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'sdk-token',
  wabaId: WABA,
};

let server: GraphApiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = new GraphApiServer({
    accounts: [account],
    templates: new TemplateStore({ sampleTemplates: false }),
    templateReviewMs: null,
  });
  const baseUrl = await server.listen();
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/v24.0/${path}`, {
      method,
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  return { server, call };
}

const draft: TemplateDraft = {
  name: 'status_pesanan',
  language: 'id',
  category: 'UTILITY',
  header: { format: 'IMAGE', exampleUrl: 'https://toko.example.com/contoh-paket.jpg' },
  body: 'Halo {{1}}, pesanan {{2}} sedang dikirim.',
  bodyExamples: ['Budi', 'INV-42'],
  footer: 'Terima kasih sudah berbelanja',
  buttons: [
    {
      type: 'URL',
      text: 'Lacak paket',
      url: 'https://toko.example.com/o/{{1}}',
      example: 'https://toko.example.com/o/INV-42',
    },
    { type: 'QUICK_REPLY', text: 'Tanya admin' },
  ],
};

describe('the SDK against the simulated Meta', () => {
  it('creates, reads back and sends a template exactly as drafted', async () => {
    const { server, call } = await start();
    const created = await call('POST', `${WABA}/message_templates`, templateCreateBody(draft));
    expect(created).toMatchObject({ status: 200, json: { status: 'PENDING', category: 'UTILITY' } });
    await server.reviewNow();
    const listed = await call(
      'GET',
      `${WABA}/message_templates?fields=id,name,language,status,category,previous_category,parameter_format,components,rejected_reason`,
    );
    const [item] = listed.json.data as Record<string, unknown>[];
    const read = templateFromMeta(item ?? {});
    expect(read).toMatchObject({
      metaId: created.json.id,
      name: 'status_pesanan',
      status: 'APPROVED',
      reason: null,
      unsupported: [],
    });
    const { name: _name, language: _language, category: _category, ...content } = draft;
    expect(read.content).toEqual(content);

    const values: TemplateValues = {
      body: ['Sari', 'INV-77'],
      headerMediaId: 'gallery-1',
      buttonUrl: 'INV-77',
    };
    expect(templateValueProblems(read.content, values)).toEqual([]);
    const components = templateSendComponents(read.content, values, {
      link: 'https://toko.example.com/paket-77.jpg',
    });
    const send = (parts: unknown) =>
      call('POST', `${account.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: '6281234567890',
        type: 'template',
        template: { name: 'status_pesanan', language: { code: 'id' }, components: parts },
      });
    expect(await send(components)).toMatchObject({
      status: 200,
      json: { messages: [{ message_status: 'accepted' }] },
    });
    // Without the header's file the SDK leaves the header out, and Meta answers 132012.
    expect(await send(templateSendComponents(read.content, values))).toMatchObject({
      status: 400,
      json: { error: { code: 132012 } },
    });
    // A value the SDK flags is one Meta refuses.
    const tabbed = { ...values, body: ['Sari\tDewi', 'INV-77'] };
    expect(templateValueProblems(read.content, tabbed)).not.toEqual([]);
    expect(await send(templateSendComponents(read.content, tabbed, { id: '1' }))).toMatchObject({
      status: 400,
      json: { error: { code: 100 } },
    });
  });
});
