/** Texts of the forms screens and widgets. Indonesian first; English mirrors every key. */
export const forms = {
  id: {
    'forms.preview': 'Pratinjau',
    'hourPicker.placeholder': 'Pilih jam',
    'hourPicker.none': 'Tanpa jam',
    'hourPicker.option': '{hour}.00',
    'hourPicker.invalid': 'Jam harus jam bulat dari 00.00 sampai 23.00',
    'currencyInput.prefix': 'Rp',
    'currencyInput.decimals': 'Rupiah tanpa sen: hapus angka di belakang koma',
    'currencyInput.tooLarge': 'Paling banyak Rp {max}',
  },
  en: {
    'forms.preview': 'Preview',
    'hourPicker.placeholder': 'Choose an hour',
    'hourPicker.none': 'No hour',
    'hourPicker.option': '{hour}:00',
    'hourPicker.invalid': 'The hour must be a whole hour from 00:00 to 23:00',
    'currencyInput.prefix': 'Rp',
    'currencyInput.decimals': 'Rupiah has no cents: remove the digits after the comma',
    'currencyInput.tooLarge': 'At most Rp {max}',
  },
} as const;
