/** Texts of the web app's screens. Indonesian first; English mirrors every key. */
export const ui = {
  id: {
    'notFound.back': 'Kembali ke Halaman Utama',
  },
  en: {
    'notFound.back': 'Back to the home page',
  },
} as const;
