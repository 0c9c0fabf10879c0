// The words the page writes for the engine's values: outcomes, end
// reasons, game states, values and distances of the state graph, move
// lines. They re-type in the page what the engine already knows, and are
// to be replaced by words sent by the engine (the wasm engine's answers,
// the explorer's page data): once it sends them, the pages show its words
// and this module goes. Keep every such table and sentence here, and
// nothing else. Pure: no DOM, importable from Node.

// capitalize writes a side ("white") as it starts a sentence.
export function capitalize(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// numberedLine formats SAN moves with move numbers from a side and move.
export function numberedLine(sans, side, fullmove) {
  const out = [];
  let n = fullmove || 1;
  let black = side === 'black';
  sans.forEach((m, i) => {
    if (!black) out.push(n + '.');
    else if (i === 0) out.push(n + '…');
    out.push(m);
    if (black) n++;
    black = !black;
  });
  return out.join(' ');
}

// WINNERS name the explorer's value letters of a won state.
export const WINNERS = { W: 'White', B: 'Black' };

// ENDS say how an explorer's state ended, by its end code.
export const ENDS = { mate: 'checkmate', stalemate: 'stalemate', insufficient: 'insufficient material', race: 'race won' };

// plies counts half-moves.
export function plies(n) {
  return n + (n === 1 ? ' ply' : ' plies');
}

// graphValueText says who wins a state of the explorer and how fast;
// race is set when a win is a race to the far rank, not a mate.
export function graphValueText(value, dtm, race) {
  if (value === 'D') return 'Draw';
  if (dtm === 0) return WINNERS[value] + ' has won';
  return WINNERS[value] + (race ? ' wins the race in ' : ' wins, mate in ') + plies(dtm);
}

// shortValue is graphValueText for the explorer's list of states.
export function shortValue(value, dtm) {
  if (value === 'D') return 'draw';
  return WINNERS[value] + ' wins in ' + dtm;
}
