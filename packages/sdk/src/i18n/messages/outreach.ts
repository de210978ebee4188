/**
 * Texts of issue 15 (outreach): the composer's 24-hour window, the template picker, template
 * messages in the thread, and "Kirim pesan" to start a conversation. Indonesian is the
 * reference, English mirrors every key.
 */
export const outreach = {
  id: {
    'outreach.window.left': 'Jendela 24 jam: {hours} j {minutes} m lagi',
    'outreach.window.leftSoon': 'Jendela 24 jam tertutup dalam {minutes} menit',
    'outreach.window.closed':
      'Jendela 24 jam sudah tertutup: pelanggan hanya dapat dihubungi dengan template pesan sampai mereka membalas.',
    'outreach.window.draftKept': 'Draf Anda tetap disimpan dan bisa dikirim begitu pelanggan membalas.',
    'outreach.window.pickTemplate': 'Pilih template',
    'outreach.balance.refused':
      'Saldo proyek tidak cukup untuk mengirim pesan ini. Isian Anda tetap tersimpan.',
    'outreach.balance.pay': 'Isi saldo proyek',
    'outreach.window.readOnly':
      'Nomor WhatsApp percakapan ini sudah dihapus dari proyek: percakapan tetap dapat dibaca, tetapi pesan tidak dapat dikirim darinya.',
    'outreach.composer.template': 'Kirim template pesan',
    'outreach.composer.templateShort': 'Template',

    'outreach.category.MARKETING': 'Pemasaran',
    'outreach.category.UTILITY': 'Utilitas',
    'outreach.category.AUTHENTICATION': 'Autentikasi',

    'outreach.picker.title': 'Kirim template pesan',
    'outreach.picker.loading': 'Memuat template…',
    'outreach.picker.failed': 'Template tidak dapat dimuat: {message}',
    'outreach.picker.empty':
      'Nomor ini belum punya template yang disetujui Meta. Buat dan ajukan template di tab Template halaman Akun WhatsApp.',
    'outreach.picker.list': 'Template yang disetujui',
    'outreach.picker.chooseLabel': 'Pilih template {name}',
    'outreach.picker.language': 'Bahasa: {language}',
    'outreach.picker.reload': 'Muat ulang',
    'outreach.picker.back': 'Ganti template',
    'outreach.picker.values': 'Isian',
    'outreach.picker.noValues': 'Template ini tidak punya isian: langsung kirim.',
    'outreach.picker.bodyValue': 'Isian {slot}',
    'outreach.picker.headerValue': 'Isian judul {slot}',
    'outreach.picker.buttonUrl': 'Akhir tautan tombol “{text}”',
    'outreach.picker.buttonUrlHint': 'Tautan: {url}',
    'outreach.picker.placeholders':
      'Isian boleh memakai {nama}, {nomor}, {agen} atau {nama kolom} pelanggan; diganti saat dikirim.',
    'outreach.picker.media': 'Berkas judul: {kind}',
    'outreach.picker.media.IMAGE': 'gambar JPG atau PNG',
    'outreach.picker.media.VIDEO': 'video MP4',
    'outreach.picker.media.DOCUMENT': 'dokumen PDF',
    'outreach.picker.pickMedia': 'Pilih dari galeri',
    'outreach.picker.changeMedia': 'Ganti berkas',
    'outreach.picker.removeMedia': 'Hapus berkas',
    'outreach.picker.mediaKind': 'Berkas ini tidak dapat dipakai: judul template ini perlu {kind}.',
    'outreach.picker.preview': 'Pratinjau',
    'outreach.picker.send': 'Kirim template',
    'outreach.picker.sending': 'Mengirim…',
    'outreach.picker.sendFailed': 'Template tidak terkirim: {message}',

    'outreach.preview.media.IMAGE': 'Gambar',
    'outreach.preview.media.VIDEO': 'Video',
    'outreach.preview.media.DOCUMENT': 'Dokumen',
    'outreach.preview.label': 'Pratinjau template seperti yang dilihat pelanggan',

    'outreach.message.template': 'Template {name}',
    'outreach.message.category': 'Kategori template: {category}',
    'outreach.message.failed': '{reason} (kode {code})',

    'outreach.start.action': 'Kirim pesan',
    'outreach.start.actionLabel': 'Kirim pesan ke {name}',
    'outreach.start.title': 'Kirim pesan ke {name}',
    'outreach.start.explain':
      'Pelanggan yang belum pernah menulis, atau yang jendela 24 jamnya sudah tertutup, hanya dapat dihubungi dengan template pesan yang disetujui Meta.',
    'outreach.start.number': 'Nomor WhatsApp',
    'outreach.start.loading': 'Memuat nomor WhatsApp…',
    'outreach.start.failed': 'Nomor WhatsApp tidak dapat dimuat: {message}',
    'outreach.start.noAccount':
      'Proyek ini belum punya nomor WhatsApp yang terhubung. Tambahkan nomor di halaman Akun WhatsApp.',
    'outreach.start.sent': 'Template terkirim ke {name}.',
  },
  en: {
    'outreach.window.left': '24-hour window: {hours} h {minutes} m left',
    'outreach.window.leftSoon': 'The 24-hour window closes in {minutes} min',
    'outreach.window.closed':
      'The 24-hour window has closed: the customer can only be reached with a message template until they reply.',
    'outreach.window.draftKept': 'Your draft is kept and can be sent as soon as the customer replies.',
    'outreach.window.pickTemplate': 'Choose a template',
    'outreach.balance.refused':
      "The project's balance is not enough to send this message. What you wrote is kept.",
    'outreach.balance.pay': "Top up the project's balance",
    'outreach.window.readOnly':
      "This conversation's WhatsApp number was deleted from the project: the conversation stays readable, but messages cannot be sent from it.",
    'outreach.composer.template': 'Send a message template',
    'outreach.composer.templateShort': 'Template',

    'outreach.category.MARKETING': 'Marketing',
    'outreach.category.UTILITY': 'Utility',
    'outreach.category.AUTHENTICATION': 'Authentication',

    'outreach.picker.title': 'Send a message template',
    'outreach.picker.loading': 'Loading templates…',
    'outreach.picker.failed': 'The templates could not be loaded: {message}',
    'outreach.picker.empty':
      'This number has no template approved by Meta yet. Create and submit one on the Templates tab of the WhatsApp accounts page.',
    'outreach.picker.list': 'Approved templates',
    'outreach.picker.chooseLabel': 'Choose the template {name}',
    'outreach.picker.language': 'Language: {language}',
    'outreach.picker.reload': 'Reload',
    'outreach.picker.back': 'Change template',
    'outreach.picker.values': 'Values',
    'outreach.picker.noValues': 'This template has nothing to fill in: just send it.',
    'outreach.picker.bodyValue': 'Value {slot}',
    'outreach.picker.headerValue': 'Header value {slot}',
    'outreach.picker.buttonUrl': 'End of the link of the button “{text}”',
    'outreach.picker.buttonUrlHint': 'Link: {url}',
    'outreach.picker.placeholders':
      "Values may use {nama}, {nomor}, {agen} or the customer's {field name}; they are filled in when sent.",
    'outreach.picker.media': 'Header file: {kind}',
    'outreach.picker.media.IMAGE': 'a JPG or PNG image',
    'outreach.picker.media.VIDEO': 'an MP4 video',
    'outreach.picker.media.DOCUMENT': 'a PDF document',
    'outreach.picker.pickMedia': 'Pick from the gallery',
    'outreach.picker.changeMedia': 'Change file',
    'outreach.picker.removeMedia': 'Remove file',
    'outreach.picker.mediaKind': 'This file cannot be used: the header of this template needs {kind}.',
    'outreach.picker.preview': 'Preview',
    'outreach.picker.send': 'Send template',
    'outreach.picker.sending': 'Sending…',
    'outreach.picker.sendFailed': 'The template was not sent: {message}',

    'outreach.preview.media.IMAGE': 'Image',
    'outreach.preview.media.VIDEO': 'Video',
    'outreach.preview.media.DOCUMENT': 'Document',
    'outreach.preview.label': 'Preview of the template as the customer sees it',

    'outreach.message.template': 'Template {name}',
    'outreach.message.category': 'Template category: {category}',
    'outreach.message.failed': '{reason} (code {code})',

    'outreach.start.action': 'Send a message',
    'outreach.start.actionLabel': 'Send a message to {name}',
    'outreach.start.title': 'Send a message to {name}',
    'outreach.start.explain':
      'A customer who never wrote, or whose 24-hour window has closed, can only be reached with a message template approved by Meta.',
    'outreach.start.number': 'WhatsApp number',
    'outreach.start.loading': 'Loading WhatsApp numbers…',
    'outreach.start.failed': 'The WhatsApp numbers could not be loaded: {message}',
    'outreach.start.noAccount':
      'This project has no connected WhatsApp number yet. Add one on the WhatsApp accounts page.',
    'outreach.start.sent': 'Template sent to {name}.',
  },
} as const;
