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

// OUTCOMES name a result value of the engine ("white-wins").
export const OUTCOMES = { 'white-wins': 'White wins', 'black-wins': 'Black wins', draw: 'Draw' };

// outcomeText names a result value, "Unknown" for any other.
export function outcomeText(value) {
  return OUTCOMES[value] || 'Unknown';
}

// REASONS say how a game ended, by the engine's status.
export const REASONS = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  'insufficient-material': 'insufficient material',
  'fifty-move': 'the fifty-move rule',
  threefold: 'threefold repetition',
  race: 'reaching the far rank first',
  'no-moves': 'leaving the opponent without a move',
  resigned: 'resignation',
};

// banText writes a banned pair {from, to} as "a2a4".
export function banText(b) {
  return b ? b.from + b.to : '';
}

// statusText describes an engine state for the status line.
export function statusText(s) {
  if (!s) return '';
  if (s.over) {
    const byBan = s.byBan ? (s.status === 'checkmate' ? ' (mate by a ban: ' : ' (stalemate by a ban: ') + banText(s.banned) + ')' : '';
    const reason = REASONS[s.status] || s.reason;
    if (s.winner) return capitalize(s.winner) + ' wins by ' + reason + byBan + '.';
    return 'Draw by ' + reason + byBan + '.';
  }
  if (s.banPhase) return capitalize(s.actor) + ' bans one of ' + capitalize(s.side) + '\'s moves' + (s.check ? ' (' + capitalize(s.side) + ' is in check)' : '') + '.';
  return capitalize(s.side) + ' to move' + (s.check ? ', in check' : '') + (s.banned ? ' (banned: ' + banText(s.banned) + ')' : '') + '.';
}

// positionText describes a position the editor's engine call parsed:
// the side to move, its status unless active, and the preset.
export function positionText(p) {
  return capitalize(p.side) + ' to move' + (p.status !== 'active' ? ' (' + p.status.replace(/-/g, ' ') + ')' : '') + '. Preset: ' + p.variant + '.';
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
