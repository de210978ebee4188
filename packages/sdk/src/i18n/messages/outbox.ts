/**
 * No dropped input (issue 13, item 2): replies written while the thread loads or after it failed
 * wait in its outbox, and the thread says so.
 */
export const outbox = {
  id: {
    'chat.thread.waiting': 'Pesan Anda terkirim setelah percakapan termuat ({count} menunggu).',
  },
  en: {
    'chat.thread.waiting': 'Your messages go out once the conversation has loaded ({count} waiting).',
  },
} as const;
