import { describe, expect, it } from 'vitest';
import {
  nextTemplateVariable,
  replaceTemplateVariables,
  templateTokens,
  templateVariableNames,
  templateVariables,
} from './variables.ts';

describe('templateVariables', () => {
  it.each([
    ['Tanpa variabel.', []],
    ['Halo {{1}}, pesanan {{2}} siap.', [1, 2]],
    ['Halo {{2}}, ini {{1}} dan {{2}} lagi.', [2, 1, 2]],
    ['{{10}} dan {{11}}', [10, 11]],
    ['Halo {{first_name}} dan {{1}}', [1]],
    ['Halo {{ 1 }}, {1}, {{1}', []],
  ])('%j → %j', (text, numbers) => {
    expect(templateVariables(text)).toEqual(numbers);
  });
});

describe('templateVariableNames', () => {
  it('lists each variable once, in order of first appearance, as written', () => {
    expect(templateVariableNames('Halo {{2}}, ini {{1}} dan {{2}} lagi.')).toEqual(['2', '1']);
    expect(
      templateVariableNames(
        'Halo {{first_name}}, bonus {{bonus_percent}} sampai {{end_date}}, {{first_name}}.',
      ),
    ).toEqual(['first_name', 'bonus_percent', 'end_date']);
    expect(templateVariableNames('Tidak ada {{Nama}} yang sah.')).toEqual([]);
  });
});

describe('templateTokens', () => {
  it('gives where each variable starts and ends', () => {
    expect(templateTokens('a {{1}} b {{x_y}}')).toEqual([
      { name: '1', start: 2, end: 7 },
      { name: 'x_y', start: 10, end: 17 },
    ]);
  });
});

describe('replaceTemplateVariables', () => {
  it('fills variables by slot and keeps the ones without a value as written', () => {
    const text = 'Halo {{1}}, kode {{2}} untuk {{1}}.';
    expect(replaceTemplateVariables(text, (_name, slot) => ['Budi', undefined][slot])).toBe(
      'Halo Budi, kode {{2}} untuk Budi.',
    );
    expect(replaceTemplateVariables('{{b}} {{a}} {{b}}', (name, slot) => `${name}${slot}`)).toBe('b0 a1 b0');
  });

  it('writes values literally (no replacement patterns)', () => {
    expect(replaceTemplateVariables('Harga {{1}} saja', () => "$& $1 $'")).toBe("Harga $& $1 $' saja");
  });
});

describe('nextTemplateVariable', () => {
  it('is one more than the highest number', () => {
    expect(nextTemplateVariable('Tanpa variabel')).toBe(1);
    expect(nextTemplateVariable('Halo {{1}} dan {{2}}')).toBe(3);
    expect(nextTemplateVariable('Halo {{3}} dan {{1}}')).toBe(4);
  });
});
