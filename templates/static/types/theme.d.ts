// The colour theme that theme.js sets before the first paint and that
// prefs.js cycles. Never shipped.

/** ThinchessTheme is window.thinchessTheme. */
interface ThinchessTheme {
  /** the choices, in the order the toggle cycles them: auto, light, dark, contrast */
  choices: string[];
  /** get returns the stored choice */
  get(): string;
  /** set stores and applies a choice (an unknown one is "auto") */
  set(choice: string): void;
}

interface Window {
  thinchessTheme?: ThinchessTheme;
}
