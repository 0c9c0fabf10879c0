// Replays a transcript of bridge calls written by bridge/js_diff_test.go
// against session.js and reports every answer that differs from Go's.
// Usage: node session.diff.mjs TRANSCRIPT.jsonl
import { readFileSync } from 'node:fs';
import { load, parse } from './session.js';
import { compareMoves } from './rules-order.js';
import { lineText } from './rules-label.js';
import { describe, mateIn } from './rules-outcome.js';
import { RACE } from './rules-data.js';
import { actionNames } from './rules-san.js';
import { coord } from './rules-move.js';
import { legalMoves, inCheck } from './rules-movegen.js';
import { status } from './rules-status.js';
import { fen } from './rules-fen.js';
import { code } from './rules-code.js';
import { PlayTable, stateKey } from './playtable.js';
import { analyseSession, judgeMove } from './local.js';

// canon writes v as JSON with sorted keys, for deep comparison.
function canon(v) {
  if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']';
  if (v && typeof v === 'object') {
    return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

// extra answers the calls that look at the rules twins beyond the bridge.
function extra(s) {
  const g = s.game, p = g.position(), start = g.start();
  const legal = legalMoves(p);
  return {
    legal: legal.map((m) => coord(p.b, m)),
    sorted: legal.slice().sort(compareMoves).map((m) => coord(p.b, m)),
    key: stateKey(p), status: status(p), inCheck: inCheck(p), fen: fen(p), code: code(p),
    lineText: lineText(start, g.sanHistory()), equalStart: p.equal(start), actionNames: actionNames(start, g.moves()),
  };
}

const words = () => [0, RACE].flatMap((goal) => ['white-wins', 'black-wins', 'draw', 'unknown'].flatMap((o) =>
  [-1, 0, 1, 2, 11].map((plies) => describe(o, goal, mateIn(plies % 2 === 1, plies), plies))));

const lines = readFileSync(process.argv[2], 'utf8').split('\n').filter((l) => l !== '');
let session = null, failures = 0, transcripts = 0;
for (const [i, line] of lines.entries()) {
  const { op, args, want } = JSON.parse(line);
  let got;
  try {
    switch (op) {
      case 'load': session = null; transcripts++; session = load(...args); got = session.state(); break;
      case 'parse': got = parse(...args); break;
      case 'state': got = session.state(); break;
      case 'play': got = session.play(args[0]); break;
      case 'move': got = session.move(args[0], args[1], args[2]); break;
      case 'undo': got = session.undo(); break;
      case 'goto': got = session.goto(args[0]); break;
      case 'reset': got = session.reset(); break;
      case 'pgn': got = session.pgn(args[0]); break;
      case 'line': got = session.line(args[0]); break;
      case 'resolve': got = session.resolve(args[0], args[1]); break;
      case 'extra': got = extra(session); break;
      case 'words': got = words(); break;
      case 'table': session.table = new PlayTable(Buffer.from(args[0], 'base64')); got = session.state(); break;
      case 'analyse': got = analyseSession(session); break;
      case 'judge': got = judgeMove(session, args[0]); break;
      case 'values': {
        const p = session.game.position();
        got = (session.table.moveValues(p, compareMoves) || []).map((mv) => ({ move: coord(p.b, mv.move), value: mv.value, dtm: mv.dtm }));
        break;
      }
      case 'first': {
        const p = session.game.position();
        const m = session.table.choose(p, args[0], compareMoves, null);
        got = m ? coord(p.b, m) : null;
        break;
      }
      default: throw new Error('unknown op ' + op);
    }
    got = JSON.parse(JSON.stringify(got));
  } catch (e) {
    got = { error: e instanceof Error && e.message ? e.message : String(e) };
    if (!(e instanceof Error) || e instanceof TypeError || e instanceof RangeError) got.stack = e.stack;
  }
  if (canon(got) !== canon(want)) {
    failures++;
    if (failures <= (+process.env.SHOW || 10)) {
      console.log(`line ${i + 1}: ${op}(${JSON.stringify(args)}) at ${session ? fen(session.game.position()) : '-'}\n  go: ${canon(want)}\n  js: ${canon(got)}`);
    }
  }
}
console.log(`${transcripts} transcripts, ${lines.length} calls, ${failures} differ`);
process.exit(failures ? 1 : 0);
