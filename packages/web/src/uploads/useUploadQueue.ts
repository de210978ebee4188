/**
 * The upload queue of a field, made for a project: its FilePond client (`/upload/{key}`) carries
 * this browser's session token and language, like every act.
 */
import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import {
  createFilePondClient,
  UPLOAD_ACCEPTED_TYPES,
  UPLOAD_TYPE_LABELS,
  type FilePondClient,
} from '@sapa/sdk';
import { uploadQueueMachine, type UploadSource } from '@sapa/machines/uploads';
import { useRuntime } from '../RuntimeProvider.tsx';
import type { QueueActor } from './pondView.ts';

export function useFilePondClient(projectKey: string): FilePondClient {
  const { tokens, preferences } = useRuntime();
  return useMemo(
    () => createFilePondClient({ key: projectKey, tokens, locale: () => preferences.getSnapshot().locale }),
    [projectKey, tokens, preferences],
  );
}

export interface UploadQueueOptions {
  projectKey: string;
  /** FilePond's default: one file. */
  allowMultiple?: boolean;
  /** With `allowMultiple`; unset: unlimited. */
  maxFiles?: number | null;
  /**
   * Accepted MIME types (`image/*` matches the major type); empty: anything. Default: what the
   * server stores (`UPLOAD_ACCEPTED_TYPES`), so a refused type is refused before it goes up.
   */
  acceptedTypes?: readonly string[];
  /** Names for types in the 'Expects …' message; `null` hides a type. */
  typeLabels?: Record<string, string | null>;
  /** Files the field starts with (a gallery file, a temporary upload after a reload). */
  initialFiles?: UploadSource[];
}

/** A queue actor for a field; its options are read once, when the field mounts. */
export function useUploadQueue(options: UploadQueueOptions): QueueActor {
  const client = useFilePondClient(options.projectKey);
  return useActorRef(uploadQueueMachine, {
    input: {
      client,
      allowMultiple: options.allowMultiple ?? false,
      maxFiles: options.maxFiles ?? null,
      acceptedTypes: options.acceptedTypes ?? UPLOAD_ACCEPTED_TYPES,
      typeLabels: options.typeLabels ?? UPLOAD_TYPE_LABELS,
      ...(options.initialFiles ? { files: options.initialFiles } : {}),
    },
  });
}
