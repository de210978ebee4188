/**
 * Texts of issue 18's automation rules as the acts answer them: why a rule's draft breaks the
 * vocabulary (`automation.rule.<code>`, the codes of `automationRuleDraftField`), a rule's
 * references that are not the project's (`field.automation_*`), and the acts' refusals
 * (`error.automation_*`). Indonesian is the reference, English mirrors every key. The four
 * editors will add their screen texts here; loaded with them, not with the app.
 */
export const automation = {
  id: {
    'automation.rule.empty': 'Kata kunci ini kosong setelah tanda baca dan emoji dibuang.',
    'automation.rule.duplicate': 'Sudah ada di daftar ini.',
    'automation.rule.too_long': 'Paling lama {limit} hari.',
    'automation.rule.too_short': 'Harus lebih dari 0.',
    'automation.rule.not_for_kind': 'Tidak tersedia untuk jenis aturan ini.',
    'automation.rule.missing_action':
      'Tambahkan tindakan utama aturan ini (balasan untuk balas otomatis, divisi atau agen untuk pembagian otomatis, tahap atau label untuk tahap otomatis).',
    'automation.rule.needs_message_trigger':
      'Kata kunci hanya dapat dipakai dengan pemicu berupa pesan pelanggan.',
    'automation.rule.required': 'Pilih minimal satu anggota.',
    'automation.rule.not_after_previous': 'Harus lebih lama dari jeda langkah sebelumnya.',
    'field.automation_not_in_project': 'Tidak ditemukan di proyek ini.',
    'field.automation_not_member': 'Bukan anggota proyek ini.',
    'field.automation_not_in_gallery': 'File ini tidak ada di galeri proyek.',
    'field.automation_kind_fixed': 'Jenis aturan tidak dapat diubah. Buat aturan baru untuk jenis lain.',
    'field.automation_try_target': 'Pilih satu: aturan tersimpan, draf aturan, atau jenis aturan.',
    'error.automation_rules_max':
      'Proyek ini sudah memiliki {max} aturan otomatisasi, batas maksimalnya. Hapus aturan yang tidak dipakai dulu.',
    'error.automation_order_stale':
      'Daftar aturan berubah sejak dibuka (ada yang menambah atau menghapus aturan). Muat ulang, lalu atur ulang urutannya.',
  },
  en: {
    'automation.rule.empty': 'This keyword is empty once punctuation and emoji are left out.',
    'automation.rule.duplicate': 'Already in this list.',
    'automation.rule.too_long': 'At most {limit} days.',
    'automation.rule.too_short': 'Must be more than 0.',
    'automation.rule.not_for_kind': 'Not available for this kind of rule.',
    'automation.rule.missing_action':
      "Add this rule's main action (a reply for an auto-reply, a division or agent for auto-division, a stage or label for auto-stage).",
    'automation.rule.needs_message_trigger':
      "Keywords only work with a trigger that is a customer's message.",
    'automation.rule.required': 'Pick at least one member.',
    'automation.rule.not_after_previous': "Must be longer than the previous step's delay.",
    'field.automation_not_in_project': 'Not found in this project.',
    'field.automation_not_member': 'Not a member of this project.',
    'field.automation_not_in_gallery': "This file is not in the project's gallery.",
    'field.automation_kind_fixed': "A rule's kind cannot change. Create a new rule for another kind.",
    'field.automation_try_target': 'Pick one: a saved rule, a draft rule, or a kind of rule.',
    'error.automation_rules_max':
      'This project already has {max} automation rules, the most it may keep. Delete rules it no longer uses first.',
    'error.automation_order_stale':
      'The list of rules changed since it was opened (a rule was added or deleted). Reload it, then order it again.',
  },
} as const;
