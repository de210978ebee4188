/** The block the demo prints on standard output at every start (for developers: English). */

export interface BannerFacts {
  url: string;
  /** E.164. */
  phone: string;
  /** `null` when the demo user changed it since the demo made it. */
  password: string | null;
  projectName: string;
  customers: number;
  trickle: boolean;
}

/** `+62812…` as people type it: `0812…`. */
export function localPhone(phone: string): string {
  return phone.startsWith('+62') ? `0${phone.slice(3)}` : phone;
}

export function demoBanner(facts: BannerFacts): string {
  const rule = '='.repeat(78);
  const lines = [
    '',
    `${'='.repeat(33)} Sapa demo ${'='.repeat(34)}`,
    `  Open      ${facts.url}`,
    `  Phone     ${localPhone(facts.phone)}`,
    `  Password  ${facts.password ?? '(changed since the demo made it: use the new one)'}`,
    `  The sign-in code appears on this output as: OTP ${facts.phone} <code>`,
    '',
    `  Project "${facts.projectName}": ${facts.customers} customers with history on a simulated WhatsApp`,
    `  number${facts.trickle ? ', and a customer writes in every few seconds' : ''}.`,
    '  The demo is for trying Sapa (it keeps this password in the database);',
    '  production runs with SAPA_DEMO=0. LOG_LEVEL=warn keeps this output quiet.',
    rule,
    '',
  ];
  return `${lines.join('\n')}\n`;
}
