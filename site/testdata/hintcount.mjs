// hintcount.mjs counts the hints the trainer gives (templates/static/js/hints.js)
// at every turn of every puzzle of the chunks named on the command line, by
// kind, for TestEveryShippedPuzzleHasHints. Usage:
//   node hintcount.mjs HINTS_JS CHUNK...
// It prints one JSON object: {kinds: {KIND: {puzzles, turns, bare, authored, danger, banTurns, banHints}}, missing: [ids]}.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [hintsPath, ...chunks] = process.argv.slice(2);
const { hintSteps } = await import(pathToFileURL(hintsPath).href);
const out = { kinds: {}, missing: [] };
for (const file of chunks) {
  for (const e of JSON.parse(readFileSync(file, 'utf8'))) {
    const k = out.kinds[e.kind] || (out.kinds[e.kind] = { puzzles: 0, turns: 0, bare: 0, authored: 0, danger: 0, banTurns: 0, banHints: 0 });
    const p = e.puzzle;
    k.puzzles++;
    if (p.hints && p.hints.length) k.authored++;
    let bare = false;
    const walk = (n, root) => {
      if (!n) return;
      if (n.accept && n.accept.length) {
        k.turns++;
        const steps = hintSteps(p, n, root);
        const ban = n.accept.some((a) => a.startsWith('b:'));
        if (ban) k.banTurns++;
        if (ban && steps.length && steps[0].text.startsWith('Ban ')) k.banHints++;
        if (root && steps.length && steps[0].text.startsWith('Danger: ')) k.danger++;
        // A move needs two hints (the piece, then its square), a ban one.
        if (steps.length < (ban ? 1 : 2) || steps.some((s) => !s.text || !(s.squares.length || s.move))) bare = true;
      }
      for (const c of Object.values(n.next || {})) walk(c, false);
    };
    if (!p.tree || !p.tree.accept || !p.tree.accept.length) bare = true;
    walk(p.tree, true);
    if (bare) {
      k.bare++;
      if (out.missing.length < 20) out.missing.push(e.id);
    }
  }
}
console.log(JSON.stringify(out));
