// Types of the rules twins (js/rules-*.js), the JavaScript port of package
// engine. Ambient declarations for tsc only: never shipped, no imports or
// exports (the linker in site/modules.go reads the modules, not this).

/** A side: what the rules answer; inside, colours are 0 (white) and 1 (black). */
type Color = 'white' | 'black';

/** A move (engine.Move): square indices, a1 is 0, along the first rank, then up. */
interface Move {
  from: number;
  to: number;
  /** The promotion piece's lower-case letter, or ''. */
  promo: string;
  /** EP, CASTLE or DOUBLE of rules-move.js; absent on a move not yet matched to a legal one. */
  flag?: number;
}

/** What Position.doMove returns and undoMove takes back (engine.Undo). */
interface Undo {
  m: Move;
  captured: number;
  castle: number;
  ep: number;
  halfmove: number;
  fullmove: number;
}

/** The shared geometry of a w×h board (engine.Board). */
interface Geometry {
  w: number;
  h: number;
  n: number;
  oneD: boolean;
  knight: number[][];
  king: number[][];
  /** pawnAttack[c][s]: the squares a pawn of colour c on s attacks. */
  pawnAttack: number[][][];
  /** rays[s][d]: the squares from s outward in direction d of DIRS. */
  rays: number[][][];
  names: string[];
}

/** The rules a game is played by (engine.Rules), without Ban Chess. */
interface RuleSet {
  preset: string;
  castling: boolean;
  enPassant: boolean;
  doubleStep: boolean;
  /** Bit t set: a pawn may promote to piece type t. */
  promotion: number;
  promoteToCaptured: boolean;
  /** Under promoteToCaptured, the piece counts of the start position. */
  initial: Int8Array | null;
  fiftyMove: boolean;
  threefold: boolean;
  insufficientMaterial: boolean;
  bans: boolean;
  /** 0 checkmate, 1 race (RACE). */
  goal: number;
  oneD: boolean;
}

/** engine.Status as a name. */
type StatusName = 'active' | 'checkmate' | 'stalemate' | 'insufficient-material' | 'fifty-move' | 'threefold' | 'race' | 'no-moves';
