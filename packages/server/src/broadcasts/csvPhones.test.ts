import { describe, expect, it } from 'vitest';
import { AUDIENCE_CSV_MAX_ROWS, readAudienceCsv } from './csvPhones.ts';

const nobodyOptedOut = { isOptedOut: () => false };

describe('readAudienceCsv', () => {
  it('reads a plain list of numbers, one a line, in Indonesian habits, into E.164', () => {
    const result = readAudienceCsv('081234567890\n+62 812-3456-7891\n6281234567892\n', nobodyOptedOut);
    expect(result.phones).toEqual(['+6281234567890', '+6281234567891', '+6281234567892']);
    expect(result.rows.map((row) => [row.line, row.problem])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    expect(result.tooMany).toBe(false);
  });

  it('finds the phone column by its header and numbers lines from the header row', () => {
    const csv = '\uFEFFNama;No. HP;Kota\nBudi;0812 3456 7890;Bandung\nSiti;0812-3456-7891;Depok\n';
    const result = readAudienceCsv(csv, nobodyOptedOut);
    expect(result.phones).toEqual(['+6281234567890', '+6281234567891']);
    expect(result.rows.map((row) => row.line)).toEqual([2, 3]);
  });

  it('reports an invalid phone, a duplicate with its first line, and an opted-out customer', () => {
    const csv = [
      'name,phone',
      'Budi,081234567890',
      'Salah,12ab',
      'Kosong,',
      'Budi lagi,+6281234567890',
      'Siti,081234567891',
      'Siti lagi,081234567891',
      '',
      'Andi,081234567892',
    ].join('\r\n');
    const result = readAudienceCsv(csv, { isOptedOut: (phone) => phone === '+6281234567891' });
    expect(result.rows).toEqual([
      { line: 2, input: '081234567890', phone: '+6281234567890', problem: null },
      { line: 3, input: '12ab', phone: null, problem: 'phone' },
      { line: 4, input: '', phone: null, problem: 'phone' },
      { line: 5, input: '+6281234567890', phone: '+6281234567890', problem: 'duplicate', firstLine: 2 },
      { line: 6, input: '081234567891', phone: '+6281234567891', problem: 'opted_out' },
      { line: 7, input: '081234567891', phone: '+6281234567891', problem: 'duplicate', firstLine: 6 },
      { line: 9, input: '081234567892', phone: '+6281234567892', problem: null },
    ]);
    expect(result.phones).toEqual(['+6281234567890', '+6281234567892']);
  });

  it('asks whether a phone opted out only once per phone, in E.164', () => {
    const asked: string[] = [];
    readAudienceCsv('0812345678901\n0812345678901\n+62812345678902\n', {
      isOptedOut: (phone) => {
        asked.push(phone);
        return false;
      },
    });
    expect(asked).toEqual(['+62812345678901', '+62812345678902']);
  });

  it('reads quoted cells and an empty file', () => {
    expect(readAudienceCsv('"phone"\n"0812-3456-7890"\n', nobodyOptedOut).phones).toEqual(['+6281234567890']);
    expect(readAudienceCsv('', nobodyOptedOut)).toEqual({ rows: [], phones: [], tooMany: false });
  });

  it('reads nothing from a file over the row limit', () => {
    const csv = Array.from(
      { length: AUDIENCE_CSV_MAX_ROWS + 1 },
      (_, index) => `0812${String(index).padStart(8, '0')}`,
    ).join('\n');
    expect(readAudienceCsv(csv, nobodyOptedOut)).toEqual({ rows: [], phones: [], tooMany: true });
    const withHeader = `phone\n${csv.split('\n').slice(1).join('\n')}`;
    expect(readAudienceCsv(withHeader, nobodyOptedOut).phones).toHaveLength(AUDIENCE_CSV_MAX_ROWS);
  });
});
