// The keyboard: the board's cursor (arrows, Home), Enter and Space to place, pick up or mark,
// Delete to take off, the number keys and [ ] to pick a piece; anywhere on the page R, F, Escape
// and Ctrl+Z (Ctrl+Y or Ctrl+Shift+Z redoes).

import { board, data, layers } from "./page.js";
import { cellByKey, key, pieceCount } from "./geometry.js";
import { drawCursor, empty } from "./draw.js";
import { announceCursor } from "./speech.js";
import {
  isPlaced,
  letGo,
  occupancy,
  pickUp,
  placeSelectedAt,
  selectByKey,
  selectedPiece,
  takeOff,
  turn,
  redo,
  undo,
} from "./moves.js";
import { judgeTrace, toggleTraced, tracing } from "./trace.js";
import { isTurned } from "./layout.js";
import { togglePlaces } from "./places.js";

let cursor = null; // the board cell the arrow keys have moved to, as [row, column]
let keyboard = false; // the board is played with the keyboard (its cursor is shown)

// The cursor's cell, or null before the board was first focused.
export function cursorCell() {
  return cursor;
}

// Whether the board is played with the keyboard now (not the pointer): its cursor is shown.
export function keyboardInUse() {
  return keyboard;
}

// The pointer pressed the board or a piece: the keyboard's cursor is hidden.
export function pointerInUse() {
  keyboard = false;
}

// A piece dropped by the pointer on `cell`: the cursor goes on from there.
export function moveCursorTo(cell) {
  cursor = cell;
}

// The number keys pick the tray's first to ninth piece; [ and ] the previous or next piece not on
// the board.
function nextUnplaced(step) {
  const chosen = selectedPiece();
  const from = chosen == null ? (step > 0 ? -1 : pieceCount) : chosen;
  for (let i = 1; i <= pieceCount; i++) {
    const index = (((from + step * i) % pieceCount) + pieceCount) % pieceCount;
    if (!isPlaced(index)) return index;
  }
  return null;
}

function moveCursor(dr, dc) {
  if (!cursor) {
    cursor = data.cells[0].cell.slice();
    return;
  }
  for (let step = 1; step < 64; step++) {
    const next = [cursor[0] + dr * step, cursor[1] + dc * step];
    if (cellByKey.has(key(next))) {
      cursor = next;
      return;
    }
  }
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
// On a board turned a quarter clockwise: screen up is a column back, screen right a row back.
const TURNED_ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [1, 0], ArrowRight: [-1, 0] };

function keyOnBoard(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const arrow = (isTurned() ? TURNED_ARROWS : ARROWS)[event.key];
  if (arrow) {
    event.preventDefault();
    keyboard = true;
    moveCursor(arrow[0], arrow[1]);
    empty(layers.preview);
    drawCursor();
    announceCursor();
    return;
  }
  if (event.key === "Home") {
    event.preventDefault();
    keyboard = true;
    cursor = data.cells[0].cell.slice();
    empty(layers.preview);
    drawCursor();
    announceCursor();
    return;
  }
  const digit = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : null;
  const next = event.key === "]" ? nextUnplaced(1) : event.key === "[" ? nextUnplaced(-1) : null;
  if (digit != null || event.key === "]" || event.key === "[") {
    event.preventDefault();
    keyboard = true;
    if (digit != null && digit < pieceCount) selectByKey(digit);
    else if (next != null) selectByKey(next);
    return;
  }
  if (!cursor) return;
  const owner = occupancy(null).get(key(cursor));
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    keyboard = true;
    if (selectedPiece() != null) placeSelectedAt(cursor);
    else if (owner != null && !tracing()) pickUp(owner);
    else {
      toggleTraced(key(cursor)); // nothing selected: mark the cell, as a tap does
      judgeTrace(false);
    }
  } else if ((event.key === "Delete" || event.key === "Backspace") && owner != null) {
    event.preventDefault();
    takeOff([data.pieces[owner].name]);
  }
}

function focusBoard() {
  if (!cursor) cursor = data.cells[0].cell.slice();
  drawCursor();
  // a press of the pointer focuses the board too: only the keyboard's focus speaks the cell
  if (!board.matches || board.matches(":focus-visible")) announceCursor();
}

// Keys anywhere on the page but in a field: undo, redo, rotate, flip, W (where the piece can go),
// and Escape to let go.
function keyOnPage(event) {
  const target = event.target;
  if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
  const command = (event.ctrlKey || event.metaKey) && !event.altKey ? event.key.toLowerCase() : "";
  if (command === "z" || command === "y") {
    event.preventDefault();
    if (command === "y" || event.shiftKey) redo();
    else undo();
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const letter = event.key.toLowerCase();
  if (letter === "r") turn("rotate", event.shiftKey ? -1 : 1);
  else if (letter === "f" && !data.faceup) turn("flip", 1);
  else if (letter === "w") togglePlaces();
  else if (event.key === "Escape") letGo();
}

export function listenForKeys() {
  board.addEventListener("keydown", keyOnBoard);
  board.addEventListener("focus", focusBoard);
  board.addEventListener("blur", function () {
    empty(layers.preview);
    drawCursor();
  });
  // The skip link to the board: it focuses the board and shows its cursor.
  const skip = document.querySelector('.skip[href="#board"]');
  if (skip) {
    skip.addEventListener("click", function (event) {
      event.preventDefault();
      keyboard = true;
      board.focus();
    });
  }
  document.addEventListener("keydown", keyOnPage);
}
