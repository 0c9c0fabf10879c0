// Types of vendor-fsrs.js: the part of ts-fsrs 5.4.2's dist/index.d.ts
// (MIT, see templates/LICENSE-ts-fsrs) that review.js uses, copied from
// it. Never shipped.

export declare enum State {
  New = 0,
  Learning = 1,
  Review = 2,
  Relearning = 3,
}

export declare enum Rating {
  Manual = 0,
  Again = 1,
  Hard = 2,
  Good = 3,
  Easy = 4,
}

export type Grade = Exclude<Rating, Rating.Manual>;

export interface Card {
  due: Date;
  stability: number;
  difficulty: number;
  /** Deprecated in ts-fsrs, to be removed in its version 6. */
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: State;
  last_review?: Date;
}

export interface ReviewLog {
  rating: Rating;
  state: State;
  due: Date;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  review: Date;
}

export interface RecordLogItem {
  card: Card;
  log: ReviewLog;
}

type StepUnit = `${number}${'m' | 'h' | 'd'}`;

export interface FSRSParameters {
  request_retention: number;
  maximum_interval: number;
  w: number[] | readonly number[];
  enable_fuzz: boolean;
  enable_short_term: boolean;
  learning_steps: StepUnit[] | readonly StepUnit[];
  relearning_steps: StepUnit[] | readonly StepUnit[];
}

export interface FSRS {
  next(card: Card, now: Date | number, grade: Grade): RecordLogItem;
}

export declare function createEmptyCard(now?: Date | number): Card;
export declare const generatorParameters: (props?: Partial<FSRSParameters>) => FSRSParameters;
export declare const fsrs: (params?: Partial<FSRSParameters>) => FSRS;
