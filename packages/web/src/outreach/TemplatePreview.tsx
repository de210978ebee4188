import type { RenderedTemplate, TemplateHeaderFormat } from '@sapa/sdk';
import { FileIcon, ImageIcon, VideoIcon } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './outreach.css.ts';

/** What a template shows: the picker's rendering (SDK `renderTemplate`), or a sent one's. */
export type TemplateView = Pick<RenderedTemplate, 'body' | 'footer'> & {
  header: { format: TemplateHeaderFormat; text: string | null; mediaUrl: string | null } | null;
  buttons: readonly { type: string; text: string; url?: string | undefined }[];
};

const mediaIcons = { IMAGE: ImageIcon, VIDEO: VideoIcon, DOCUMENT: FileIcon } as const;

/** A media header: the picked image (or a placeholder with its kind until there is a file). */
export function TemplateMediaHeader({
  format,
  url,
}: {
  format: Exclude<TemplateHeaderFormat, 'TEXT'>;
  url: string | null;
}) {
  const t = useT();
  const Icon = mediaIcons[format];
  if (url !== null && format === 'IMAGE') return <img className={css.templateMedia} src={url} alt="" />;
  return (
    <span className={css.templateMediaSlot}>
      <Icon />
      {t(`outreach.preview.media.${format}`)}
    </span>
  );
}

/** The header, body and footer of a template, and its buttons (as WhatsApp lists them under it). */
export function TemplateParts({ view }: { view: TemplateView }) {
  const { header } = view;
  return (
    <>
      {header === null ? null : header.format === 'TEXT' ? (
        <p className={css.templateHeader}>{header.text}</p>
      ) : (
        <TemplateMediaHeader format={header.format} url={header.mediaUrl} />
      )}
      <p className={css.templateBody}>{view.body}</p>
      {view.footer ? <p className={css.templateFooter}>{view.footer}</p> : null}
    </>
  );
}

export function TemplateButtons({ view, className }: { view: TemplateView; className?: string }) {
  if (view.buttons.length === 0) return null;
  return (
    <ul className={className ?? css.templateButtons}>
      {view.buttons.map((button, index) => (
        <li key={index} className={css.templateButton} title={button.url}>
          {button.text}
        </li>
      ))}
    </ul>
  );
}

/** The picker's preview: the template as the customer will see it, in a bubble of its own. */
export function TemplatePreview({ view }: { view: TemplateView }) {
  const t = useT();
  return (
    <figure
      className={css.previewStage}
      aria-label={t('outreach.preview.label')}
      data-testid="template-preview"
    >
      <div className={css.template}>
        <div className={css.templateCard}>
          <TemplateParts view={view} />
        </div>
        <TemplateButtons view={view} />
      </div>
    </figure>
  );
}
