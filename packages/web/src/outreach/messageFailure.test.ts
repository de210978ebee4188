import { describe, expect, it } from 'vitest';
import { translate } from '@sapa/sdk';
import { loadTemplateTexts } from '../i18n/templateTexts.ts';
import { failureText } from './messageFailure.ts';

// As the chat screen does when it loads.
loadTemplateTexts();

const id = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('id', key, params);
const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('en', key, params);

describe('a failed message says why', () => {
  it("words Meta's template errors clearly, with their code", () => {
    expect(failureText(id, { code: 132000, title: 'Number of parameters does not match' })).toBe(
      'Jumlah variabel tidak cocok dengan template. (kode 132000)',
    );
    expect(failureText(en, { code: 132000, title: 'Number of parameters does not match' })).toBe(
      'The number of variables does not match the template. (code 132000)',
    );
  });

  it("keeps Meta's own title for any other error", () => {
    expect(failureText(id, { code: 130429, title: 'Rate limit hit' })).toBe('Gagal: Rate limit hit (130429)');
  });
});
