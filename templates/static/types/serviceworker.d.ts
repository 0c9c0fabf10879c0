// Types of the service worker (sw.js), which tsc checks with the DOM's
// library: the parts of ServiceWorkerGlobalScope it uses, and the
// constants the build writes above its source (site/assets.go). Never
// shipped.

/** VERSION changes whenever any file of the build does. */
declare const VERSION: string;
/** INDEX is the puzzle index, relative to the scope. */
declare const INDEX: string;
/** SITE is the list of the site's files (wire.SaveList), relative to the scope. */
declare const SITE: string;
/** OFFLINE is the offline page, relative to the scope. */
declare const OFFLINE: string;
/** PRECACHE are the files of the app shell, relative to the scope. */
declare const PRECACHE: string[];

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}

interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}

interface WorkerClient {
  readonly url: string;
}

interface WorkerClients {
  matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<WorkerClient[]>;
  claim(): Promise<void>;
}

/** ServiceWorkerScope is the worker's global scope, as sw.js uses it. */
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: WorkerClients;
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
