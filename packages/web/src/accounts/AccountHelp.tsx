/**
 * Where a WhatsApp number's details come from (`/project/account/{key}`, beside the add form):
 * the phone-number ID and the WhatsApp Business Account ID on the Meta app's WhatsApp → API Setup
 * page, a System User's permanent token from Business Settings, and the webhook this server
 * listens on (with the template status fields).
 */
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './accounts.css.ts';

/** Sapa's webhook, as Meta must call it: this server's origin (the web app is served from it). */
const webhookUrl = () => `${window.location.origin}/webhooks/whatsapp`;

export function AccountHelp() {
  const t = useT();
  return (
    <section className={css.help} aria-labelledby="account-help-title">
      <h2 id="account-help-title" className={css.sectionTitle}>
        {t('account.help.title')}
      </h2>
      <p className={css.helpText}>{t('account.help.intro')}</p>
      <ol className={css.helpSteps}>
        <li>{t('account.help.phoneNumberId')}</li>
        <li>{t('account.help.wabaId')}</li>
        <li>{t('account.help.token')}</li>
        <li>
          {t('account.help.webhook', { url: webhookUrl() })} {t('account.help.templates')}
        </li>
      </ol>
      <p className={css.helpText}>{t('account.help.temporary')}</p>
    </section>
  );
}
