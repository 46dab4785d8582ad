// The board's state (what is placed, selected, traced, asked for) and what follows from it alone.

import { data } from "./page.js";
import { names, t } from "./words.js";
import { cellByKey, fixedPieces, key, orientationOf, pieceByName, sortedCells } from "./geometry.js";

export const state = {
  placed: new Map(), // piece index -> {orientation, cells (sorted)}
  orientation: data.pieces.map(function () {
    return 0;
  }),
  selected: null,
  history: [],
  hint: null,
  analysis: null,
  analysing: null, // the promise of the newest analysis
  moves: 0,
  code: data.code,
  cursor: null,
  keyboard: false,
  gesture: null,
  swallowClick: false,
  trace: [], // the keys of the cells traced so far, in order
  traceRejected: false, // the traced cells are no piece that may go there
  traceMatch: null, // tapped cells that are a piece but might still grow into a bigger one
  turned: false, // the board drawn turned a quarter clockwise (layout.js)
  moveWords: null, // the newest move's words, spoken with the count once the board is checked
};

export function occupancy(except) {
  const owner = new Map();
  state.placed.forEach(function (placement, index) {
    if (index === except) return;
    placement.cells.forEach(function (cell) {
      owner.set(key(cell), index);
    });
  });
  return owner;
}

// Why these cells cannot take the piece (off the board, on another piece), or "" if they can.
export function misfit(pieceIndex, cells) {
  if (!cells) return t("misfitNowhere");
  if (cells.some(function (c) { return !cellByKey.has(key(c)); })) return t("misfitOffBoard");
  const owner = occupancy(pieceIndex);
  const hit = [];
  cells.forEach(function (c) {
    const other = owner.get(key(c));
    if (other != null && hit.indexOf(data.pieces[other].name) < 0) hit.push(data.pieces[other].name);
  });
  return hit.length ? t("misfitOverlap", { pieces: names(hit) }) : "";
}

export function snapshot() {
  return Array.from(state.placed.entries()).map(function (entry) {
    return [entry[0], { orientation: entry[1].orientation, cells: entry[1].cells }];
  });
}

export function placementsFrom(list) {
  const placed = new Map();
  list.forEach(function (p) {
    const index = pieceByName.get(p.piece);
    if (index == null) return;
    placed.set(index, { orientation: orientationOf(index, p.cells), cells: sortedCells(p.cells) });
  });
  return placed;
}

// The placed pieces a player may pick up, take off or clear (all but the fixed ones).
export function movable() {
  return Array.from(state.placed.keys()).filter(function (index) {
    return !fixedPieces.has(index);
  });
}
