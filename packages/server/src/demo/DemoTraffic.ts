/**
 * Who writes in next in the demo, and what: mostly texts from customers with history, now and
 * then a first message from a new customer (with an ad's referral for those who came from an ad),
 * a reply, a photo, a voice note, a location or a contact card (the simulator's sample files are
 * real, so photos show and voice notes play).
 */
import type { CustomerMessage } from '../simulator/index.ts';
import type { Random } from '../simulator/random.ts';
import { FOLLOW_UPS } from './scenarios.ts';

export interface DemoMessage {
  /** The simulator's customer index. */
  customer: number;
  message: CustomerMessage;
}

const FIRST_CONTACTS = [
  'Halo kak, mau tanya-tanya produknya dong',
  'Permisi, ini dengan Toko Demo?',
  'Halo, saya dapat nomor ini dari Instagram',
  'Selamat sore kak, masih buka?',
  'Halo kak, bisa kirim katalognya?',
  'Halo kak, mau tanya harga batik tulis',
];

/** Quote the business's last message when the simulator has one, else go as plain texts. */
const REPLIES = [
  'Oke kak, terima kasih 🙏',
  'Siap kak',
  'Baik, saya tunggu ya kak',
  'Wah mantap, makasih kak!',
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function pickText(random: Random, texts: readonly string[]): string {
  return texts[Math.floor(random() * texts.length)] ?? texts[0] ?? 'Halo kak';
}

export class DemoTraffic {
  readonly #random: Random;
  /** Customers `0 .. seeded - 1` have history; `seeded .. total - 1` have not written yet. */
  readonly #seeded: number;
  readonly #total: number;
  readonly #wrote = new Set<number>();

  constructor(random: Random, seeded: number, total: number) {
    this.#random = random;
    this.#seeded = seeded;
    this.#total = total;
  }

  /** The next message of the trickle. */
  next(): DemoMessage {
    const random = this.#random;
    const fresh = this.#total > this.#seeded && random() < 0.2;
    const customer = fresh
      ? this.#seeded + Math.floor(random() * (this.#total - this.#seeded))
      : Math.floor(random() * Math.max(1, this.#seeded));
    return { customer, message: this.#messageOf(customer) };
  }

  /**
   * What arrived in the last hours before a first start: a few customers with history and a few
   * new ones, each with the time (before `nowMs`) it was written, oldest first.
   */
  recent(nowMs: number, count: { returning: number; fresh: number }): (DemoMessage & { atMs: number })[] {
    const random = this.#random;
    // `count` different customers of `from .. to - 1`.
    const sample = (from: number, to: number, count: number): number[] => {
      const pool = Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);
      const out: number[] = [];
      while (out.length < count && pool.length > 0)
        out.push(...pool.splice(Math.floor(random() * pool.length), 1));
      return out;
    };
    const writes = [
      ...sample(0, this.#seeded, count.returning),
      ...sample(this.#seeded, this.#total, count.fresh),
    ].map((customer) => ({
      customer,
      message: this.#messageOf(customer, true),
      atMs: nowMs - Math.floor(5 * MINUTE + random() * 18 * HOUR),
    }));
    return writes.sort((a, b) => a.atMs - b.atMs);
  }

  #messageOf(customer: number, textOnly = false): CustomerMessage {
    const random = this.#random;
    const firstContact = customer >= this.#seeded && !this.#wrote.has(customer);
    this.#wrote.add(customer);
    if (firstContact) return pickText(random, FIRST_CONTACTS);
    const roll = textOnly ? 0 : random();
    if (roll < 0.72) return pickText(random, FOLLOW_UPS);
    if (roll < 0.8) return { kind: 'reply', text: pickText(random, REPLIES) };
    if (roll < 0.86) return { kind: 'image' };
    if (roll < 0.9) return { kind: 'audio' };
    if (roll < 0.95) return { kind: 'location' };
    return { kind: 'contacts' };
  }
}
