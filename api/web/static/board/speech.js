// The words under the board and the two live regions: #says speaks each move once, #cursor-says
// what the keyboard's cursor is on.

import { data, ui } from "./page.js";
import { countText, t, verdict } from "./words.js";
import { cellByKey, cellsAt, key } from "./geometry.js";
import { heldOrientation, misfit, occupancy, selectedPiece } from "./moves.js";
import { cursorCell } from "./keyboard.js";

// The last move's words under the board; `later`: a move whose words are spoken with the count
// once the board is checked (moveSaid), else they are spoken now.
let moveWords = null; // the newest move's words, spoken with the count once the board is checked

export function say(text, later) {
  ui.message.textContent = text || "";
  moveWords = later ? text || "" : null;
  if (!later) speak(text);
}

// One live region (#says) speaks each move once, in one sentence: what the move did with the
// count after it ("Placed L: 12 of 48 solutions still possible."), or with what the board's
// analysis says when it is solved, at a dead end or not allowed. The count, the analysis and
// the words under the board are shown, not spoken apart.
const spoken = document.getElementById("says");

export function speak(text) {
  if (spoken && text) spoken.textContent = text; // emptied words are not spoken: nothing to clear
}

// The board could not be checked: `text` says so, spoken instead of a move's words still waiting.
export function moveNotChecked(text) {
  if (moveWords == null) return;
  moveWords = null;
  speak(text);
}

function withoutStop(text) {
  return text.replace(/[.。]\s*$/, "");
}

export function moveSaid(a) {
  const words = moveWords;
  moveWords = null;
  if (words == null) return;
  const v = verdict(a);
  const count = ui.remaining.textContent + " " + countText(a);
  if (v[0] !== "ok") speak(words ? t("moveVerdict", { move: withoutStop(words), verdict: v[1] }) : v[1]);
  else speak(words ? t("moveCount", { move: withoutStop(words), count: count }) : t("countSays", { count: count }));
}

// Each move of the board's cursor is one sentence in one live region (#cursor-says): the cell,
// what covers it, and whether the selected piece fits there.
const cursorSays = document.getElementById("cursor-says");
const openCells = new Set(data.uncovered.map(key));

function cellName(cell) {
  const known = cellByKey.get(key(cell));
  const values = { row: cell[0] + 1, column: cell[1] + 1, label: known && known.name };
  return t(known && known.name ? "cellLabelled" : "cellAt", values);
}

// Why the piece cannot go where Enter would put it with the cursor on `cell`, or "" if it can.
function misfitAt(pieceIndex, cell) {
  const cells = cellsAt(pieceIndex, heldOrientation(pieceIndex), cell, null);
  let why = misfit(pieceIndex, cells);
  if (!why && cells.some(function (c) { return openCells.has(key(c)); })) why = t("misfitOpen");
  return why;
}

function cursorText() {
  const cell = cursorCell();
  const owner = occupancy(null).get(key(cell));
  let cover = t(openCells.has(key(cell)) ? "coverOpen" : "coverEmpty");
  if (owner != null) cover = t("coveredBy", { piece: data.pieces[owner].name });
  let fit = t("noneSelected");
  const selected = selectedPiece();
  if (selected != null) {
    const name = data.pieces[selected].name;
    const why = misfitAt(selected, cell);
    fit = why ? t("fitsNot", { piece: name, why: why }) : t("fits", { piece: name });
  }
  return t("cursorSays", { cell: cellName(cell), cover: cover, fit: fit });
}

export function announceCursor() {
  if (cursorCell() && cursorSays) cursorSays.textContent = cursorText();
}
