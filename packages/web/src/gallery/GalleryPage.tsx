import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project } from '@sapa/sdk';
import {
  galleryMachine,
  galleryPermissions,
  selectGalleryAction,
  selectGallerySelected,
  selectGalleryStatus,
  type GalleryPermissions,
} from '@sapa/machines/uploads';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { CrmHeading, CrmPage, useAnnouncements } from '../crm/CrmPage.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { GalleryGrid } from './GalleryGrid.tsx';
import { GalleryTools } from './GalleryTools.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { StorageMeter } from './StorageMeter.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/**
 * `/crm/gallery/{key}`: the project's files (galleryMachine) in a virtualised grid, with a kind
 * filter and a search, the project's storage against its quota; each with its permission,
 * uploading and keeping files, deleting them and sending one in a chat from its preview.
 */
export function GalleryPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.crm.gallery')}
      permissions={galleryPermissions}
      noAccess={t('gallery.noAccess')}
      className={css.page}
    >
      {(project, may) => <Gallery project={project} may={may} />}
    </CrmPage>
  );
}

function Gallery({ project, may }: { project: Project; may: GalleryPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(galleryMachine, { input: { client, key: project.key, showUsage: true } });
  const [uploading, setUploading] = useState(false);
  // Toasts for what the machine announces: a file deleted, files kept, a file sent.
  useAnnouncements(actor, {
    'gallery.deleted': () => ({ message: t('gallery.deleted') }),
    'gallery.added': ({ items }) => ({ message: t('gallery.saved', { count: items.length }) }),
    'gallery.sent': ({ conversation }) => ({
      message: t('gallery.sent', { name: conversation?.customer.name ?? '' }),
    }),
  });
  return (
    <>
      <CrmHeading
        title={t('screen.crm.gallery')}
        add={
          may.add
            ? { text: t('gallery.upload'), testId: 'gallery-upload', onPress: () => setUploading(true) }
            : null
        }
      />
      <GalleryTools actor={actor} />
      <StorageMeter actor={actor} />
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
