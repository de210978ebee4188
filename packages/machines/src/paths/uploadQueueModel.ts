/**
 * The upload queue's test model. Its items are real upload machines over a fake FilePond client:
 * a state change of an item (`upload.changed`, `upload.released`) is a model event whose driver
 * makes the real item change (the server stores or refuses a photo, deletes a temporary upload)
 * or sends what the user would (`queue.remove`), so the paths show the queue's own reaction:
 * which item starts next, what a refused add leaves, what a replace removes.
 *
 * Two fields: photos, at most 3, 2 uploads at once, uploading as soon as added; and a single-file
 * field that replaces its file and uploads on `queue.process`.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { UploadSource } from '../uploadMachine.ts';
import { uploadQueueMachine } from '../uploadQueueMachine.ts';
import type { UploadQueueContext, UploadQueueInput, UploadQueueItem } from '../uploadQueueMachine.ts';
import { createFakeClient } from './fakes.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import {
  connectionLost,
  createFakeFilePond,
  fakeFilePondOf,
  pickedFile,
  uploadRefusal,
} from './uploadModel.ts';

/** The `n`-th photo added is `foto-n.jpg`, its item `u<n>` and its server id `srv-u<n>`. */
export const photoNumber = (n: number): UploadSource => ({
  kind: 'file',
  file: pickedFile(`foto-${n}.jpg`, 'image/jpeg'),
});
export const dsStore: UploadSource = { kind: 'file', file: pickedFile('.DS_Store', '') };
const filenameOf = (id: string) => `foto-${id.slice(1)}.jpg`;
const serverIdOf = (id: string) => `srv-${id}`;
/** A refusal a retry may get past (one for what the file is, such as its size, ends `load-invalid`). */
const refused = uploadRefusal('forbidden', 'Not allowed right now.', 403);

function queueWorld(options: Omit<UploadQueueInput, 'client'>): () => World {
  return () => {
    const client = createFakeFilePond();
    const input: UploadQueueInput = {
      client,
      acceptedTypes: ['image/*'],
      retryDelays: [],
      newId: (n) => `u${n}`,
      ...options,
    };
    return { input, client: createFakeClient(), browser: null, effects: [] };
  };
}

function contextOf(snapshot: AnyMachineSnapshot): UploadQueueContext {
  return snapshot.context as UploadQueueContext;
}

const brief = (item: UploadQueueItem) => ({
  id: item.id,
  status: item.status,
  serverId: item.serverId,
  queued: item.queued,
});

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  // `added` numbers the next item: states that would name it differently are different states.
  return JSON.stringify({
    added: c.added,
    items: c.items.map(brief),
    leaving: c.leaving.map(brief),
    warning: c.warning,
  });
}

function fields(event: AnyEventObject): Record<string, unknown> {
  return event as unknown as Record<string, unknown>;
}

const changed = (item: UploadQueueItem, status: string, serverId: string | null = item.serverId) => ({
  type: 'upload.changed',
  id: item.id,
  status,
  serverId,
});

/** What happens to the first item in each state: one item at a time keeps the graph small. */
function itemEvents(c: UploadQueueContext): AnyEventObject[] {
  const first = (status: string) => c.items.find((item) => item.status === status);
  const out: AnyEventObject[] = [];
  const processing = first('processing');
  if (processing !== undefined)
    out.push(
      changed(processing, 'processing-complete', serverIdOf(processing.id)),
      changed(processing, 'processing-error', null),
    );
  const complete = first('processing-complete');
  if (complete !== undefined) out.push(changed(complete, 'busy'));
  const busy = first('busy');
  if (busy !== undefined) out.push({ type: 'upload.released', id: busy.id });
  const failed = first('processing-error');
  if (failed !== undefined)
    out.push({ type: 'queue.retry', id: failed.id }, { type: 'upload.released', id: failed.id });
  const leaving = c.leaving[0];
  if (leaving !== undefined)
    out.push({ type: 'upload.released', id: leaving.id }, changed(leaving, 'remove-error'));
  return out;
}

function multiEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  const out: AnyEventObject[] = [];
  const next = c.added + 1;
  // Three photos at most in all, so that ids (and the graph) stay finite.
  if (c.added < 3) out.push({ type: 'queue.add', sources: [dsStore, photoNumber(next)] });
  if (c.items.length === 2 && c.warning === null && c.items.every((item) => item.status === 'processing'))
    out.push({ type: 'queue.add', sources: [photoNumber(next), photoNumber(next + 1)] });
  if (c.warning !== null) out.push({ type: 'queue.dismissWarning' });
  // Reorder while the three are uploading or waiting; clear (the message is sent) once all are stored.
  const last = c.items.at(-1);
  if (
    c.items.length === 3 &&
    last !== undefined &&
    c.items.every((item) => item.status === 'processing' || item.queued)
  )
    out.push({ type: 'queue.move', id: last.id, index: 0 });
  if (c.items.length > 0 && c.items.every((item) => item.status === 'processing-complete'))
    out.push({ type: 'queue.clear' });
  return [...out, ...itemEvents(c)];
}

function singleEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  const out: AnyEventObject[] = [];
  const next = c.added + 1;
  if (c.added < 3) out.push({ type: 'queue.add', sources: [photoNumber(next)] });
  if (c.items.length === 1 && c.warning === null)
    out.push({ type: 'queue.add', sources: [photoNumber(next), photoNumber(next + 1)] });
  if (c.warning !== null) out.push({ type: 'queue.dismissWarning' });
  if (c.items.some((item) => item.status === 'idle')) out.push({ type: 'queue.process' });
  return [...out, ...itemEvents(c)];
}

function itemOf(world: World, actorContext: UploadQueueContext, id: string) {
  const item = [...actorContext.items, ...actorContext.leaving].find((entry) => entry.id === id);
  if (item === undefined) throw new Error(`No item ${id}`);
  return { item, client: fakeFilePondOf(world) };
}

/** Makes the real item reach the status the model names. */
const driveChange: StepDriver = ({ actor, world, event }) => {
  const f = fields(event);
  const id = String(f['id']);
  const { item, client } = itemOf(world, actor.getSnapshot().context as UploadQueueContext, id);
  const answered = (ok: boolean) => {
    if (!ok) throw new Error(`Nothing to answer for ${id} (${String(f['status'])})`);
  };
  switch (f['status']) {
    case 'processing-complete':
      return answered(client.settle('process', { value: serverIdOf(id) }, filenameOf(id)));
    case 'processing-error':
      return answered(client.settle('process', { error: refused }, filenameOf(id)));
    case 'busy':
      actor.send({ type: 'queue.remove', id });
      return;
    case 'remove-error':
      return answered(client.settle('revert', { error: connectionLost('DELETE') }, item.serverId ?? ''));
    default:
      throw new Error(`The model cannot drive ${id} to ${String(f['status'])}`);
  }
};

/** An item is released: the server deletes its temporary upload, or the user removes it. */
const driveRelease: StepDriver = ({ actor, world, event }) => {
  const id = String(fields(event)['id']);
  const { item, client } = itemOf(world, actor.getSnapshot().context as UploadQueueContext, id);
  if (item.status === 'busy' || item.status === 'processing-complete') {
    if (!client.settle('revert', { value: undefined }, item.serverId ?? ''))
      throw new Error(`No revert for ${id}`);
  } else actor.send({ type: 'queue.remove', id });
};

function describeEvent(event: AnyEventObject): string {
  const f = fields(event);
  const names = (f['sources'] as UploadSource[] | undefined)?.map((source) =>
    source.kind === 'file' ? source.file.name : source.kind,
  );
  switch (event.type) {
    case 'queue.add':
      return `the user adds ${names?.join(', ') ?? 'nothing'}`;
    case 'queue.dismissWarning':
      return 'the user dismisses the warning';
    case 'queue.move':
      return `the user drags ${String(f['id'])} to position ${String(f['index'])}`;
    case 'queue.clear':
      return 'the message is sent: the field is cleared (queue.clear)';
    case 'queue.process':
      return 'the user presses Upload (queue.process)';
    case 'queue.retry':
      return `the user retries ${String(f['id'])} (queue.retry)`;
    case 'upload.released':
      return `${String(f['id'])} is released`;
    case 'upload.changed': {
      const id = String(f['id']);
      return (
        {
          'processing-complete': `the server stores ${filenameOf(id)}`,
          'processing-error': `the server refuses ${filenameOf(id)} (file_too_large)`,
          busy: `the user removes ${id}: its temporary upload is being deleted`,
          'remove-error': `deleting ${id}'s temporary upload fails`,
        }[String(f['status'])] ?? `${id} is ${String(f['status'])}`
      );
    }
    default:
      return event.type;
  }
}

function describeItem(item: UploadQueueItem): string {
  const extra = item.queued ? ' (waiting)' : item.serverId !== null ? ` ${item.serverId}` : '';
  return `${item.id} ${item.status}${extra}`;
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const parts = [c.items.length === 0 ? 'empty' : c.items.map(describeItem).join(', ')];
  if (c.leaving.length > 0)
    parts.push(`removing in the background: ${c.leaving.map(describeItem).join(', ')}`);
  if (c.warning !== null) parts.push(`warning "${c.warning.main}" (${c.warning.max})`);
  return parts.join('; ');
}

export const uploadQueueModel: PathModel = {
  name: 'uploadQueue',
  machine: uploadQueueMachine,
  serialize,
  starts: [
    {
      label: 'photos, at most 3, 2 uploads at once',
      world: queueWorld({ allowMultiple: true, maxFiles: 3, maxParallelUploads: 2 }),
    },
    {
      label: 'one photo, replaced by the next, uploaded on demand',
      world: queueWorld({ instantUpload: false }),
    },
  ],
  events: (snapshot) => (contextOf(snapshot).allowMultiple ? multiEvents(snapshot) : singleEvents(snapshot)),
  // Photos stored until the field is full; on the single field, every way to the second photo
  // waiting alone, among them a replaced upload leaving the server (or refused there, let go).
  simple: {
    events: (snapshot) =>
      contextOf(snapshot).allowMultiple
        ? multiEvents(snapshot).filter(
            (event) =>
              event.type === 'queue.add' ||
              (event.type === 'upload.changed' && fields(event)['status'] === 'processing-complete'),
          )
        : singleEvents(snapshot).filter(
            (event) =>
              (event.type === 'queue.add' && (fields(event)['sources'] as unknown[]).length === 1) ||
              event.type === 'queue.process' ||
              event.type === 'upload.released' ||
              (event.type === 'upload.changed' &&
                ['processing-complete', 'remove-error'].includes(String(fields(event)['status']))),
          ),
    toState: (snapshot) => {
      const c = contextOf(snapshot);
      if (!c.allowMultiple)
        return (
          c.added === 2 && c.leaving.length === 0 && c.items.length === 1 && c.items[0]?.status === 'idle'
        );
      return c.items.length === 3 && c.items.every((item) => item.status === 'processing-complete');
    },
  },
  scenarios: [
    // Only ignored names: nothing is added.
    { start: 0, events: [{ type: 'queue.add', sources: [dsStore] }] },
    // A fourth photo is refused whole, with the warning until dismissed.
    {
      start: 0,
      events: [
        { type: 'queue.add', sources: [photoNumber(1), photoNumber(2), photoNumber(3)] },
        { type: 'queue.add', sources: [photoNumber(4)] },
        { type: 'queue.dismissWarning' },
      ],
    },
    // The third photo waits for a slot; a retry waits too, and starts when the first is stored.
    {
      start: 0,
      events: [
        { type: 'queue.add', sources: [photoNumber(1), photoNumber(2), photoNumber(3)] },
        { type: 'upload.changed', id: 'u2', status: 'processing-error', serverId: null },
        { type: 'queue.retry', id: 'u2' },
        { type: 'upload.changed', id: 'u1', status: 'processing-complete', serverId: 'srv-u1' },
      ],
    },
  ],
  actorActs: {},
  drivers: {
    'upload.changed': driveChange,
    'upload.released': driveRelease,
  },
  describeEvent,
  describeState,
};
