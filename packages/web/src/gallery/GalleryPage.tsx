import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project } from '@sapa/sdk';
import {
  galleryMachine,
  galleryPermissions,
  selectGalleryAction,
  selectGallerySelected,
  selectGalleryStatus,
  type GalleryPermissions,
} from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { GalleryGrid } from './GalleryGrid.tsx';
import { GalleryTools } from './GalleryTools.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/**
 * `/crm/gallery/{key}`: the project's files (galleryMachine) in a virtualised grid, with a kind
 * filter and a search; each with its permission, uploading and keeping files, deleting them and
 * sending one in a chat from its preview.
 */
export function GalleryPage() {
  const t = useT();
  const { status, project, error, retry } = useProject();
  const may = project === null ? null : galleryPermissions(project.permissions);
  return (
    <section className={css.page} aria-labelledby="screen-title">
      {status === 'loading' ? <Spinner label={t('chat.project.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null && may !== null && !may.view ? (
        <>
          <h1 id="screen-title" className={css.title}>
            {t('screen.crm.gallery')}
          </h1>
          <p className={css.muted}>{t('gallery.noAccess')}</p>
        </>
      ) : null}
      {project !== null && may?.view ? <Gallery key={project.key} project={project} may={may} /> : null}
    </section>
  );
}

function Gallery({ project, may }: { project: Project; may: GalleryPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(galleryMachine, { input: { client, key: project.key } });
  const [uploading, setUploading] = useState(false);
  useAnnouncements(actor);
  return (
    <>
      <div className={css.head}>
        <h1 id="screen-title" className={css.title}>
          {t('screen.crm.gallery')}
        </h1>
        {may.add ? (
          <Button data-testid="gallery-upload" onPress={() => setUploading(true)}>
            {t('gallery.upload')}
          </Button>
        ) : null}
      </div>
      <GalleryTools actor={actor} />
      <GalleryBody actor={actor} />
      <GalleryDialogs actor={actor} project={project} may={may} />
      {uploading ? (
        <UploadDialog actor={actor} projectKey={project.key} onClose={() => setUploading(false)} />
      ) : null}
    </>
  );
}

function GalleryBody({ actor }: { actor: GalleryActor }) {
  const t = useT();
  const status = useSelector(actor, selectGalleryStatus);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  if (status === 'loading')
    return (
      <div className={css.state}>
        <Spinner label={t('gallery.loading')} />
      </div>
    );
  if (status === 'failed')
    return (
      <div className={css.state} role="alert">
        <p className={css.muted}>{t('gallery.failed', { message: error?.message ?? '' })}</p>
        <Button onPress={() => actor.send({ type: 'gallery.retry' })}>{t('common.retry')}</Button>
      </div>
    );
  if (status === 'empty')
    return (
      <div className={css.state} data-testid="gallery-grid">
        <p className={css.muted}>{t('gallery.empty')}</p>
      </div>
    );
  return <GalleryGrid actor={actor} />;
}

/** One dialog at a time: the preview, or what is being done with its file. */
function GalleryDialogs({
  actor,
  project,
  may,
}: {
  actor: GalleryActor;
  project: Project;
  may: GalleryPermissions;
}) {
  const action = useSelector(actor, selectGalleryAction);
  const selected = useSelector(actor, selectGallerySelected);
  if (action === 'confirmingDelete' || action === 'deleting') return <DeleteDialog actor={actor} />;
  if (action === 'sharing' && selected !== null)
    return <ShareDialog actor={actor} projectKey={project.key} file={selected} />;
  if (selected === null) return null;
  return <PreviewDialog actor={actor} file={selected} may={may} timeZone={project.timeZone} />;
}

/** Toasts for what the machine announces: a file deleted, files kept, a file sent. */
function useAnnouncements(actor: GalleryActor) {
  const t = useT();
  const toasts = useToasts();
  useEffect(() => {
    const subscriptions = [
      actor.on('gallery.deleted', () => toasts.show(t('gallery.deleted'), 'success')),
      actor.on('gallery.added', ({ items }) =>
        toasts.show(t('gallery.saved', { count: items.length }), 'success'),
      ),
      actor.on('gallery.sent', ({ conversation }) =>
        toasts.show(t('gallery.sent', { name: conversation?.customer.name ?? '' }), 'success'),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, toasts, t]);
}
