/**
 * Texts of issue 15 (templateRules): why a template draft or a send's values break Meta's rules
 * (`template.rule.<code>`, from `templateDraftProblems` / `templateValueProblems`), and what
 * Meta's template errors on a message mean (`template.error.<code>`, from `templateErrorKey`).
 * Indonesian is the reference, English mirrors every key.
 */
export const templateRules = {
  id: {
    'template.rule.required': 'Wajib diisi.',
    'template.rule.too_long': 'Maksimal {limit} karakter.',
    'template.rule.single_line': 'Harus satu baris, tanpa baris baru.',
    'template.rule.no_variables': 'Tidak boleh berisi variabel atau kurung kurawal ganda.',
    'template.rule.name_format': 'Hanya huruf kecil, angka, dan garis bawah (contoh: promo_akhir_tahun).',
    'template.rule.variable_format':
      'Tulis variabel sebagai angka dalam kurung kurawal ganda, tanpa spasi: {{1}}, {{2}}, …',
    'template.rule.variable_sequence':
      'Nomor variabel harus berurutan mulai dari {{1}} sesuai urutan kemunculannya, tanpa ada yang terlewat.',
    'template.rule.variable_at_start': 'Isi pesan tidak boleh diawali variabel: tambahkan teks sebelumnya.',
    'template.rule.variable_at_end': 'Isi pesan tidak boleh diakhiri variabel: tambahkan teks sesudahnya.',
    'template.rule.variables_adjacent': 'Dua variabel tidak boleh berdampingan: pisahkan dengan kata-kata.',
    'template.rule.header_variables': 'Judul hanya boleh berisi satu variabel, {{1}}.',
    'template.rule.example_required': 'Isi contoh untuk variabel ini (Meta memerlukannya untuk peninjauan).',
    'template.rule.example_format':
      'Contoh harus satu baris, tanpa tab atau lebih dari 4 spasi berturut-turut.',
    'template.rule.media_example_required': 'Isi tautan contoh media (https://…) untuk peninjauan Meta.',
    'template.rule.buttons_max': 'Paling banyak {limit} tombol.',
    'template.rule.url_buttons_max': 'Paling banyak {limit} tombol tautan.',
    'template.rule.phone_buttons_max': 'Paling banyak {limit} tombol telepon.',
    'template.rule.button_text_duplicate': 'Teks tombol ini sudah dipakai tombol lain.',
    'template.rule.quick_replies_grouped':
      'Tombol balasan cepat harus dikelompokkan: semuanya sebelum atau semuanya sesudah tombol lain.',
    'template.rule.url_invalid': 'Tautan tidak valid: gunakan alamat lengkap yang diawali https://',
    'template.rule.url_variable': 'Tautan hanya boleh berisi satu variabel, {{1}}, di bagian paling akhir.',
    'template.rule.url_variables_max': 'Hanya {limit} tombol tautan yang boleh berisi variabel.',
    'template.rule.url_example': 'Contoh harus tautan lengkap yang diawali bagian tetap tautan tombol ini.',
    'template.rule.phone_invalid': 'Nomor telepon tidak valid.',
    'template.rule.value_required': 'Wajib diisi.',
    'template.rule.value_format': 'Harus satu baris, tanpa tab atau lebih dari 4 spasi berturut-turut.',
    'template.rule.value_extra': 'Template ini tidak memiliki isian ini.',
    'template.rule.url_value_format': 'Bagian tautan tidak boleh berisi spasi.',
    'template.rule.media_required': 'Pilih file untuk judul template ini.',
    'template.error.131026':
      'Pesan tidak dapat diterima: nomor ini tidak memakai WhatsApp, belum menyetujui ketentuan terbaru, atau aplikasinya terlalu lama.',
    'template.error.131047':
      'Jendela 24 jam sudah tertutup: pelanggan hanya dapat dihubungi dengan template sampai mereka membalas.',
    'template.error.131049':
      'Meta tidak mengirimkan pesan pemasaran ini untuk menjaga pengalaman pelanggan. Coba lagi paling cepat 24 jam lagi.',
    'template.error.131050': 'Pelanggan telah berhenti menerima pesan pemasaran dari bisnis ini.',
    'template.error.132000': 'Jumlah variabel tidak cocok dengan template.',
    'template.error.132001': 'Template tidak ditemukan dalam bahasa ini atau belum disetujui Meta.',
    'template.error.132005': 'Teks template setelah diisi terlalu panjang.',
    'template.error.132007': 'Isi template melanggar kebijakan format karakter Meta.',
    'template.error.132008': 'Salah satu isian variabel tidak valid.',
    'template.error.132012':
      'Format isian tidak cocok dengan template (misalnya media judul tidak ada atau jenisnya salah).',
    'template.error.132015': 'Template sedang dijeda Meta karena kualitasnya rendah.',
    'template.error.132016': 'Template dinonaktifkan Meta karena kualitasnya rendah.',
    'template.error.generic': 'Meta menolak pesan template ini.',
  },
  en: {
    'template.rule.required': 'Required.',
    'template.rule.too_long': 'At most {limit} characters.',
    'template.rule.single_line': 'Must be a single line.',
    'template.rule.no_variables': 'Must not contain variables or double braces.',
    'template.rule.name_format':
      'Only lowercase letters, digits and underscores (for example: year_end_promo).',
    'template.rule.variable_format':
      'Write variables as a number in double braces, without spaces: {{1}}, {{2}}, …',
    'template.rule.variable_sequence':
      'Variables must be numbered from {{1}} in the order they appear, without skipping a number.',
    'template.rule.variable_at_start': 'The body must not start with a variable: add text before it.',
    'template.rule.variable_at_end': 'The body must not end with a variable: add text after it.',
    'template.rule.variables_adjacent':
      'Two variables must not stand side by side: separate them with words.',
    'template.rule.header_variables': 'The header may have only one variable, {{1}}.',
    'template.rule.example_required': 'Give an example for this variable (Meta needs it for the review).',
    'template.rule.example_format':
      'The example must be one line, without tabs or more than 4 spaces in a row.',
    'template.rule.media_example_required': 'Give a link to a sample file (https://…) for Meta’s review.',
    'template.rule.buttons_max': 'At most {limit} buttons.',
    'template.rule.url_buttons_max': 'At most {limit} link buttons.',
    'template.rule.phone_buttons_max': 'At most {limit} phone button.',
    'template.rule.button_text_duplicate': 'Another button already has this text.',
    'template.rule.quick_replies_grouped':
      'Quick-reply buttons must be grouped: all of them before or all of them after the other buttons.',
    'template.rule.url_invalid': 'Invalid link: use a full address starting with https://',
    'template.rule.url_variable': 'A link may have only one variable, {{1}}, at its very end.',
    'template.rule.url_variables_max': 'Only {limit} link button may have a variable.',
    'template.rule.url_example':
      'The example must be a full link starting with the fixed part of this button’s link.',
    'template.rule.phone_invalid': 'Invalid phone number.',
    'template.rule.value_required': 'Required.',
    'template.rule.value_format': 'Must be one line, without tabs or more than 4 spaces in a row.',
    'template.rule.value_extra': 'This template has no such field.',
    'template.rule.url_value_format': 'The link part must not contain spaces.',
    'template.rule.media_required': 'Choose a file for this template’s header.',
    'template.error.131026':
      'The message could not be delivered: the number is not on WhatsApp, has not accepted the latest terms, or its app is too old.',
    'template.error.131047':
      'The 24-hour window has closed: the customer can only be reached with a template until they reply.',
    'template.error.131049':
      'Meta did not deliver this marketing message to keep the customer’s experience healthy. Try again in 24 hours at the earliest.',
    'template.error.131050': 'The customer has stopped marketing messages from this business.',
    'template.error.132000': 'The number of variables does not match the template.',
    'template.error.132001': 'The template does not exist in this language or is not approved by Meta yet.',
    'template.error.132005': 'The filled-in template text is too long.',
    'template.error.132007': 'The template text breaks Meta’s character format policy.',
    'template.error.132008': 'One of the variable values is invalid.',
    'template.error.132012':
      'A value’s format does not match the template (for example the header media is missing or of the wrong kind).',
    'template.error.132015': 'Meta has paused this template because of its low quality.',
    'template.error.132016': 'Meta has disabled this template because of its low quality.',
    'template.error.generic': 'Meta refused this template message.',
  },
} as const;
