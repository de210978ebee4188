/** Delivers a one-time code to a phone. Adapters: console (development, tests), WhatsApp (later). */
export interface OtpSender {
  send(message: {
    phone: string;
    code: string;
    purpose: 'register' | 'login' | 'reset' | 'change_phone';
  }): Promise<void>;
}
