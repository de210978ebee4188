/**
 * The simulator's hosted payment page (Snap's `redirect_url`): plain server-rendered HTML that
 * shows the merchant, the amount and the order, with a button per method and one to cancel. It
 * is Midtrans' page, not Sapa's, so its texts are the simulated gateway's own (Indonesian, as
 * Midtrans shows them to Indonesian payers), not the app's catalogue.
 */
import type { SimulatedOrder } from './transactionBody.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** `Rp50.000`. */
export const rupiah = (amount: number) => `Rp${new Intl.NumberFormat('id-ID').format(amount)}`;

const jakarta = (at: number) =>
  new Intl.DateTimeFormat('id-ID', {
    timeZone: 'Asia/Jakarta',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#1d2433}
  main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;overflow:hidden}
  header{background:#0c2a5b;color:#fff;padding:16px 20px}
  header p{margin:0;font-size:13px;opacity:.8}
  header h1{margin:2px 0 0;font-size:18px}
  .badge{display:inline-block;margin-left:6px;padding:0 6px;border-radius:4px;background:#f5b70a;color:#1d2433;font-size:11px;font-weight:600;vertical-align:middle}
  section{padding:20px}
  .amount{font-size:28px;font-weight:700;margin:0}
  dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0 0;font-size:14px}
  dt{color:#5b6578}
  dd{margin:0;word-break:break-all}
  form{margin:0}
  button{display:block;width:100%;margin-top:10px;padding:12px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
  .pay{background:#0b66e4;color:#fff}
  .cancel{background:#fff;color:#b42318;border:1px solid #e4e7ec}
  .note{font-size:13px;color:#5b6578}
  a{color:#0b66e4}
`;

function layout(title: string, merchant: string, content: string): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><p>Pembayaran ke</p><h1>${escape(merchant)}<span class="badge">SIMULATOR</span></h1></header>
${content}
</main>
</body>
</html>`;
}

function summary(order: SimulatedOrder): string {
  return `<p class="note">Total pembayaran</p>
<p class="amount">${rupiah(order.grossAmount)}</p>
<dl>
<dt>Pesanan</dt><dd>${escape(order.orderId)}</dd>
<dt>Rincian</dt><dd>${escape(order.itemName)}</dd>
<dt>Bayar sebelum</dt><dd>${escape(jakarta(order.expiresAt))} WIB</dd>
</dl>`;
}

/** The page of an order the payer may still pay: the methods and cancel. */
export function checkoutPage(order: SimulatedOrder, merchant: string): string {
  const action = `/snap/v4/redirection/${encodeURIComponent(order.token)}`;
  const payWith = (method: string, label: string) =>
    `<form method="post" action="${action}/pay"><input type="hidden" name="method" value="${method}"><button class="pay" type="submit">${label}</button></form>`;
  const waiting =
    order.status === 'pending' && order.vaNumber !== null
      ? `<p class="note">Nomor BCA Virtual Account: <strong>${escape(order.vaNumber)}</strong></p>`
      : '';
  return layout(
    `Bayar ${rupiah(order.grossAmount)} - ${merchant}`,
    merchant,
    `<section>
${summary(order)}
${waiting}
${payWith('qris', 'Bayar dengan QRIS')}
${payWith('bca_va', 'Bayar dengan BCA Virtual Account')}
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Batalkan</button></form>
<p class="note">Halaman ini disimulasikan: tidak ada uang sungguhan yang berpindah.</p>
</section>`,
  );
}

/** The page of an order that cannot be paid any more (paid, expired, cancelled …), or an unknown token. */
export function outcomePage(order: SimulatedOrder | null, merchant: string, text: string): string {
  const back =
    order?.finishUrl === null || order === null
      ? ''
      : `<p><a href="${escape(order.finishUrl)}">Kembali ke ${escape(merchant)}</a></p>`;
  return layout(
    text,
    merchant,
    `<section>${order === null ? '' : summary(order)}<h2>${escape(text)}</h2>${back}</section>`,
  );
}
