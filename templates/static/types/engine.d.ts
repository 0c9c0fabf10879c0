// Types of the engine clients (js/engine.js, js/local.js), for tsc
// --noEmit. The engine protocol itself, every call's arguments and
// answer, is declared once in Go (wire.Calls, internal/wire/protocol.go)
// and generated into wire-protocol.d.ts with its typed client, wire.Caller.
// Ambient: no import or export, never shipped.

/** A search's progress, as the bridge writes it (bridge.progressOf). */
type SearchProgress = wire.SearchProgress;

/**
 * What a page calls the engine through: call(fn, ...args) is typed by
 * wire.Calls, so tsc checks each call's name, arguments and answer. A
 * long call (reply, analyse, solve) takes a watch as its last argument,
 * {progress}, which receives its progress.
 */
interface EngineClient extends wire.Caller {
  ready: Promise<void>;
  /** Ends the long call running (a reply or an analysis) with what it found so far. */
  stop?(): void;
  terminate(): void;
}
