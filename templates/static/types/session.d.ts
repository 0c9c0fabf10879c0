// Types of what bridge.Session answers the page (the WebAssembly engine
// and its JavaScript twin js/session.js, js/local.js alike). Ambient
// declarations for tsc only: never shipped, no imports or exports.

/** A move as the board needs it (bridge.moveOf). */
interface BoardMove {
  from: string;
  to: string;
  promo: string;
  san: string;
  coord: string;
  /** Under Ban Chess: the action's kind. */
  ban?: boolean;
}

/** Everything the page draws after a change (bridge.Session.State). */
interface SessionState {
  fen: string;
  code: string;
  w: number;
  h: number;
  side: string;
  sideName: string;
  opponentName: string;
  /** Pieces by square index: "wk", "bn", or "". */
  board: string[];
  status: string;
  over: boolean;
  winner: string;
  result: string;
  reason: string;
  /** The square of a king in check, or "". */
  check: string;
  last: BoardMove | null;
  /** The actions played, for people: a move in SAN, a ban as "b:" and the move it forbids ("b:Ra4"). */
  san: string[];
  coords: string[];
  cursor: number;
  length: number;
  /** The legal moves by origin square. */
  legal: Record<string, BoardMove[]>;
  promotion: string[];
  fullmove: number;
  startSide: string;
  startFullmove: number;
  table: boolean;
  statusText: string;
  /** The banned move in SAN ("Ra4"), or "". */
  bannedText: string;
  bans: boolean;
  banPhase: boolean;
  actor: string;
  banned: BoardMove | null;
  byBan: boolean;
  startBanPhase: boolean;
}

/** A position checked for the editor (bridge.Parse). */
interface ParsedPosition {
  code: string;
  fen: string;
  w: number;
  h: number;
  side: string;
  variant: string;
  board: string[];
  status: string;
  text: string;
}

/** bridge.Analysis as the page reads it. */
interface Analysis {
  method: string;
  methodText: string;
  value: string;
  dtm: number;
  mateIn: number;
  summary: string;
  bestMoves: BoardMove[];
  pv: string[];
  pvText: string;
  side: string;
  fullmove: number;
  states: number;
  score: number;
}
