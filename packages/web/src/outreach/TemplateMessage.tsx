import type { SentTemplate } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import { ImageMessage } from '../media/ImageMessage.tsx';
import { Caption } from '../chat/Caption.tsx';
import { CategoryChip } from './CategoryChip.tsx';
import { TemplateButtons, TemplateMediaHeader } from './TemplatePreview.tsx';
import * as css from './outreach.css.ts';

/**
 * A template message in the thread, as it was sent: its name and category (what Meta bills it
 * as), the header (text, or the file: `url`), the rendered body (`caption`), footer and buttons.
 */
export function TemplateMessage({
  template,
  caption,
  url,
  compact,
  mobile,
}: {
  template: SentTemplate;
  caption: string | null;
  url: string | null;
  compact: boolean;
  mobile: boolean;
}) {
  const t = useT();
  const { header } = template;
  return (
    <div className={css.template} aria-label={t('outreach.message.template', { name: template.name })}>
      <span className={css.templateTag}>
        <span>{template.name}</span>
        <span
          aria-label={t('outreach.message.category', {
            category: t(`outreach.category.${template.category}`),
          })}
        >
          <CategoryChip category={template.category} testId="template-category" />
        </span>
      </span>
      {header === null ? null : header.format === 'TEXT' ? (
        <p className={css.templateHeader}>{header.text}</p>
      ) : header.format === 'IMAGE' && url !== null ? (
        <ImageMessage url={url} name={template.name} width={mobile ? 'mobileImage' : 'natural'} />
      ) : (
        <TemplateMediaHeader format={header.format} url={null} />
      )}
      <Caption text={caption} type="text" compact={compact} />
      {template.footer ? <p className={css.templateFooter}>{template.footer}</p> : null}
      <TemplateButtons
        view={{ body: '', footer: null, header: null, buttons: template.buttons }}
        className={css.threadButtons}
      />
    </div>
  );
}
