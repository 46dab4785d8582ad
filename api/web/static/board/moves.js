// The moves: place, pick up, take off, undo, select, rotate and flip, a hint accepted, the board
// cleared. Each is recorded for undo, drawn, said and checked (analysis.js).

import { board, data, main } from "./page.js";
import { names, t } from "./words.js";
import { cellsAt, fixedPieces, pieceByName, sortedCells } from "./geometry.js";
import { misfit, movable, placementsFrom, snapshot, state } from "./state.js";
import { forgetTrace, render } from "./draw.js";
import { announceCursor, say } from "./speech.js";
import { analyse } from "./analysis.js";
import { hintWords } from "./hints.js";

export function commit(placed, message) {
  state.history.push(snapshot());
  state.placed = placed;
  forgetTrace();
  state.hint = null;
  hintWords();
  state.moves += 1;
  main.dataset.moves = String(state.moves);
  say(message, true);
  render();
  analyse(false);
}

export function withPlaced(change) {
  const placed = new Map(state.placed);
  change(placed);
  return placed;
}

export function place(pieceIndex, orientation, cells) {
  const why = misfit(pieceIndex, cells);
  const name = data.pieces[pieceIndex].name;
  if (why) {
    say(t("doesNotFit", { piece: name, why: why }));
    return false;
  }
  if (state.selected === pieceIndex) state.selected = null;
  commit(
    withPlaced(function (placed) {
      placed.set(pieceIndex, { orientation: orientation, cells: sortedCells(cells) });
    }),
    t("placedPieces", { pieces: name })
  );
  return true;
}

export function placeSelectedAt(target) {
  if (state.selected == null) {
    say(t("pickFirst"));
    return;
  }
  const index = state.selected;
  place(index, state.orientation[index], cellsAt(index, state.orientation[index], target, null));
}

export function pickUp(pieceIndex) {
  const placement = state.placed.get(pieceIndex);
  if (!placement) return;
  if (fixedPieces.has(pieceIndex)) {
    say(t("fixedPiece", { piece: data.pieces[pieceIndex].name }));
    return;
  }
  state.orientation[pieceIndex] = placement.orientation;
  state.selected = pieceIndex;
  commit(
    withPlaced(function (placed) {
      placed.delete(pieceIndex);
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
    withPlaced(function (placed) {
      list.forEach(function (name) {
        placed.delete(pieceByName.get(name));
      });
    }),
    t("tookOff", { pieces: names(list) })
  );
}

export function undo() {
  if (!state.history.length) return;
  state.placed = new Map(state.history.pop());
  forgetTrace();
  state.hint = null;
  hintWords();
  state.moves += 1;
  main.dataset.moves = String(state.moves);
  say(t("undone"), true);
  render();
  analyse(false);
}

export function select(pieceIndex) {
  if (state.placed.has(pieceIndex)) {
    pickUp(pieceIndex);
    return;
  }
  state.selected = state.selected === pieceIndex ? null : pieceIndex;
  forgetTrace();
  say(state.selected == null ? "" : t("selected", { piece: data.pieces[pieceIndex].name }));
  render();
}

export function turn(table, steps) {
  if (state.selected == null) {
    say(t("turnFirst"));
    return;
  }
  const orientations = data.pieces[state.selected].orientations;
  let current = state.orientation[state.selected];
  if (steps < 0) {
    // one step back: the orientation that the forward step takes to the current one
    current = orientations.findIndex(function (o) {
      return o[table] === current;
    });
  } else {
    current = orientations[current][table];
  }
  state.orientation[state.selected] = current;
  render();
  if (document.activeElement === board) announceCursor();
}

export function acceptHint() {
  const hint = state.hint;
  if (!hint) return;
  const placed = placementsFrom(hint.given.concat(hint.placements));
  if (state.selected != null && placed.has(state.selected)) state.selected = null;
  const added = hint.placements.map(function (p) {
    return p.piece;
  });
  const message = added.length
    ? t("placedPieces", { pieces: names(added) })
    : t("tookOff", { pieces: names(hint.take_off) });
  commit(placed, message);
}

// Clear the board: every piece but the fixed ones off.
export function clear() {
  if (!movable().length) return;
  commit(
    withPlaced(function (placed) {
      movable().forEach(function (index) {
        placed.delete(index);
      });
    }),
    t("cleared")
  );
}
