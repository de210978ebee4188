/**
 * The currency input of SPEC.md section 5: dot as group separator, comma as decimal separator,
 * placeholder `000.000`. Up to 2 decimals; no sign (amounts typed into forms are never negative).
 */
export const currencyInputPlaceholder = '000.000';

const maxDecimals = 2;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The number typed in `text` (`'1.500.000,50'` -> 1500000.5), or `null` when it holds no digits. */
export function parseCurrencyInput(text: string): number | null {
  const [whole = '', ...rest] = text.split(',');
  const integer = whole.replace(/\D/g, '');
  const decimals = rest.join('').replace(/\D/g, '');
  if (integer === '' && decimals === '') return null;
  return Number(`${integer || '0'}.${decimals || '0'}`);
}

/**
 * Shows an amount as the input does. A number: `1500000.5` -> `'1.500.000,5'`. A string is what
 * the user typed and is re-grouped as they type, keeping a trailing comma: `'1500000,'` -> `'1.500.000,'`.
 */
export function formatCurrencyInput(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const [whole = '0', decimals] = Math.abs(value).toFixed(maxDecimals).split('.');
    const trimmed = decimals?.replace(/0+$/, '') ?? '';
    return groupThousands(whole) + (trimmed ? `,${trimmed}` : '');
  }
  const commaAt = value.indexOf(',');
  const whole = (commaAt === -1 ? value : value.slice(0, commaAt))
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '');
  if (commaAt === -1) return groupThousands(whole);
  const decimals = value
    .slice(commaAt + 1)
    .replace(/\D/g, '')
    .slice(0, maxDecimals);
  return `${groupThousands(whole || '0')},${decimals}`;
}
