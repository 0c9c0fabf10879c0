// Names of what bridge.Session answers the page (the WebAssembly engine
// and its JavaScript twin js/session.js, js/local.js alike): the shapes
// are declared once in Go, in the engine protocol (internal/wire/
// protocol.go), and generated into wire-protocol.d.ts; these are their short
// names. Ambient declarations for tsc only: never shipped, no imports or
// exports.

/** A move as the board needs it (bridge.moveOf). */
type BoardMove = wire.BoardMove;

/** Everything the page draws after a change (bridge.Session.State). */
type SessionState = wire.SessionState;

/** A position checked for the editor (bridge.Parse). */
type ParsedPosition = wire.ParsedPosition;

/** bridge.Analysis as the page reads it. */
type Analysis = wire.Analysis;
