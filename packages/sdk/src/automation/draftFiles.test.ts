import { describe, expect, it } from 'vitest';
import type { AutomationRuleDraft, FollowUpStep } from '../contract/automationTypes.ts';
import { draftGalleryIds } from './draftFiles.ts';

const template = (headerMediaId?: string) => ({
  kind: 'send_template' as const,
  templateId: 'tpl',
  values: { body: [], ...(headerMediaId === undefined ? {} : { headerMediaId }) },
});

/** A draft of `kind` on the customer's message, with `body` (its actions or its steps). */
const draftOf = (kind: 'auto_reply' | 'follow_up', body: Record<string, unknown>) =>
  ({
    kind,
    name: 'Uji',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [],
    ...body,
  }) as unknown as AutomationRuleDraft;
const reply = (actions: unknown[]) => draftOf('auto_reply', { actions, quietPeriodMinutes: 0 });
const followUp = (steps: FollowUpStep[]) => draftOf('follow_up', { steps });

const delay = { amount: 2, unit: 'minutes' } as const;

describe('draftGalleryIds', () => {
  it("names a rule's file messages and templates' media headers, once each, in order", () => {
    const draft = reply([
      { kind: 'send_text', text: 'Halo' },
      { kind: 'send_media', galleryItemId: 'photo', caption: '' },
      template('brochure'),
      { kind: 'add_label', labelId: 'photo' },
      { kind: 'send_media', galleryItemId: 'photo', caption: 'again' },
      template(),
    ]);
    expect(draftGalleryIds(draft)).toEqual(['photo', 'brochure']);
  });

  it("reads a follow-up's steps and their fallback templates", () => {
    const draft = followUp([
      {
        delay,
        message: { kind: 'send_media', galleryItemId: 'video', caption: '' },
        fallback: template('poster'),
      },
      { delay, message: { kind: 'send_text', text: 'Masih tertarik?' } },
      { delay, message: template('menu') },
    ]);
    expect(draftGalleryIds(draft)).toEqual(['video', 'poster', 'menu']);
  });

  it('leaves out a file not picked yet', () => {
    expect(draftGalleryIds(reply([{ kind: 'send_media', galleryItemId: '', caption: '' }]))).toEqual([]);
    expect(draftGalleryIds(followUp([]))).toEqual([]);
  });
});
