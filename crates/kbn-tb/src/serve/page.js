// kbn-tb serve: the board page. The board always holds the four KBNK pieces; every change asks
// /api/probe for the value and the moves, and the page shows what it answers.
'use strict';

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
  K: { name: 'white king', svg: DRAW.king('#fff', '#1d1d1b', '#1d1d1b') },
  B: { name: 'white bishop', svg: DRAW.bishop('#fff', '#1d1d1b', '#1d1d1b') },
  N: { name: 'white knight', svg: DRAW.knight('#fff', '#1d1d1b', '#1d1d1b') },
  k: { name: 'black king', svg: DRAW.king('#222', '#000', '#eee') },
};
const LETTERS = ['K', 'B', 'N', 'k'];
const FILES = 'abcdefgh';
const DEFAULT_FEN = '8/8/8/4k3/8/8/8/KBN5 w - - 0 1';
const LINE_DELAY_MS = 700;

// Squares are 0..63, a1 = 0, h8 = 63.
const squareName = (sq) => FILES[sq % 8] + (Math.floor(sq / 8) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
const isDark = (sq) => (sq % 8 + Math.floor(sq / 8)) % 2 === 0;

const $ = (id) => document.getElementById(id);
const board = $('board');

// The position, the positions before it (for Back), and what the API said about it.
let position = { at: { K: 4, B: 5, N: 6, k: 60 }, side: 'w' };
let past = [];
let answer = null;
let lastMove = null;
let selected = null;   // the square of the piece picked up by click or keyboard
let focused = 0;       // the square with tabindex 0 (roving focus)
let requestSeq = 0;
let lineTimer = null;

// ---- FEN ----------------------------------------------------------------------------------

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

// A KBNK position from a FEN, or an error message. The server checks everything else.
function fromFen(text) {
  const fields = text.trim().split(/\s+/);
  const ranks = fields[0].split('/');
  if (ranks.length !== 8) return `FEN has ${ranks.length} ranks, expected 8`;
  const at = {};
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of ranks[r]) {
      if (/[1-8]/.test(c)) {
        file += Number(c);
      } else if (LETTERS.includes(c) && !(c in at) && file < 8) {
        at[c] = (7 - r) * 8 + file;
        file++;
      } else {
        return `"${c}" on rank ${8 - r}: the board holds one white king (K), bishop (B), knight (N) and one black king (k)`;
      }
    }
    if (file !== 8) return `FEN rank ${8 - r} has ${file} squares, expected 8`;
  }
  const missing = LETTERS.filter((c) => !(c in at));
  if (missing.length) return `FEN lacks ${missing.map((c) => PIECES[c].name).join(', ')}`;
  const side = fields[1] || 'w';
  if (side !== 'w' && side !== 'b') return `side to move "${side}", expected w or b`;
  return { at, side };
}

function pieceAt(pos, sq) {
  return LETTERS.find((c) => pos.at[c] === sq) || null;
}

// ---- changing the position ---------------------------------------------------------------

function setPosition(next, move) {
  past.push(position);
  position = next;
  lastMove = move || null;
  selected = null;
  render();
  return probe();
}

// Puts a piece on a square; a piece already there takes the square it came from.
function place(letter, to) {
  const from = position.at[letter];
  if (from === to) return;
  const at = { ...position.at };
  const other = pieceAt(position, to);
  if (other) at[other] = from;
  at[letter] = to;
  stopLine();
  setPosition({ at, side: position.side }, null);
}

function isCapture(uci) {
  return pieceAt(position, squareIndex(uci.slice(2, 4))) !== null;
}

function playMove(uci) {
  const from = squareIndex(uci.slice(0, 2));
  const to = squareIndex(uci.slice(2, 4));
  const letter = pieceAt(position, from);
  if (!letter || isCapture(uci)) return Promise.resolve();
  const at = { ...position.at, [letter]: to };
  return setPosition({ at, side: position.side === 'w' ? 'b' : 'w' }, [from, to]);
}

function back() {
  if (!past.length) return;
  stopLine();
  position = past.pop();
  lastMove = null;
  selected = null;
  render();
  probe();
}

// ---- the API ------------------------------------------------------------------------------

async function probe() {
  const fen = toFen(position);
  const seq = ++requestSeq;
  board.setAttribute('aria-busy', 'true');
  let result;
  try {
    const response = await fetch(`/api/probe?fen=${encodeURIComponent(fen)}`);
    const body = await response.json();
    result = response.ok ? body : { error: body.error || `HTTP ${response.status}` };
  } catch (err) {
    result = { error: `the server did not answer (${err.message})` };
  }
  if (seq !== requestSeq) return;  // a newer position was asked for meanwhile
  board.removeAttribute('aria-busy');
  answer = result;
  showAnswer();
}

function showAnswer() {
  const value = $('value');
  const note = $('note');
  const moves = $('moves');
  moves.replaceChildren();
  const illegal = !!answer && !!answer.reason;
  board.classList.toggle('illegal', illegal);
  board.setAttribute('aria-invalid', illegal ? 'true' : 'false');
  $('verdict').classList.toggle('illegal', illegal);
  if (!answer || answer.error) {
    value.textContent = 'no answer';
    value.dataset.value = 'error';
    note.textContent = answer ? answer.error : '';
    return;
  }
  value.textContent = answer.value;
  value.dataset.value = answer.value;
  note.textContent = explain(answer);
  for (const m of answer.moves) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.uci = m.uci;
    const san = document.createElement('span');
    san.className = 'san';
    san.textContent = m.san;
    const after = document.createElement('span');
    after.className = 'after';
    after.textContent = m.value;
    button.append(san, after);
    if (isCapture(m.uci)) {
      button.disabled = true;
      button.title = 'captures a piece: a lone bishop or knight cannot mate';
      button.setAttribute('aria-label', `${m.san}, leads to ${m.value}: captures a piece, cannot be played here`);
    } else {
      button.setAttribute('aria-label', `${m.san}, leads to ${m.value}`);
    }
    li.append(button);
    moves.append(li);
  }
  $('best-line').disabled = !canPlayOn();
}

// The answer's sentence, from its numbers: mate_in is White's moves to mate (0: Black is
// mated), null for a draw or an illegal placement (which has a reason).
function explain(a) {
  const mover = a.turn === 'white' ? 'White' : 'Black';
  if (a.reason) return `Illegal: ${a.reason}`;
  if (a.mate_in === 0) return 'Black is checkmated.';
  if (a.mate_in === null && a.moves.length === 0) return 'Stalemate.';
  if (a.mate_in === null) return `${mover} to move: no forced mate.`;
  return `${mover} to move; White mates in ${a.mate_in} move${a.mate_in === 1 ? '' : 's'} ` +
    'with best play.';
}

// ---- play the best line ------------------------------------------------------------------

// Whether the best line goes on: White still mates (mate_in > 0; it is 0 once Black is mated,
// null for a draw) and the best move can be played on the board.
function canPlayOn() {
  return !!answer && !answer.error && answer.mate_in > 0 &&
    answer.moves.length > 0 && !isCapture(answer.moves[0].uci);
}

function startLine() {
  const button = $('best-line');
  button.textContent = 'Stop';
  button.setAttribute('aria-pressed', 'true');
  const step = async () => {
    if (lineTimer === null) return;
    if (canPlayOn()) await playMove(answer.moves[0].uci);
    if (lineTimer === null) return;  // stopped meanwhile
    if (canPlayOn()) lineTimer = setTimeout(step, LINE_DELAY_MS);
    else stopLine();
  };
  lineTimer = setTimeout(step, 0);
}

function stopLine() {
  if (lineTimer === null) return;
  clearTimeout(lineTimer);
  lineTimer = null;
  const button = $('best-line');
  button.textContent = 'Play the best line';
  button.removeAttribute('aria-pressed');
  button.disabled = !canPlayOn();
}

// ---- drawing the board -------------------------------------------------------------------

function buildBoard() {
  for (let row = 0; row < 8; row++) {
    for (let file = 0; file < 8; file++) {
      const sq = (7 - row) * 8 + file;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'sq' + (isDark(sq) ? ' dark' : '');
      button.dataset.square = squareName(sq);
      button.dataset.sq = String(sq);
      board.append(button);
    }
  }
}

function render() {
  for (const button of board.children) {
    const sq = Number(button.dataset.sq);
    const letter = pieceAt(position, sq);
    let html = letter ? `<svg viewBox="0 0 100 100" aria-hidden="true">${PIECES[letter].svg}</svg>` : '';
    if (sq % 8 === 0) html += `<span class="coord rank" aria-hidden="true">${Math.floor(sq / 8) + 1}</span>`;
    if (sq < 8) html += `<span class="coord file" aria-hidden="true">${FILES[sq]}</span>`;
    button.innerHTML = html;
    button.dataset.piece = letter || '';
    button.tabIndex = sq === focused ? 0 : -1;
    button.classList.toggle('selected', sq === selected);
    button.classList.toggle('last', !!lastMove && lastMove.includes(sq));
    button.setAttribute('aria-label', `${squareName(sq)}, ${letter ? PIECES[letter].name : 'empty'}` +
      (sq === selected ? ', picked up' : ''));
  }
  $(position.side === 'w' ? 'side-w' : 'side-b').checked = true;
  const fen = toFen(position);
  if (document.activeElement !== $('fen')) $('fen').value = fen;
  window.history.replaceState(null, '', `#${encodeURIComponent(fen)}`);
  $('back').disabled = past.length === 0;
}

function announce(text) {
  $('announce').textContent = text;
}

// Click, tap, Enter or Space on a square: pick a piece up, or put the picked-up piece down.
function activate(sq) {
  if (selected === null) {
    const letter = pieceAt(position, sq);
    if (!letter) return;
    selected = sq;
    render();
    announce(`${PIECES[letter].name} picked up from ${squareName(sq)}; choose a square`);
    return;
  }
  const letter = pieceAt(position, selected);
  selected = null;
  if (sq === position.at[letter]) {
    render();
    announce(`${PIECES[letter].name} put back`);
    return;
  }
  announce(`${PIECES[letter].name} to ${squareName(sq)}`);
  place(letter, sq);
}

function squareUnder(x, y) {
  const r = board.getBoundingClientRect();
  if (x < r.left || y < r.top || x >= r.right || y >= r.bottom) return null;
  const file = Math.floor(((x - r.left) / r.width) * 8);
  const row = Math.floor(((y - r.top) / r.height) * 8);
  return (7 - row) * 8 + file;
}

// Dragging with mouse, pen or finger (pointer events); a press without movement is a click.
let drag = null;
let swallowClick = false;

board.addEventListener('pointerdown', (e) => {
  const button = e.target.closest('.sq');
  if (!button || e.button !== 0) return;
  const sq = Number(button.dataset.sq);
  const letter = pieceAt(position, sq);
  if (!letter || selected !== null) return;
  drag = { letter, from: sq, x: e.clientX, y: e.clientY, ghost: null, button };
  board.setPointerCapture(e.pointerId);
});

board.addEventListener('pointermove', (e) => {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return;
    const size = drag.button.getBoundingClientRect().width;
    drag.ghost = document.createElement('div');
    drag.ghost.className = 'ghost';
    drag.ghost.style.width = `${size}px`;
    drag.ghost.style.height = `${size}px`;
    drag.ghost.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true">${PIECES[drag.letter].svg}</svg>`;
    document.body.append(drag.ghost);
    drag.button.classList.add('lifted');
    stopLine();
  }
  drag.ghost.style.left = `${e.clientX}px`;
  drag.ghost.style.top = `${e.clientY}px`;
});

function endDrag(e, drop) {
  if (!drag) return;
  const { letter, ghost, button } = drag;
  drag = null;
  if (!ghost) return;  // no movement: the click handler takes it
  ghost.remove();
  button.classList.remove('lifted');
  swallowClick = true;
  setTimeout(() => { swallowClick = false; }, 0);
  const to = drop ? squareUnder(e.clientX, e.clientY) : null;
  if (to !== null) {
    focused = to;
    place(letter, to);
  } else {
    render();
  }
}
board.addEventListener('pointerup', (e) => endDrag(e, true));
board.addEventListener('pointercancel', (e) => endDrag(e, false));

board.addEventListener('click', (e) => {
  if (swallowClick) return;
  const button = e.target.closest('.sq');
  if (!button) return;
  focused = Number(button.dataset.sq);
  activate(focused);
});

// Arrow keys move the focus across the board (one tab stop for all 64 squares).
board.addEventListener('keydown', (e) => {
  const steps = { ArrowUp: 8, ArrowDown: -8, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key === 'Escape' && selected !== null) {
    selected = null;
    render();
    announce('put back');
    return;
  }
  if (!(e.key in steps)) return;
  e.preventDefault();
  const file = focused % 8;
  const next = focused + steps[e.key];
  if (next < 0 || next > 63 || (e.key === 'ArrowLeft' && file === 0) || (e.key === 'ArrowRight' && file === 7)) return;
  focused = next;
  render();
  board.querySelector(`[data-sq="${next}"]`).focus();
});

// ---- the panel ----------------------------------------------------------------------------

$('side').addEventListener('change', (e) => {
  if (e.target.value === position.side) return;
  stopLine();
  setPosition({ at: position.at, side: e.target.value }, null);
});

$('moves').addEventListener('click', (e) => {
  const button = e.target.closest('.move');
  if (!button || button.disabled) return;
  stopLine();
  playMove(button.dataset.uci);
});

$('best-line').addEventListener('click', () => {
  if (lineTimer !== null) stopLine();
  else startLine();
});

$('back').addEventListener('click', back);

function loadFen(text) {
  const next = fromFen(text);
  const message = $('message');
  if (typeof next === 'string') {
    message.textContent = next;
    message.classList.add('error');
    return false;
  }
  message.textContent = '';
  message.classList.remove('error');
  stopLine();
  setPosition(next, null);
  return true;
}

$('fen').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') loadFen(e.target.value);
});

$('copy').addEventListener('click', async () => {
  const fen = toFen(position);
  const message = $('message');
  message.classList.remove('error');
  try {
    await navigator.clipboard.writeText(fen);
    message.textContent = 'FEN copied.';
  } catch {
    $('fen').select();
    message.textContent = 'Select the FEN and copy it (Ctrl+C).';
  }
});

// ---- start --------------------------------------------------------------------------------

buildBoard();
{
  let fromHash;
  try {
    fromHash = fromFen(decodeURIComponent(window.location.hash.slice(1)) || DEFAULT_FEN);
  } catch {
    fromHash = 'the URL fragment is not a FEN';  // a malformed %-escape
  }
  position = typeof fromHash === 'string' ? fromFen(DEFAULT_FEN) : fromHash;
}
render();
probe();
