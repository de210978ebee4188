import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Input, SearchField } from 'react-aria-components';
import type { ActorRef, AnyActorRef, EventObject } from 'xstate';
import type { Project } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import type { ToastTone } from '../toast/toastStore.ts';
import * as css from './crm.css.ts';

/** What a member may do on a screen; only `view` matters to the shell. */
export interface ScreenPermissions {
  view: boolean;
}

export interface CrmPageProps<May extends ScreenPermissions> {
  /** The screen's heading, also when the member may not see it. */
  title: string;
  /** What the member may do, from the project's permissions (e.g. `labelPermissions`). */
  permissions(permissions: readonly string[]): May;
  /** Said instead of the screen without its view permission. */
  noAccess: string;
  /** The section's class; default the CRM page (scrolls within the window). */
  className?: string;
  /** The screen, once the project loaded and the member may see it; made again per project. */
  children(project: Project, may: May): ReactNode;
}

/**
 * The shell of a CRM screen of a project (`/crm/<module>/{key}`): a section named by its heading
 * (`#screen-title`), a spinner while the project loads, its failure with Retry, the heading and a
 * notice for a member without the screen's view permission, else the screen itself.
 */
export function CrmPage<May extends ScreenPermissions>(props: CrmPageProps<May>) {
  const t = useT();
  const { status, project, error, retry } = useProject();
  const { permissions, children } = props;
  const may = useMemo(
    () => (project === null ? null : permissions(project.permissions)),
    [project, permissions],
  );
  return (
    <section className={props.className ?? css.page} aria-labelledby="screen-title">
      {status === 'loading' ? <Spinner label={t('chat.project.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null && may !== null && !may.view ? (
        <>
          <CrmHeading title={props.title} />
          <p className={css.muted}>{props.noAccess}</p>
        </>
      ) : null}
      {project !== null && may?.view ? <Screen key={project.key}>{children(project, may)}</Screen> : null}
    </section>
  );
}

/** Keyed by the project: another project's screen starts afresh (its machines included). */
function Screen({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** The screen's add button: its text, its test id, what it does. */
export interface AddAction {
  text: string;
  testId: string;
  onPress(): void;
}

/** The screen's heading (it names the section), with its add button when the member may add. */
export function CrmHeading({ title, add = null }: { title: string; add?: AddAction | null }) {
  return (
    <div className={css.head}>
      <h1 id="screen-title" className={css.title}>
        {title}
      </h1>
      {add === null ? null : (
        <Button data-testid={add.testId} onPress={add.onPress}>
          {add.text}
        </Button>
      )}
    </div>
  );
}

/** A screen's search box; the machine waits for a pause in the typing. */
export function CrmSearch({
  label,
  placeholder,
  testId,
  onChange,
}: {
  label: string;
  placeholder: string;
  testId: string;
  onChange(text: string): void;
}) {
  return (
    <SearchField aria-label={label} onChange={onChange}>
      <Input className={css.search} placeholder={placeholder} data-testid={testId} />
    </SearchField>
  );
}

/** A toast to show. */
export interface Announcement {
  message: string;
  /** Default `success`. */
  tone?: ToastTone;
}

/** Per event a machine emits, the toast it gets (or null for none); it may also act (a refresh). */
export type Announcements<Emitted extends EventObject> = {
  [Type in Emitted['type']]?: (event: Extract<Emitted, { type: Type }>) => Announcement | null;
};

type EmittedOf<Actor> =
  Actor extends ActorRef<infer _Snapshot, infer _Event, infer Emitted extends EventObject> ? Emitted : never;

/**
 * Shows a toast for each event the screen's machine announces (`actor.on`), as `announcements`
 * says. The latest `announcements` is used, so it may be a new object each render.
 */
export function useAnnouncements<Actor extends AnyActorRef>(
  actor: Actor,
  announcements: Announcements<EmittedOf<Actor>>,
) {
  const toasts = useToasts();
  const latest = useRef(announcements);
  useEffect(() => {
    latest.current = announcements;
  }, [announcements]);
  useEffect(() => {
    const subscription = actor.on('*', (event: EventObject) => {
      const rule = (
        latest.current as Record<string, ((event: EventObject) => Announcement | null) | undefined>
      )[event.type];
      const announcement = rule?.(event) ?? null;
      if (announcement !== null) toasts.show(announcement.message, announcement.tone ?? 'success');
    });
    return () => subscription.unsubscribe();
  }, [actor, toasts]);
}
