// Types shared by the trainer's modules (trainstate.js, train.js,
// puzzle.js, dashboard.js). Ambient: tsc reads them, nothing ships.

/** The clock functions a Schedule uses (the global ones, or a test's). */
interface Timers {
  setTimeout(fn: () => void, ms: number): any;
  clearTimeout(id: any): void;
  setInterval(fn: () => void, ms: number): any;
  clearInterval(id: any): void;
}

/** A training mode. */
type TrainMode = 'rated' | 'streak' | 'storm' | 'review' | 'practice' | 'sets';

/** The puzzles chosen: the filters' values. */
interface TrainFilter {
  pack: string;
  family: string;
  kind: string;
  theme: string;
  /** Practice's rating range; 0 for no bound. */
  min: number;
  max: number;
  unsolved: boolean;
  /** Rated's offset from the player's rating. */
  difficulty: number;
}

/** A Streak or a Storm under way. */
interface TrainRun {
  mode: 'streak' | 'storm';
  score: number;
  combo: number;
  over: boolean;
  /** The ids of the puzzles opened in the run. */
  played: Set<string>;
  /** When a Storm's clock runs out (ms, the trainer's clock); 0 until the first move starts it. */
  ends: number;
}

/** The records of the runs, as progress.js keeps them. */
interface TrainRecords {
  streak: number;
  storm: number;
}

/** What a puzzle reports when it ends. */
interface PuzzleResult {
  mistakes: number;
  hints: number;
  shown: boolean;
}

/** A puzzle of the corpus, as the trainer knows it. */
interface TrainEntry {
  id: string;
  title: string;
  rating: number;
  estimated?: boolean;
  themes?: string[];
  pack?: string;
  kind?: string;
  family?: string;
  url?: string;
  chunk?: number;
  fen?: string;
  source?: { url?: string };
  puzzle: { task: string; side: string; [k: string]: any };
  [k: string]: any;
}

/** The names the index gives to packs, boards, kinds and themes. */
interface TrainNames {
  packs: { [id: string]: string };
  families: { [id: string]: string };
  kinds: { [id: string]: string };
  themes: { [id: string]: string };
}

/**
 * What a change of the trainer's state brings about: a run ended (and
 * whether it set a record), seconds taken off or added to a Storm's
 * clock, the next puzzle due by itself.
 */
interface TrainEffect {
  ended?: { mode: 'streak' | 'storm'; score: number; best: boolean; record: number };
  penalty?: number;
  bonus?: number;
  next?: boolean;
}
