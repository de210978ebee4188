/**
 * The conversations the seeded history is made of: short scripts of an Indonesian online shop's
 * chats. Only content that always renders (SPEC.md section 3): text, contact cards (`vcard`) and
 * replies that quote the message before them; no media, whose files would not exist.
 */

export interface ScriptTurn {
  direction: 'in' | 'out';
  type: 'text' | 'vcard';
  /**
   * The text of a `text` turn. `{name}` becomes the customer's first name, `{resi}` a tracking
   * number of the conversation.
   */
  caption?: string;
  /** A `vcard` turn's contact. */
  name?: string;
  phone?: string;
  /** Quotes the message just before it. */
  reply?: boolean;
}

const inText = (caption: string, reply = false): ScriptTurn => ({
  direction: 'in',
  type: 'text',
  caption,
  reply,
});
const outText = (caption: string, reply = false): ScriptTurn => ({
  direction: 'out',
  type: 'text',
  caption,
  reply,
});
const card = (direction: 'in' | 'out', name: string, phone: string): ScriptTurn => ({
  direction,
  type: 'vcard',
  name,
  phone,
});

/**
 * Every script starts with the customer (a business may only write first with a template) and
 * alternates sensibly; a conversation of `n` messages is the first `n` turns (longer threads go
 * round again).
 */
export const SCENARIOS: readonly (readonly ScriptTurn[])[] = [
  [
    inText('Halo kak, sepatu lari yang hitam masih ready?'),
    outText('Halo Kak {name}, masih ready kak 😊 Mau ukuran berapa?', true),
    inText('Ukuran 42 ada kak?'),
    outText('Ada kak. Harganya Rp459.000, mau langsung diorder?'),
    inText('Boleh kak, kirim ke Bekasi ya'),
    outText('Siap kak, total dengan ongkir Rp477.000. Transfer ke BCA 1234567890 a.n. Toko Demo ya.'),
    inText('Sudah transfer ya kak, mohon dicek 🙏'),
    outText('Terima kasih kak, pembayaran sudah masuk. Pesanan dikirim hari ini.', true),
    outText('Nomor resinya {resi} (JNE) ya kak.'),
    inText('Mantap, makasih kak!'),
  ],
  [
    inText('Kak, pesanan saya kok belum sampai ya?'),
    outText('Mohon maaf kak {name}, boleh minta nomor pesanannya?'),
    inText('INV/2411/0087 kak'),
    outText('Sudah kami cek kak, paketnya sedang dibawa kurir. Estimasi sampai besok.'),
    card('out', 'Kurir JNE Bekasi', '+6281299887766'),
    outText('Ini kontak kurirnya kalau mau tanya langsung ya kak.'),
    inText('Oke kak, nanti saya hubungi kurirnya'),
    inText('Sudah sampai kak, terima kasih 🙏'),
    outText('Sama-sama kak, ditunggu order berikutnya 😊', true),
  ],
  [
    inText('Kak, teman saya mau order juga. Ini kontaknya ya'),
    card('in', 'Rina Kusuma', '+6285712345678'),
    outText('Baik kak {name}, terima kasih rekomendasinya! Nanti kami hubungi 😊'),
    inText('Sama-sama kak. Saya juga mau tambah 1 kaos putih ukuran M'),
    outText('Siap kak, kaos putih M Rp89.000. Digabung dengan pesanan kemarin?'),
    inText('Iya kak digabung aja', true),
    outText('Baik, sudah kami gabungkan. Total Rp267.000 ya kak.'),
  ],
  [
    inText('Selamat siang, apakah bisa jadi reseller?'),
    outText('Selamat siang Kak {name}! Bisa kak, minimal order 12 pcs dengan diskon 20%.'),
    inText('Untuk pembayarannya bisa tempo?'),
    outText('Untuk order pertama belum bisa tempo kak, transfer di muka dulu ya.', true),
    inText('Oke, saya pikir-pikir dulu ya kak'),
    outText('Siap kak, kabari saja kalau sudah siap order 🙏'),
    card('out', 'Admin Reseller Toko Demo', '+6281210009002'),
    inText('Baik kak, terima kasih'),
  ],
  [
    inText('Kak, barangnya cacat, jahitannya lepas 😞'),
    outText('Mohon maaf sekali Kak {name}. Bagian mana yang lepas kak?', true),
    inText('Di lengan kiri kak'),
    outText('Baik kak, kami ganti baru ya. Silakan kirim balik ke gudang kami, ongkirnya kami tanggung.'),
    card('out', 'Gudang Toko Demo', '+6281210009001'),
    inText('Terima kasih kak, sangat membantu'),
    outText('Sama-sama kak. Begitu paketnya sampai, penggantinya langsung kami kirim.'),
    inText('Sudah saya kirim ya kak, resinya {resi}'),
    outText('Siap kak, sudah kami catat 🙏', true),
  ],
  [
    inText('Bisa COD di Jakarta Selatan kak?'),
    outText('Bisa kak {name}, untuk area Jakarta Selatan tersedia COD.'),
    inText(
      'Grand Indonesia, Jl. M.H. Thamrin No.1, Jakarta Pusat 10310\nhttps://maps.google.com/?q=-6.1944491,106.8229198',
    ),
    inText('Kalau ke kantor saya di sini bisa?'),
    outText('Bisa kak, kurir kami antar besok jam 10.00–12.00 ya.'),
    inText('Oke kak ditunggu'),
    outText('Kurir sudah jalan ya kak, nomor resinya {resi}.'),
    inText('Sudah diterima, makasih kak 👍'),
  ],
  [
    inText('Halo! Saya lihat iklannya, promo diskon 20% masih berlaku?'),
    outText('Halo Kak {name}! Masih berlaku sampai akhir bulan 😊'),
    inText('Kalau beli 2 dapat diskon juga?'),
    outText('Dapat kak, diskon 20% berlaku untuk semua item.', true),
    inText('Oke saya order 2 ya kak, yang biru dan abu-abu'),
    outText('Siap kak, totalnya Rp398.400 setelah diskon. Alamat pengirimannya ke mana kak?'),
    inText('Jl. Merdeka No. 17, Bandung'),
    outText('Terima kasih kak, pesanan kami proses hari ini 🙏'),
  ],
  [
    inText('P'),
    inText('Halo kak'),
    outText('Halo Kak {name}, ada yang bisa kami bantu?'),
    inText('Mau tanya jam buka toko offline'),
    outText('Toko kami buka setiap hari pukul 09.00–21.00 WIB kak.', true),
    inText('Makasih infonya kak'),
  ],
];

/** The script Click-to-WhatsApp ad customers follow (their first message answers the ad). */
export const AD_SCENARIO = 6;

/**
 * What customers write when they come back later (the live messages of the demo). Some ask the
 * price ("harga") or say they have paid ("transfer"): the demo's rules act on those words
 * (seedAutomation.ts).
 */
export const FOLLOW_UPS: readonly string[] = [
  'Kak, stok yang kemarin masih ada?',
  'Kak, harga kemeja batiknya berapa?',
  'Harganya berapa kak kalau ambil 3?',
  'Kak, saya sudah transfer barusan ya, mohon dicek',
  'Halo kak, saya mau order lagi',
  'Kak, pesanan saya sudah dikirim belum?',
  'Ada promo apa minggu ini kak?',
  'Bisa kirim hari ini kak?',
  'Kak, ukuran XL masih ada?',
  'Sudah transfer ya kak, mohon dicek 🙏',
  'Bisa minta nomor resinya kak?',
  'Kak, warna hijau ready?',
  'Apakah bisa bayar pakai QRIS?',
  'Terima kasih kak, barangnya sudah sampai 👍',
  'Kak, kalau beli 3 ada diskon?',
  'Saya mau tukar ukuran, bisa kak?',
  'Halo, tokonya buka hari Minggu?',
  'Kak, ongkir ke Makassar berapa?',
  'Barangnya bagus kak, nanti saya order lagi 😊',
];
