// The board's position and the moves that change it: place, pick up, take off, undo, redo,
// select, rotate and flip, a traced piece placed, a hint accepted, the board cleared. This module
// alone holds what is placed, the undo and redo histories, the selected piece and the orientation
// each piece is held in; the others read them through the functions below. Each move is recorded for undo,
// drawn, said and checked (analysis.js).

import { board, data, main } from "./page.js";
import { names, t } from "./words.js";
import { cellByKey, cellsAt, fixedPieces, key, pieceByName, placementsFrom, sortedCells } from "./geometry.js";
import { render } from "./draw.js";
import { announceCursor, say } from "./speech.js";
import { analyse } from "./analysis.js";
import { currentHint, dismissHint, dropHint } from "./hints.js";
import { forgetTrace } from "./trace.js";
import { keyboardInUse } from "./keyboard.js";

let placed = placementsFrom(data.placements); // piece index -> {orientation, cells (sorted)}
const history = []; // the placements before each move, for undo
const undone = []; // the placements undone, newest last, for redo (a new move forgets them)
let selected = null; // the index of the piece picked from the tray, if any
const orientation = data.pieces.map(function () {
  return 0;
}); // the orientation each piece is held in (the tray shows it, a drop places it)
let moves = 0; // how many moves were made

// ---------------------------------------------------------------- reading the position

// The placed pieces, by piece index: {orientation, cells (sorted)} each (a copy).
export function placements() {
  return new Map(placed);
}

export function isPlaced(pieceIndex) {
  return placed.has(pieceIndex);
}

// Where the piece lies ({orientation, cells}), or undefined when it is not on the board.
export function placementOf(pieceIndex) {
  return placed.get(pieceIndex);
}

// The index of the selected piece, or null.
export function selectedPiece() {
  return selected;
}

// The orientation the piece is held in: the tray shows it, a drop or Enter places it.
export function heldOrientation(pieceIndex) {
  return orientation[pieceIndex];
}

export function canUndo() {
  return history.length > 0;
}

export function canRedo() {
  return undone.length > 0;
}

// How many moves were made: an answer to an older move is not shown.
export function moveCount() {
  return moves;
}

// Which piece covers each cell (by cell key), leaving out the piece `except`.
export function occupancy(except) {
  const owner = new Map();
  placed.forEach(function (placement, index) {
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

// The placed pieces a player may pick up, take off or clear (all but the fixed ones).
export function movable() {
  return Array.from(placed.keys()).filter(function (index) {
    return !fixedPieces.has(index);
  });
}

// ---------------------------------------------------------------- the moves

function snapshot() {
  return Array.from(placed.entries()).map(function (entry) {
    return [entry[0], { orientation: entry[1].orientation, cells: entry[1].cells }];
  });
}

// The board becomes `next`: one move, recorded for undo, said (`message`), drawn and checked.
export function commit(next, message) {
  history.push(snapshot());
  undone.length = 0;
  moved(next, message);
}

function moved(next, message) {
  placed = next;
  forgetTrace();
  dropHint();
  moves += 1;
  main.dataset.moves = String(moves);
  say(message, true);
  render();
  analyse(false);
}

// A copy of the placements, changed by `change` (a function of the copy).
export function withPlaced(change) {
  const next = new Map(placed);
  change(next);
  return next;
}

export function place(pieceIndex, turned, cells) {
  const why = misfit(pieceIndex, cells);
  const name = data.pieces[pieceIndex].name;
  if (why) {
    say(t("doesNotFit", { piece: name, why: why }));
    return false;
  }
  if (selected === pieceIndex) selected = null;
  commit(
    withPlaced(function (next) {
      next.set(pieceIndex, { orientation: turned, cells: sortedCells(cells) });
    }),
    t("placedPieces", { pieces: name })
  );
  return true;
}

export function placeSelectedAt(target) {
  if (selected == null) {
    say(t("pickFirst"));
    return;
  }
  const index = selected;
  place(index, orientation[index], cellsAt(index, orientation[index], target, null));
}

// Traced cells recognised as a piece (recognise.js): it goes there, in place of the pieces the
// trace ran over.
export function placeRecognised(found) {
  const piece = found.match.piece;
  const name = data.pieces[piece].name;
  const replaced = found.covers.filter(function (index) {
    return index !== piece;
  });
  orientation[piece] = found.match.orientation;
  if (selected === piece) selected = null;
  const message = replaced.length
    ? t("placedInstead", {
        piece: name,
        pieces: names(
          replaced.map(function (index) {
            return data.pieces[index].name;
          })
        ),
      })
    : t("placedPieces", { pieces: name });
  commit(
    withPlaced(function (next) {
      found.covers.forEach(function (index) {
        next.delete(index);
      });
      next.set(piece, { orientation: found.match.orientation, cells: found.cells });
    }),
    message
  );
}

export function pickUp(pieceIndex) {
  const placement = placed.get(pieceIndex);
  if (!placement) return;
  if (fixedPieces.has(pieceIndex)) {
    say(t("fixedPiece", { piece: data.pieces[pieceIndex].name }));
    return;
  }
  orientation[pieceIndex] = placement.orientation;
  selected = pieceIndex;
  commit(
    withPlaced(function (next) {
      next.delete(pieceIndex);
    }),
    t("pickedUp", { piece: data.pieces[pieceIndex].name })
  );
}

export function takeOff(list) {
  list = list.filter(function (name) {
    return !fixedPieces.has(pieceByName.get(name));
  });
  if (!list.length) return;
  commit(
    withPlaced(function (next) {
      list.forEach(function (name) {
        next.delete(pieceByName.get(name));
      });
    }),
    t("tookOff", { pieces: names(list) })
  );
}

// Undo and redo step through the histories; a piece held (picked up, or from the tray) is let go,
// so no selection outlives the board it was made on, and the cursor's words follow the board.
export function undo() {
  if (!history.length) return;
  undone.push(snapshot());
  stepTo(history.pop(), t("undone"));
}

export function redo() {
  if (!undone.length) return;
  history.push(snapshot());
  stepTo(undone.pop(), t("redone"));
}

function stepTo(entries, message) {
  selected = null;
  moved(new Map(entries), message);
  if (keyboardInUse() && document.activeElement === board) announceCursor();
}

// A tray piece tapped: selected, or let go when it was; a placed one is picked up.
export function select(pieceIndex) {
  if (placed.has(pieceIndex)) {
    pickUp(pieceIndex);
    return;
  }
  selected = selected === pieceIndex ? null : pieceIndex;
  forgetTrace();
  say(selected == null ? "" : t("selected", { piece: data.pieces[pieceIndex].name }));
  render();
}

// A piece picked by a key (keyboard.js): selected, and what the cursor is on said again with it;
// a placed one is picked up, as its tray button does.
export function selectByKey(pieceIndex) {
  if (placed.has(pieceIndex)) {
    select(pieceIndex);
    return;
  }
  selected = pieceIndex;
  forgetTrace();
  say("");
  render();
  announceCursor();
}

// Escape: the selected piece goes back to the tray, the trace and the hint are dropped.
export function letGo() {
  selected = null;
  forgetTrace();
  dismissHint();
  say("");
  render();
}

export function turn(table, steps) {
  if (selected == null) {
    say(t("turnFirst"));
    return;
  }
  const orientations = data.pieces[selected].orientations;
  let current = orientation[selected];
  if (steps < 0) {
    // one step back: the orientation that the forward step takes to the current one
    current = orientations.findIndex(function (o) {
      return o[table] === current;
    });
  } else {
    current = orientations[current][table];
  }
  orientation[selected] = current;
  render();
  const piece = data.pieces[selected];
  const values = { piece: piece.name, number: current + 1, count: orientations.length };
  say(t(table === "flip" ? "flipped" : "rotated", values));
  if (document.activeElement === board) announceCursor();
}

export function acceptHint() {
  const hint = currentHint();
  if (!hint) return;
  const next = placementsFrom(hint.given.concat(hint.placements));
  if (selected != null && next.has(selected)) selected = null;
  const added = hint.placements.map(function (p) {
    return p.piece;
  });
  const message = added.length
    ? t("placedPieces", { pieces: names(added) })
    : t("tookOff", { pieces: names(hint.take_off) });
  commit(next, message);
}

// Clear the board: every piece but the fixed ones off.
export function clear() {
  if (!movable().length) return;
  commit(
    withPlaced(function (next) {
      movable().forEach(function (index) {
        next.delete(index);
      });
    }),
    t("cleared")
  );
}
