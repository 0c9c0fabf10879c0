// Types of the engine clients (js/engine.js, js/local.js) and of what
// the engine's long calls report, for tsc --noEmit. Ambient: no import
// or export, never shipped.

/** A search's progress, as the bridge writes it (bridge.progressOf). */
interface SearchProgress {
  depth: number;
  /** Centipawns for the side to move. */
  score: number;
  /** Moves to mate, negative when mated; 0 when no mate is seen. */
  mate: number;
  nodes: number;
  ms: number;
  best: { from: string; to: string; promo: string; san: string; coord: string } | null;
  pv: string[];
  pvText: string;
}

/** The last argument of EngineClient.call that passes options. */
interface CallOptions {
  __opts: true;
  /** Receives the call's progress reports. */
  progress?: (p: any) => void;
}

/** What a page calls the engine through. */
interface EngineClient {
  ready: Promise<void>;
  call(fn: string, ...args: any[]): Promise<any>;
  /** Ends the long call running (a reply or an analysis) with what it found so far. */
  stop?(): void;
  terminate(): void;
}
