import { digits, pick, seededRandom } from './random.ts';
import type { Random } from './random.ts';

/** A simulated WhatsApp user. */
export interface Customer {
  index: number;
  /** E.164: `+628…`. */
  phone: string;
  /** The same number as Meta writes it (`wa_id`, `from`): digits only. */
  waId: string;
  /** WhatsApp profile name. */
  name: string;
  /** Came from a Click-to-WhatsApp ad: its first message carries a `referral`. */
  fromAd: boolean;
}

const FIRST_NAMES = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Rina',
  'Andi',
  'Putri',
  'Wahyu',
  'Sri',
  'Eko',
  'Ayu',
  'Bambang',
  'Fitri',
  'Hendra',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nur',
  'Rizky',
  'Sari',
  'Teguh',
  'Yuni',
];
const LAST_NAMES = [
  'Santoso',
  'Rahmawati',
  'Wijaya',
  'Saputra',
  'Lestari',
  'Hidayat',
  'Kusuma',
  'Pratama',
  'Nugroho',
  'Siregar',
  'Simanjuntak',
  'Wibowo',
  'Setiawan',
  'Permata',
  'Purnomo',
  'Halim',
  'Gunawan',
  'Putra',
];
/** Indonesian mobile prefixes after `+62` (Telkomsel, Indosat, XL, Tri, Smartfren). */
const PREFIXES = ['811', '812', '813', '821', '822', '852', '853', '857', '858', '877', '878', '896', '881'];

/**
 * `count` customers, the same for the same seed; numbers are unique. With `distinctNames` no name
 * holds another (no two "Sri", no "Putra" beside "Eko Putra"), so a test can find a customer by
 * name; real inboxes, like the demo's, have namesakes.
 */
export function createCustomers(
  count: number,
  seed: number,
  options: { distinctNames?: boolean } = {},
): Customer[] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const customers: Customer[] = [];
  const clashes = (name: string) =>
    customers.some((customer) => customer.name.includes(name) || name.includes(customer.name));
  while (customers.length < count) {
    const waId = `62${pick(random, PREFIXES)}${digits(random, 8)}`;
    if (seen.has(waId)) continue;
    seen.add(waId);
    let name = customerName(random);
    if (options.distinctNames === true) {
      for (let tries = 0; clashes(name) && tries < 50; tries += 1) name = customerName(random);
      if (clashes(name)) name = `${name} ${customers.length + 1}`;
    }
    customers.push({
      index: customers.length,
      phone: `+${waId}`,
      waId,
      name,
      fromAd: random() < 0.2,
    });
  }
  return customers;
}

function customerName(random: Random): string {
  const first = pick(random, FIRST_NAMES);
  return random() < 0.2 ? first : `${first} ${pick(random, LAST_NAMES)}`;
}
