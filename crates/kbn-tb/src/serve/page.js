// kbn-tb serve: the board page. The position lives in the URL (/?fen=..., spaces as "_");
// every move or edit pushes a history entry, so Back and Forward walk the line. Each position
// is asked of /standard (the lichess-shaped API) and the page shows what it answers; practice
// mode plays the table's best defence (or attack) against the learner, all in the page.
'use strict';

// ---- pieces and squares ---------------------------------------------------------------------

// The four pieces: FEN letter, spoken name, and a drawing (100 x 100 view box).
const OUTLINE = 'stroke-width="3" stroke-linejoin="round" stroke-linecap="round"';
const DRAW = {
  king: (fill, line) =>
    `<path d="M45 6h10v9h9v10h-9v9H45v-9h-9V15h9z" fill="${fill}" stroke="${line}" ${OUTLINE}/>` +
    `<path d="M20 82C10 66 10 48 24 42c10-4 20 0 26 10 6-10 16-14 26-10 14 6 14 24 4 40z" fill="${fill}" stroke="${line}" ${OUTLINE}/>` +
    `<rect x="18" y="80" width="64" height="12" rx="4" fill="${fill}" stroke="${line}" ${OUTLINE}/>`,
  bishop: (fill, line, detail) =>
    `<circle cx="50" cy="13" r="7" fill="${fill}" stroke="${line}" ${OUTLINE}/>` +
    `<path d="M50 21C34 32 28 50 35 66h30c7-16 1-34-15-45z" fill="${fill}" stroke="${line}" ${OUTLINE}/>` +
    `<path d="M43 39l14 12M50 40v12M44 46h12" fill="none" stroke="${detail}" ${OUTLINE}/>` +
    `<rect x="32" y="65" width="36" height="9" rx="3" fill="${fill}" stroke="${line}" ${OUTLINE}/>` +
    `<path d="M16 92c6-10 18-14 34-10 16-4 28 0 34 10z" fill="${fill}" stroke="${line}" ${OUTLINE}/>`,
  knight: (fill, line, detail) =>
    `<path d="M28 90h50c2-22 4-44-4-58-6-11-15-17-26-19l-2-8-7 10-7-6v12C22 30 16 44 14 58c-1 6 5 10 11 6 5-4 10-6 16-8 4-2 8-4 10-9 1 11-7 19-15 28-6 7-8 14-8 23z" fill="${fill}" stroke="${line}" ${OUTLINE}/>` +
    `<circle cx="40" cy="30" r="3.5" fill="${detail}"/>` +
    `<path d="M22 56l4-1" stroke="${detail}" ${OUTLINE}/>`,
};
const PIECES = {
  K: { name: 'white king', svg: DRAW.king('#fff', '#1d1d1b') },
  B: { name: 'white bishop', svg: DRAW.bishop('#fff', '#1d1d1b', '#1d1d1b') },
  N: { name: 'white knight', svg: DRAW.knight('#fff', '#1d1d1b', '#1d1d1b') },
  k: { name: 'black king', svg: DRAW.king('#222', '#000') },
};
const LETTERS = ['K', 'B', 'N', 'k'];
const FILES = 'abcdefgh';
const DEFAULT_FEN = '8/8/8/4k3/8/8/8/KBN5 w - - 0 1';
const REPLY_DELAY_MS = 450;
const PRACTICE_BANDS = { '1-10': [1, 10], '11-20': [11, 20], '21-33': [21, 33] };

// Squares are 0..63, a1 = 0, h8 = 63.
const squareName = (sq) => FILES[sq % 8] + (Math.floor(sq / 8) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
const isDark = (sq) => (sq % 8 + Math.floor(sq / 8)) % 2 === 0;
const svgOf = (letter) => `<svg viewBox="0 0 100 100" aria-hidden="true">${PIECES[letter].svg}</svg>`;

const $ = (id) => document.getElementById(id);
const board = $('board');

// ---- state ----------------------------------------------------------------------------------

// The position: each piece's square (null when off the board) and the side to move.
let position = null;
let lastMove = null;     // [from, to] of the move that led here, for the highlight
let answer = null;       // /standard's answer for the position, or { error }
let mainline = null;     // /standard/mainline's answer, or null
let editing = false;     // the editor: free placement
let flipped = false;     // Black at the bottom
let selected = null;     // the square (or tray letter) picked up by click or keyboard
let focused = 0;         // the square with tabindex 0 (roving focus)
let requestSeq = 0;
let practice = null;     // the practice game (see the practice section)
let replyTimer = null;

// ---- FEN and URL ----------------------------------------------------------------------------

function pieceAt(pos, sq) {
  return LETTERS.find((c) => pos.at[c] === sq) || null;
}

function toFen(pos) {
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const letter = pieceAt(pos, rank * 8 + file);
      if (letter) {
        row += (empty || '') + letter;
        empty = 0;
      } else {
        empty++;
      }
    }
    rows.push(row + (empty || ''));
  }
  return `${rows.join('/')} ${pos.side} - - 0 1`;
}

// A position from a FEN (up to one of each of K, B, N, k), or an error message. The server
// checks the rest. Move counters are read and dropped: the page keeps none.
function fromFen(text) {
  const fields = text.trim().split(/\s+/);
  const ranks = fields[0].split('/');
  if (ranks.length !== 8) return `FEN has ${ranks.length} ranks, expected 8`;
  const at = { K: null, B: null, N: null, k: null };
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of ranks[r]) {
      if (/[1-8]/.test(c)) {
        file += Number(c);
      } else if (LETTERS.includes(c) && at[c] === null && file < 8) {
        at[c] = (7 - r) * 8 + file;
        file++;
      } else {
        return `"${c}" on rank ${8 - r}: the board holds one white king (K), bishop (B), knight (N) and one black king (k)`;
      }
    }
    if (file !== 8) return `FEN rank ${8 - r} has ${file} squares, expected 8`;
  }
  const side = fields[1] || 'w';
  if (side !== 'w' && side !== 'b') return `side to move "${side}", expected w or b`;
  return { at, side };
}

// The page's address for a FEN, spaces written as "_" as on syzygy-tables.info and lichess.
const urlOf = (fen) => `/?fen=${fen.replace(/ /g, '_')}`;

function fenFromUrl() {
  const fen = new URLSearchParams(window.location.search).get('fen');
  if (fen) return fen.replace(/_/g, ' ');
  // An older link kept the FEN in the fragment.
  try {
    return decodeURIComponent(window.location.hash.slice(1)) || null;
  } catch {
    return null;
  }
}

const complete = (pos) => LETTERS.every((c) => pos.at[c] !== null);

// ---- history: every move or edit is an entry ------------------------------------------------

// The history entry of the position shown: its FEN, the move that led to it, its number in
// this visit (the first entry is 0), and the practice game it belongs to, if any.
const entry = () => window.history.state || { ply: 0 };

// Shows a new position and pushes its history entry.
function go(next, move, extra = {}) {
  cancelReply();
  const ply = entry().ply + 1;
  const fen = toFen(next);
  const state = { fen, lastMove: move || null, ply, practice: practice && practice.active ? practice.id : null, ...extra };
  window.history.pushState(state, '', urlOf(fen));
  show(state);
}

// Shows the position of a history entry (a new one, or one Back or Forward returned to).
function show(state) {
  const parsed = fromFen(state.fen);
  position = typeof parsed === 'string' ? fromFen(DEFAULT_FEN) : parsed;
  lastMove = state.lastMove || null;
  selected = null;
  if (practice) {
    practice.active = state.practice === practice.id;
    if (practice.active) practice.ply = state.ply;
  }
  answer = null;
  mainline = null;
  showAnswer();  // '…' until the answer comes, never the last position's value
  probe();
}

window.addEventListener('popstate', (e) => {
  cancelReply();
  show(e.state || { fen: fenFromUrl() || DEFAULT_FEN, ply: 0 });
});

// Takes back one move (in practice, the learner's last move with the reply to it).
function takeBack() {
  const state = entry();
  let steps = 1;
  if (practice && practice.active) {
    steps = position.side === practice.side ? 2 : 1;
    steps = Math.min(steps, state.ply - practice.startPly);
    if (steps > 0) practice.takebacks++;
  }
  steps = Math.min(steps, state.ply);
  if (steps > 0) {
    cancelReply();
    window.history.go(-steps);
  }
}

// ---- moves ----------------------------------------------------------------------------------

function legalMoves() {
  return answer && !answer.error && answer.moves ? answer.moves : [];
}

function moveOf(from, to) {
  const uci = squareName(from) + squareName(to);
  return legalMoves().find((m) => m.uci === uci) || null;
}

// The position after a legal move (a capture takes the piece off the board).
function after(pos, uci) {
  const from = squareIndex(uci.slice(0, 2));
  const to = squareIndex(uci.slice(2, 4));
  const at = { ...pos.at };
  const captured = pieceAt(pos, to);
  if (captured) at[captured] = null;
  at[pieceAt(pos, from)] = to;
  return { at, side: pos.side === 'w' ? 'b' : 'w' };
}

function play(move) {
  if (practice && practice.active && !practice.over) {
    if (position.side !== practice.side) return;  // the reply is the page's to play
    judge(move);
  }
  go(after(position, move.uci), [squareIndex(move.uci.slice(0, 2)), squareIndex(move.uci.slice(2, 4))]);
}

function playBest() {
  if (practice && practice.active) return;  // no hints in practice
  const best = legalMoves()[0];
  if (best) play(best);
}

// ---- the API --------------------------------------------------------------------------------

async function getJson(url) {
  try {
    const response = await fetch(url);
    const body = await response.json();
    return response.ok ? body : { error: body.error || `HTTP ${response.status}` };
  } catch (err) {
    return { error: `the server did not answer (${err.message})` };
  }
}

// Asks /standard about the position (and /standard/mainline for the best line), unless the
// position lacks a piece: the page says why itself.
async function probe() {
  const seq = ++requestSeq;
  if (!complete(position)) {
    answer = { incomplete: true };
    showAnswer();
    return;
  }
  const fen = toFen(position).replace(/ /g, '_');
  board.setAttribute('aria-busy', 'true');
  const result = await getJson(`/standard?fen=${fen}`);
  if (seq !== requestSeq) return;  // a newer position was asked for meanwhile
  board.removeAttribute('aria-busy');
  answer = result;
  showAnswer();
  if (!result.error && !(practice && practice.active)) {
    const line = await getJson(`/standard/mainline?fen=${fen}`);
    if (seq !== requestSeq) return;
    mainline = line.error ? null : line;
    showLine();
  }
  if (practice && practice.active) practiceStep();
}

// ---- the verdict and the moves -------------------------------------------------------------

// White moves to mate from a position's dtm (plies, signed for the side to move): White to
// move mates in (d + 1) / 2 moves, Black to move is mated in -d / 2.
const mateIn = (dtm) => (dtm > 0 ? (dtm + 1) / 2 : -dtm / 2);

function valueText(a) {
  if (a.checkmate) return 'mated';
  if (a.category === 'draw') return 'draw';
  return `mate in ${mateIn(a.dtm)}`;
}

function explain(a) {
  const mover = position.side === 'w' ? 'White' : 'Black';
  if (a.checkmate) return 'Black is checkmated.';
  if (a.stalemate) return 'Stalemate: Black has no move and is not in check.';
  if (a.category === 'draw') {
    return legalMoves().some((m) => m.insufficient_material)
      ? 'Black to move takes a piece: a lone bishop or knight cannot mate.'
      : `${mover} to move: no forced mate.`;
  }
  const n = mateIn(a.dtm);
  return `${mover} to move; White mates in ${n} move${n === 1 ? '' : 's'} with best play.`;
}

function showAnswer() {
  const value = $('value');
  const note = $('note');
  const metrics = $('metrics');
  const illegal = !!answer && !!answer.error;
  board.classList.toggle('illegal', illegal);
  board.setAttribute('aria-invalid', illegal ? 'true' : 'false');
  $('verdict').classList.toggle('illegal', illegal);
  metrics.textContent = '';
  if (!answer) {
    value.textContent = '…';
    value.dataset.value = '';
    note.textContent = '';
  } else if (answer.incomplete) {
    const kings = position.at.K !== null && position.at.k !== null;
    const minors = ['B', 'N'].filter((c) => position.at[c] !== null).length;
    if (kings && minors === 1) {
      value.textContent = 'draw';
      value.dataset.value = 'draw';
      note.textContent = 'Insufficient material: a lone bishop or knight cannot mate.';
    } else {
      const missing = LETTERS.filter((c) => position.at[c] === null).map((c) => PIECES[c].name);
      value.textContent = 'incomplete';
      value.dataset.value = 'incomplete';
      note.textContent = `Put the ${missing.join(', ')} on the board (Edit).`;
    }
  } else if (answer.error) {
    value.textContent = 'illegal';
    value.dataset.value = 'illegal';
    note.textContent = `Illegal: ${answer.error.replace(/^illegal position: /, '')}`;
  } else {
    value.textContent = valueText(answer);
    value.dataset.value = value.textContent;
    note.textContent = explain(answer);
    if (answer.category !== 'draw' && !answer.checkmate) {
      metrics.textContent = `DTM ${Math.abs(answer.dtm)} · DTZ ${Math.abs(answer.dtz)}`;
    }
  }
  showMoves();
  showLine();
  $('best').disabled = !!(practice && practice.active) || legalMoves().length === 0;
  $('takeback').disabled = entry().ply === 0;
  render();
}

// A move's badge and its group, from the mover's side: lichess gives each move the category
// of the position after it, for the side to move there.
function badge(m) {
  if (m.checkmate) return 'Checkmate';
  if (m.stalemate) return 'Stalemate';
  if (m.insufficient_material) return 'Insufficient material';
  if (m.category === 'draw') return 'Draw';
  const n = mateIn(m.dtm);
  return m.category === 'loss' ? `Mate in ${n}` : `Mated in ${n}`;
}

const GROUPS = [
  { category: 'loss', title: 'Winning', kind: 'win' },
  { category: 'draw', title: 'Drawing', kind: 'draw' },
  { category: 'win', title: 'Losing', kind: 'loss' },
];

function showMoves() {
  const box = $('moves');
  box.replaceChildren();
  for (const group of GROUPS) {
    const moves = legalMoves().filter((m) => m.category === group.category);
    if (!moves.length) continue;
    const title = document.createElement('h3');
    title.textContent = group.title;
    const list = document.createElement('ul');
    list.className = `group ${group.kind}`;
    list.dataset.group = group.kind;
    for (const m of moves) {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'move';
      button.dataset.uci = m.uci;
      const san = document.createElement('span');
      san.className = 'san';
      san.textContent = m.san;
      const tag = document.createElement('span');
      tag.className = 'badge';
      tag.textContent = badge(m);
      if (m.dtm) tag.title = `DTM ${Math.abs(m.dtm)} · DTZ ${Math.abs(m.dtz)}`;
      button.append(san, tag);
      button.setAttribute('aria-label', `${m.san}: ${tag.textContent}`);
      li.append(button);
      list.append(li);
    }
    box.append(title, list);
  }
}

// ---- the best line and its PGN --------------------------------------------------------------

// The PGN of the best line from the position, as python-chess exports a game: the seven tag
// roster, FEN and SetUp, movetext wrapped at 80 columns.
function pgnOf(fen, line) {
  const result = line.winner === 'w' ? '1-0' : '1/2-1/2';
  const tags = [
    ['Event', 'KBNK tablebase: best line'],
    ['Site', 'kbn-tb serve'],
    ['Date', '????.??.??'],
    ['Round', '-'],
    ['White', '?'],
    ['Black', '?'],
    ['Result', result],
    ['FEN', fen],
    ['SetUp', '1'],
  ];
  const lines = tags.map(([name, value]) => `[${name} "${value}"]`);
  lines.push('');
  const fields = fen.split(' ');
  let number = Number(fields[5]) || 1;
  let white = fields[1] === 'w';
  let current = '';
  const token = (text) => {
    if (80 - current.length < text.length) {
      lines.push(current.trimEnd());
      current = '';
    }
    current += text;
  };
  line.mainline.forEach((step, i) => {
    if (white) token(`${number}. `);
    else if (i === 0) token(`${number}... `);
    token(`${step.san} `);
    if (!white) number++;
    white = !white;
  });
  token(`${result} `);
  lines.push(current.trimEnd());
  return lines.join('\n');
}

function showLine() {
  const section = $('line-section');
  const ready = !!mainline && !!answer && !answer.error && !answer.incomplete;
  section.hidden = !ready;
  if (!ready) return;
  const fen = toFen(position);
  const pgn = pgnOf(fen, mainline);
  $('pgn').textContent = pgn;
  const movetext = pgn.slice(pgn.indexOf('\n\n') + 2).replace(/\s+/g, ' ');
  $('line').textContent = mainline.mainline.length ? movetext : valueText(answer);
  const link = $('pgn-download');
  link.href = `data:application/x-chess-pgn;charset=utf-8,${encodeURIComponent(`${pgn}\n`)}`;
  link.download = `kbnk-${fen.split(' ')[0].replace(/\//g, '-')}.pgn`;
}

// ---- drawing the board ----------------------------------------------------------------------

// The square shown at a row and column of the grid (row 0 at the top).
const squareAt = (row, col) => (flipped ? row * 8 + (7 - col) : (7 - row) * 8 + col);

function buildBoard() {
  board.replaceChildren();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const sq = squareAt(row, col);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'sq' + (isDark(sq) ? ' dark' : '');
      button.dataset.square = squareName(sq);
      button.dataset.sq = String(sq);
      board.append(button);
    }
  }
  board.classList.toggle('flipped', flipped);
  board.setAttribute('aria-label', `Chess board, ${flipped ? 'Black' : 'White'} at the bottom`);
}

function targetsOf(sq) {
  if (editing || sq === null) return [];
  return legalMoves().filter((m) => m.uci.startsWith(squareName(sq))).map((m) => squareIndex(m.uci.slice(2, 4)));
}

function render() {
  const targets = typeof selected === 'number' ? targetsOf(selected) : drag ? targetsOf(drag.from) : [];
  for (const button of board.children) {
    const sq = Number(button.dataset.sq);
    const letter = pieceAt(position, sq);
    let html = letter ? svgOf(letter) : '';
    const row = Math.floor([...board.children].indexOf(button) / 8);
    const col = [...board.children].indexOf(button) % 8;
    if (col === 0) html += `<span class="coord rank" aria-hidden="true">${Math.floor(sq / 8) + 1}</span>`;
    if (row === 7) html += `<span class="coord file" aria-hidden="true">${FILES[sq % 8]}</span>`;
    button.innerHTML = html;
    button.dataset.piece = letter || '';
    button.tabIndex = sq === focused ? 0 : -1;
    button.classList.toggle('selected', sq === selected);
    button.classList.toggle('last', !!lastMove && lastMove.includes(sq));
    button.classList.toggle('target', targets.includes(sq));
    button.setAttribute('aria-label', `${squareName(sq)}, ${letter ? PIECES[letter].name : 'empty'}` +
      (sq === selected ? ', picked up' : ''));
  }
  const tray = $('tray');
  tray.hidden = !editing;
  tray.replaceChildren();
  for (const letter of LETTERS.filter((c) => position.at[c] === null)) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'spare' + (selected === letter ? ' selected' : '');
    button.dataset.piece = letter;
    button.innerHTML = svgOf(letter);
    button.setAttribute('aria-label', `put the ${PIECES[letter].name} on the board`);
    tray.append(button);
  }
  if (editing && tray.children.length === 0) tray.textContent = 'Every piece is on the board.';
  const fen = toFen(position);
  if (document.activeElement !== $('fen')) $('fen').value = fen;
  $('edit').setAttribute('aria-pressed', String(editing));
  $('editor').hidden = !editing;
  $('analysis').hidden = !!(practice && practice.active) || editing;
  $('takeback').disabled = entry().ply === 0;
  showPractice();
}

// An arrow on the board from one square to another (the move under the pointer).
function drawArrow(uci) {
  const svg = $('arrows');
  if (!uci) {
    svg.replaceChildren();
    return;
  }
  const centre = (sq) => {
    const file = sq % 8;
    const rank = Math.floor(sq / 8);
    return flipped ? [7 - file + 0.5, rank + 0.5] : [file + 0.5, 7 - rank + 0.5];
  };
  const [x1, y1] = centre(squareIndex(uci.slice(0, 2)));
  const [x2, y2] = centre(squareIndex(uci.slice(2, 4)));
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const [ex, ey] = [x2 - ux * 0.35, y2 - uy * 0.35];  // the shaft stops at the head
  const head = [[x2, y2], [ex - uy * 0.25, ey + ux * 0.25], [ex + uy * 0.25, ey - ux * 0.25]];
  svg.innerHTML =
    `<line class="arrow" data-uci="${uci}" x1="${x1}" y1="${y1}" x2="${ex}" y2="${ey}"/>` +
    `<polygon class="arrow-head" points="${head.map((p) => p.join(',')).join(' ')}"/>`;
}

function announce(text) {
  $('announce').textContent = text;
}

// ---- pointer and keyboard on the board -----------------------------------------------------

function squareUnder(x, y) {
  const r = board.getBoundingClientRect();
  if (x < r.left || y < r.top || x >= r.right || y >= r.bottom) return null;
  const col = Math.floor(((x - r.left) / r.width) * 8);
  const row = Math.floor(((y - r.top) / r.height) * 8);
  return squareAt(row, col);
}

// Whether a piece may be picked up: any piece in the editor; in play, one of the side to
// move with a legal move (in practice, only the learner's).
function movable(letter) {
  if (editing) return true;
  if (!letter) return false;
  if (practice && practice.active && (practice.over || position.side !== practice.side)) return false;
  const white = letter !== 'k';
  return white === (position.side === 'w') && targetsOf(position.at[letter]).length > 0;
}

// Puts a piece (from a square, or from the tray when `from` is null) on a square, or off the
// board when `to` is null: the editor's free placement. A piece already there swaps places
// with it (or goes to the tray, when the piece came from the tray).
function place(letter, to) {
  const from = position.at[letter];
  if (from === to) {
    render();
    return;
  }
  const at = { ...position.at };
  const other = to === null ? null : pieceAt(position, to);
  if (other) at[other] = from;
  at[letter] = to;
  go({ at, side: position.side }, null);
}

// Click, tap, Enter or Space on a square: pick a piece up, or put the picked-up piece down.
function activate(sq) {
  const letter = pieceAt(position, sq);
  if (selected === null) {
    if (!movable(letter)) return;
    selected = sq;
    render();
    announce(`${PIECES[letter].name} picked up from ${squareName(sq)}; choose a square`);
    return;
  }
  const moving = typeof selected === 'string' ? selected : pieceAt(position, selected);
  const from = selected;
  if (sq === from) {
    selected = null;
    render();
    announce(`${PIECES[moving].name} put back`);
    return;
  }
  if (editing) {
    selected = null;
    announce(`${PIECES[moving].name} to ${squareName(sq)}`);
    place(moving, sq);
    return;
  }
  const move = moveOf(from, sq);
  if (move) {
    selected = null;
    announce(move.san);
    play(move);
  } else if (movable(letter)) {
    selected = sq;  // another piece of the side to move: pick that one up instead
    render();
  } else {
    selected = null;
    render();
  }
}

// Dragging with mouse, pen or finger (pointer events); a press without movement is a click.
let drag = null;
let swallowClick = false;

// The pointer is captured only once the piece moves: a capture from the press on would send
// the click of a plain click-click move to the board rather than to the square.
function startDrag(e, letter, from, origin) {
  drag = { letter, from, x: e.clientX, y: e.clientY, ghost: null, origin, captor: e.currentTarget, pointer: e.pointerId };
}

board.addEventListener('pointerdown', (e) => {
  const button = e.target.closest('.sq');
  if (!button || e.button !== 0 || selected !== null) return;
  const sq = Number(button.dataset.sq);
  const letter = pieceAt(position, sq);
  if (!movable(letter)) return;
  startDrag(e, letter, sq, button);
});

function moveDrag(e) {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return;
    const size = board.getBoundingClientRect().width / 8;
    drag.ghost = document.createElement('div');
    drag.ghost.className = 'ghost';
    drag.ghost.style.width = `${size}px`;
    drag.ghost.style.height = `${size}px`;
    drag.ghost.innerHTML = svgOf(drag.letter);
    document.body.append(drag.ghost);
    drag.captor.setPointerCapture(drag.pointer);
    drag.origin.classList.add('lifted');
    render();
  }
  drag.ghost.style.left = `${e.clientX}px`;
  drag.ghost.style.top = `${e.clientY}px`;
}

function endDrag(e, drop) {
  if (!drag) return;
  const { letter, from, ghost, origin } = drag;
  drag = null;
  if (!ghost) return;  // no movement: the click handler takes it
  ghost.remove();
  origin.classList.remove('lifted');
  releaseFocus();
  swallowClick = true;
  setTimeout(() => { swallowClick = false; }, 0);
  const to = drop ? squareUnder(e.clientX, e.clientY) : null;
  if (editing) {
    if (drop) place(letter, to);  // off the board: removed
    else render();
    return;
  }
  const move = to === null ? null : moveOf(from, to);
  if (move) {
    focused = to;
    play(move);
  } else {
    render();  // not a legal move: the piece goes back
  }
}

board.addEventListener('pointermove', moveDrag);
board.addEventListener('pointerup', (e) => endDrag(e, true));
board.addEventListener('pointercancel', (e) => endDrag(e, false));

// After a mouse or touch move the focus leaves the board, so that the page's keys (Space, the
// arrows) work at once; a keyboard user's Enter or Space keeps it there.
function releaseFocus() {
  if (board.contains(document.activeElement)) document.activeElement.blur();
}

board.addEventListener('click', (e) => {
  if (swallowClick) return;
  const button = e.target.closest('.sq');
  if (!button) return;
  focused = Number(button.dataset.sq);
  if (e.detail > 0) releaseFocus();
  activate(focused);
});

// The editor's tray: drag a spare piece onto the board, or click it and then a square.
const tray = $('tray');
tray.addEventListener('pointerdown', (e) => {
  const button = e.target.closest('.spare');
  if (!button || e.button !== 0) return;
  startDrag(e, button.dataset.piece, null, button);
});
tray.addEventListener('pointermove', moveDrag);
tray.addEventListener('pointerup', (e) => endDrag(e, true));
tray.addEventListener('pointercancel', (e) => endDrag(e, false));
tray.addEventListener('click', (e) => {
  if (swallowClick) return;
  const button = e.target.closest('.spare');
  if (!button) return;
  selected = selected === button.dataset.piece ? null : button.dataset.piece;
  render();
});

// Arrow keys move the focus across the board (one tab stop for all 64 squares), in the
// direction they point on the screen.
board.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && selected !== null) {
    selected = null;
    render();
    announce('put back');
    return;
  }
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (!(e.key in steps)) return;
  e.preventDefault();
  e.stopPropagation();
  const index = [...board.children].findIndex((b) => Number(b.dataset.sq) === focused);
  const row = Math.floor(index / 8) + steps[e.key][0];
  const col = (index % 8) + steps[e.key][1];
  if (row < 0 || row > 7 || col < 0 || col > 7) return;
  focused = squareAt(row, col);
  render();
  board.querySelector(`[data-sq="${focused}"]`).focus();
});

// The page's keys, wherever the focus is but in a text field: Space or → plays the best move,
// ← or Backspace takes one back, f flips the board (on the board, arrows and Space move and
// pick up pieces instead).
document.addEventListener('keydown', (e) => {
  const target = e.target instanceof Element ? e.target : document.body;
  if (target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
  const onBoard = !!target.closest('#board');
  const onButton = !!target.closest('button, a, summary');
  if (onBoard && e.key !== 'Backspace' && e.key !== 'f' && e.key !== 'F') return;
  if (e.key === 'ArrowRight' || (e.key === ' ' && !onButton)) {
    e.preventDefault();
    playBest();
  } else if (e.key === 'ArrowLeft' || e.key === 'Backspace') {
    e.preventDefault();
    takeBack();
  } else if (e.key === 'f' || e.key === 'F') {
    flip();
  }
});

function flip() {
  flipped = !flipped;
  buildBoard();
  render();
  drawArrow(null);
}

// ---- the panel ------------------------------------------------------------------------------

const movesBox = $('moves');
movesBox.addEventListener('click', (e) => {
  const button = e.target.closest('.move');
  if (!button) return;
  const move = legalMoves().find((m) => m.uci === button.dataset.uci);
  if (move) play(move);
});
for (const type of ['mouseover', 'focusin']) {
  movesBox.addEventListener(type, (e) => {
    const button = e.target.closest('.move');
    drawArrow(button ? button.dataset.uci : null);
  });
}
for (const type of ['mouseleave', 'focusout']) movesBox.addEventListener(type, () => drawArrow(null));

$('best').addEventListener('click', playBest);
$('takeback').addEventListener('click', takeBack);
$('flip').addEventListener('click', flip);

function setEditing(on) {
  editing = on;
  selected = null;
  if (on && practice) leavePractice(false);
  render();
  showAnswer();
}

$('edit').addEventListener('click', () => setEditing(!editing));
$('edit-done').addEventListener('click', () => setEditing(false));
$('swap').addEventListener('click', () => go({ at: position.at, side: position.side === 'w' ? 'b' : 'w' }, null));
$('clear').addEventListener('click', () => go({ at: { K: null, B: null, N: null, k: null }, side: position.side }, null));
$('reset').addEventListener('click', () => go(fromFen(DEFAULT_FEN), null));

function loadFen(text) {
  const next = fromFen(text);
  const message = $('message');
  if (typeof next === 'string') {
    message.textContent = next;
    message.classList.add('error');
    return;
  }
  message.textContent = '';
  message.classList.remove('error');
  go(next, null);
}

$('fen').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') loadFen(e.target.value);
});

async function copyText(text, done) {
  const message = $('message');
  message.classList.remove('error');
  try {
    await navigator.clipboard.writeText(text);
    message.textContent = done;
  } catch {
    message.textContent = 'The browser refused the clipboard: select the text and copy it (Ctrl+C).';
  }
}

$('copy').addEventListener('click', () => copyText(toFen(position), 'FEN copied.'));
$('pgn-copy').addEventListener('click', () => copyText($('pgn').textContent, 'PGN copied.'));

// ---- practice -------------------------------------------------------------------------------

// A practice game: the learner's side ('w' mates, 'b' defends), the goal (White moves to mate
// at the start), the history entry it started at, and a log of the learner's moves, each
// judged against the table the moment it is played. The page keeps it; the server only deals.
//   { id, side, goal, startPly, ply, active, over, takebacks, log: [{ ply, san, verdict, kind }] }

function openPractice() {
  editing = false;
  $('practice').hidden = false;
  $('practice-setup').hidden = false;
  $('practice-game').hidden = true;
  render();
  $('practice-deal').focus();
}

function leavePractice(keepPanel) {
  cancelReply();
  if (practice) practice.active = false;
  practice = null;
  $('practice').hidden = !keepPanel;
  render();
  showAnswer();
}

function startPractice(pos, side, goal) {
  practice = {
    id: Date.now(),
    side,
    goal,
    startPly: entry().ply + 1,
    ply: entry().ply + 1,
    active: true,
    over: null,
    takebacks: 0,
    log: [],
  };
  if ((side === 'b') !== flipped) flip();
  $('practice-setup').hidden = true;
  $('practice-game').hidden = false;
  go(pos, null);
}

async function deal() {
  const side = document.querySelector('input[name="practice-side"]:checked').value;
  const [min, max] = PRACTICE_BANDS[document.querySelector('input[name="practice-band"]:checked').value];
  const dealt = await getJson(`/api/practice?side=${side}&min=${min}&max=${max}`);
  if (dealt.error) {
    $('message').textContent = dealt.error;
    return;
  }
  startPractice(fromFen(dealt.fen), side === 'white' ? 'w' : 'b', dealt.mate_in);
}

function practiseHere() {
  const message = $('message');
  if (!answer || answer.error || answer.incomplete || answer.category === 'draw' || answer.checkmate) {
    message.textContent = 'Practice needs a position White wins: deal one, or set one up.';
    return;
  }
  message.textContent = '';
  startPractice({ at: { ...position.at }, side: position.side }, position.side, mateIn(answer.dtm));
}

// Judges the learner's move against the table, before it is played: the answer of the
// position holds every move's distance.
function judge(move) {
  const n = mateIn(answer.dtm);  // White moves to mate now
  let verdict;
  let kind = 'best';
  if (practice.side === 'w') {
    if (move.checkmate) verdict = 'Checkmate!';
    else if (move.category !== 'loss') {
      verdict = 'This throws the win away: Black can now hold the draw.';
      kind = 'blunder';
    } else {
      const m = mateIn(move.dtm);
      const slower = m - (n - 1);
      verdict = slower === 0
        ? `Best move: mate in ${m}.`
        : `This lengthens the mate by ${slower} move${slower === 1 ? '' : 's'}: mate in ${m} instead of ${n - 1}.`;
      if (slower > 0) kind = 'slower';
    }
  } else if (move.category === 'draw') {
    verdict = 'A draw: White let a piece go.';
  } else {
    const m = mateIn(move.dtm);
    const sooner = n - m;
    verdict = sooner === 0
      ? `Best defence: White still needs ${m} move${m === 1 ? '' : 's'}.`
      : `This shortens the defence by ${sooner} move${sooner === 1 ? '' : 's'}: mate in ${m} instead of ${n}.`;
    if (sooner > 0) kind = 'slower';
  }
  const ply = entry().ply + 1;
  practice.log = practice.log.filter((item) => item.ply < ply);
  practice.log.push({ ply, san: move.san, verdict, kind });
}

// After each answer in practice: the game is over, or it is the page's turn to reply.
function practiceStep() {
  if (!practice || !practice.active || !answer || answer.error) return;
  practice.over = null;
  if (answer.checkmate || answer.stalemate || answer.category === 'draw' || legalMoves().length === 0) {
    practice.over = answer.checkmate ? 'mate' : 'draw';
  } else if (position.side !== practice.side) {
    const ply = entry().ply;
    replyTimer = setTimeout(() => {
      replyTimer = null;
      const best = legalMoves()[0];
      if (practice && practice.active && entry().ply === ply && best) {
        go(after(position, best.uci), [squareIndex(best.uci.slice(0, 2)), squareIndex(best.uci.slice(2, 4))]);
      }
    }, REPLY_DELAY_MS);
  }
  showPractice();
}

function cancelReply() {
  if (replyTimer !== null) {
    clearTimeout(replyTimer);
    replyTimer = null;
  }
}

function showPractice() {
  const game = $('practice-game');
  if (!practice || !practice.active) {
    game.hidden = true;
    if (!$('practice').hidden) $('practice-setup').hidden = false;
    return;
  }
  $('practice').hidden = false;
  $('practice-setup').hidden = true;
  game.hidden = false;
  const goal = practice.side === 'w'
    ? `Mate with White. The table mates in ${practice.goal} move${practice.goal === 1 ? '' : 's'}.`
    : `Defend with Black: hold out as long as you can. White mates in ${practice.goal} with best play.`;
  $('practice-goal').textContent = goal;
  const log = $('practice-log');
  log.replaceChildren();
  const played = practice.log.filter((item) => item.ply <= practice.ply);
  for (const item of played) {
    const li = document.createElement('li');
    li.className = item.kind;
    li.dataset.kind = item.kind;
    li.textContent = `${item.san}: ${item.verdict}`;
    log.append(li);
  }
  const status = $('practice-status');
  const used = played.length;
  if (practice.over === 'mate') {
    status.textContent = practice.side === 'w'
      ? `Checkmate in ${used} move${used === 1 ? '' : 's'}; the optimum was ${practice.goal}.` + takebackNote()
      : `Mated after ${used} White move${used === 1 ? '' : 's'}; the longest defence lasts ${practice.goal}.` + takebackNote();
    status.dataset.state = 'over';
  } else if (practice.over === 'draw') {
    status.textContent = practice.side === 'w'
      ? 'Draw: the win is gone. Take the move back (←) to try again.'
      : 'Draw: you saved the game.';
    status.dataset.state = 'over';
  } else if (!answer) {
    status.textContent = 'Asking the table…';
    status.dataset.state = 'wait';
  } else if (position.side === practice.side) {
    status.textContent = 'Your move.';
    status.dataset.state = 'your-move';
  } else {
    status.textContent = 'The table replies…';
    status.dataset.state = 'reply';
  }
  $('practice-takeback').disabled = entry().ply <= practice.startPly;
}

function takebackNote() {
  const n = practice.takebacks;
  return n ? ` Moves taken back: ${n}.` : '';
}

$('practice-open').addEventListener('click', openPractice);
$('practice-deal').addEventListener('click', deal);
$('practice-here').addEventListener('click', practiseHere);
$('practice-close').addEventListener('click', () => leavePractice(false));
$('practice-takeback').addEventListener('click', takeBack);
$('practice-new').addEventListener('click', () => {
  leavePractice(true);
  openPractice();
});
$('practice-leave').addEventListener('click', () => leavePractice(false));

// ---- start ----------------------------------------------------------------------------------

{
  const fen = fenFromUrl() || DEFAULT_FEN;
  const parsed = fromFen(fen);
  const start = typeof parsed === 'string' ? DEFAULT_FEN : toFen(parsed);
  if (typeof parsed === 'string') $('message').textContent = `The address holds no position: ${parsed}`;
  const state = { fen: start, lastMove: null, ply: 0, practice: null };
  window.history.replaceState(state, '', urlOf(start));
  position = fromFen(start);
  buildBoard();
  show(state);
}
