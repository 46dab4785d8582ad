// Tracing: the cells a stroke or taps mark, and what they become once judged (recognise.js): a
// piece placed, or words saying what they are not.

import { data, ui } from "./page.js";
import { names, t, tn } from "./words.js";
import { state } from "./state.js";
import { recognise } from "./recognise.js";
import { drawTrace } from "./draw.js";
import { say } from "./speech.js";
import { commit, withPlaced } from "./moves.js";
import { boardPoint, cellsAlong } from "./hit.js";

function placeTraced(found) {
  const piece = found.match.piece;
  const name = data.pieces[piece].name;
  const replaced = found.covers.filter(function (index) {
    return index !== piece;
  });
  state.orientation[piece] = found.match.orientation;
  if (state.selected === piece) state.selected = null;
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
    withPlaced(function (placed) {
      found.covers.forEach(function (index) {
        placed.delete(index);
      });
      placed.set(piece, { orientation: found.match.orientation, cells: found.cells });
    }),
    message
  );
}

// Look at the traced cells after a stroke (`stroke`) or a tap: place the piece they are, or say
// what they are not, keeping them highlighted to be corrected. Tapped cells that are a piece but
// may still grow into a larger one wait for another tap, or for the button that places them.
export function judgeTrace(stroke) {
  state.traceRejected = false;
  state.traceMatch = null;
  ui.traceRow.hidden = true;
  const count = state.trace.length;
  if (!count) {
    say("");
    drawTrace();
    return;
  }
  const found = recognise(state.trace);
  if (found.fixed.length) {
    state.traceRejected = true;
    say(t("fixedPiece", { piece: names(found.fixed.map(function (index) { return data.pieces[index].name; })) }));
  } else if (found.match && (stroke || !found.grows)) {
    placeTraced(found);
    return;
  } else if (found.match) {
    state.traceMatch = found;
    const name = data.pieces[found.match.piece].name;
    say(t("traceMaybe", { piece: name }));
    ui.tracePlace.textContent = t("tracePlace", { piece: name });
    ui.traceRow.hidden = false;
  } else if (found.grows) {
    say(tn("traceMarked", count));
  } else {
    state.traceRejected = true;
    say(found.elsewhere.length ? t("traceOnBoard", { pieces: names(found.elsewhere) }) : t("traceNoPiece"));
  }
  drawTrace();
}

export function toggleTraced(cellKey) {
  const at = state.trace.indexOf(cellKey);
  if (at >= 0) state.trace.splice(at, 1);
  else state.trace.push(cellKey);
}

// The button that places tapped cells that might still grow into a bigger piece.
export function placeMatched() {
  const found = state.traceMatch;
  if (found && recognise(state.trace).match) placeTraced(found);
}

// A stroke goes on: the cells it passes are marked. Its first move onto another cell makes it a
// stroke (not a tap); it starts the trace over, unless it began on a cell of a trace that is
// not finished yet (no piece so far, but the start of one), which it goes on with.
export function traceMove(g, event) {
  const point = boardPoint(event.clientX, event.clientY);
  if (!point) return;
  const passed = cellsAlong(g.last, point);
  g.last = point;
  passed.forEach(function (cellKey) {
    if (cellKey === g.start) return;
    if (!g.stroke) {
      g.stroke = true;
      if (!g.goesOn) state.trace = [g.start];
    }
    if (state.trace.indexOf(cellKey) < 0) state.trace.push(cellKey);
  });
  if (g.stroke) {
    state.traceRejected = false;
    drawTrace();
  }
}

// The end of a stroke, or a tap: a tap on an unmarked cell marks it (it is shown marked from the
// press on), on a marked one unmarks it.
export function traceEnd(g, cancelled) {
  if (!g.stroke) {
    if (g.wasMarked && !cancelled) toggleTraced(g.start);
    if (!g.wasMarked && cancelled) toggleTraced(g.start);
  }
  if (cancelled) {
    drawTrace();
    return;
  }
  judgeTrace(g.stroke);
}
