/**
 * FilePond for the whole app, set up once: its styles, the image preview and EXIF orientation
 * plugins, and Sapa's own plugin, which hands what the agent drops or browses to the upload
 * queue before FilePond keeps anything (FilePond's `ADD_ITEMS` filter), and shows an item the
 * queue refused as `load-invalid` with the queue's reason (its `DID_LOAD_ITEM` filter).
 *
 * FilePond's filters are global; which field a drop or a browse belongs to is told just before
 * by the field itself (`offerAdds`: FilePond's `beforeDropFile`, the browse input's change).
 */
import * as FilePond from 'filepond';
import * as ImagePreview from 'filepond-plugin-image-preview';
import * as ExifOrientation from 'filepond-plugin-image-exif-orientation';
import 'filepond/dist/filepond.min.css';
import 'filepond-plugin-image-preview/dist/filepond-plugin-image-preview.min.css';
import type { PondBridge } from './pondBridge.ts';
import type { PondItem } from './pondView.ts';

type Filter = (value: unknown) => Promise<unknown>;
interface PluginApi {
  addFilter(key: string, filter: Filter): void;
  utils: Record<string, unknown>;
  views: Record<string, unknown>;
}
type Plugin = (api: PluginApi) => { options: Record<string, unknown> };

/** A drop or a browse takes this long at most to reach the filter (a dropped folder is read first). */
const OFFER_MS = 10_000;

const bridges = new Set<PondBridge>();
let offer: { bridge: PondBridge; at: number } | null = null;

/** The next files FilePond picks up (drop, browse) belong to `bridge`'s field. */
export function offerAdds(bridge: PondBridge): void {
  offer = { bridge, at: Date.now() };
}

function takeOffer(): PondBridge | null {
  const taken = offer;
  offer = null;
  return taken !== null && Date.now() - taken.at <= OFFER_MS && bridges.has(taken.bridge)
    ? taken.bridge
    : null;
}

function isPondItem(value: unknown): value is PondItem {
  return typeof value === 'object' && value !== null && 'getMetadata' in value;
}

const sapaQueuePlugin: Plugin = ({ addFilter }) => {
  addFilter('ADD_ITEMS', (items) => {
    const bridge = takeOffer();
    if (bridge === null || !Array.isArray(items)) return Promise.resolve(items);
    bridge.addFromPond(items);
    // The queue decided; what it kept comes back into the pond from the queue.
    return Promise.resolve([]);
  });
  addFilter(
    'DID_LOAD_ITEM',
    (item) =>
      new Promise((resolve, reject) => {
        const queueId = isPondItem(item) ? item.getMetadata('queueId') : null;
        const bridge =
          typeof queueId === 'string' ? [...bridges].find((candidate) => candidate.owns(queueId)) : undefined;
        const refusal =
          bridge !== undefined && typeof queueId === 'string' ? bridge.refusalOf(queueId) : null;
        if (refusal === null) resolve(item);
        else reject({ status: refusal, error: { type: 'error', code: 0, body: refusal.main } });
      }),
  );
  return { options: {} };
};

function defaultOf(module: unknown): Plugin {
  return (
    typeof module === 'object' && module !== null && 'default' in module ? module.default : module
  ) as Plugin;
}

/**
 * FilePond's image preview scales pictures in a Web Worker made from a `blob:` URL, which the
 * app's Content-Security-Policy (`worker-src 'self'`) refuses. Handed this instead, the worker
 * answers nothing and the plugin takes its own fallback: an `<img>` of the file, queued while
 * the pond is busy for files over the instant-preview limit (1,000,000 bytes).
 */
const noWorker = () => ({
  post: (_message: unknown, done: (result: null) => void) => done(null),
  transfer: () => undefined,
  terminate: () => undefined,
});

const imagePreviewPlugin: Plugin = (api) =>
  defaultOf(ImagePreview)({ ...api, utils: { ...api.utils, createWorker: noWorker } });

let registered = false;

/** Registers the plugins (once) and `bridge` (until the function answered is called). */
export function registerBridge(bridge: PondBridge): () => void {
  if (!registered) {
    registered = true;
    FilePond.registerPlugin(defaultOf(ExifOrientation), imagePreviewPlugin, sapaQueuePlugin);
  }
  bridges.add(bridge);
  return () => {
    bridges.delete(bridge);
    if (offer?.bridge === bridge) offer = null;
  };
}

export { FilePond };
