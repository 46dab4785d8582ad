// Tracing: the cells a stroke or taps mark, and what they become once judged (recognise.js): a
// piece placed, or words saying what they are not.

import { data, main, ui } from "./page.js";
import { names, t, tn } from "./words.js";
import { recognise } from "./recognise.js";
import { drawTrace } from "./draw.js";
import { say } from "./speech.js";
import { placeRecognised } from "./moves.js";
import { boardPoint, cellsAlong } from "./hit.js";

let traced = []; // the keys of the cells traced so far, in order
let refused = false; // the traced cells are no piece that may go there
let matched = null; // tapped cells that are a piece but might still grow into a bigger one
let press = null; // the press under way: its first cell, whether that was marked, the stroke so far

// The keys of the cells traced so far, in order (a copy).
export function tracedCells() {
  return traced.slice();
}

// Whether the traced cells were judged no piece that may go there.
export function traceRefused() {
  return refused;
}

// Whether any cell is traced.
export function tracing() {
  return traced.length > 0;
}

// The trace is dropped (a move, a piece selected, Escape).
export function forgetTrace() {
  traced = [];
  refused = false;
  matched = null;
  ui.traceRow.hidden = true;
  main.dataset.traced = "0";
}

// A press on the board with no piece selected, on the cell `cellKey` (at `point`): an unmarked
// cell is shown marked while pressed. A stroke from a marked cell of a trace not finished yet
// goes on with that trace, else it starts the trace over.
export function startTrace(cellKey, point) {
  const wasMarked = traced.indexOf(cellKey) >= 0;
  press = { start: cellKey, wasMarked: wasMarked, goesOn: wasMarked && !refused, stroke: false, last: point };
  if (!wasMarked) {
    traced.push(cellKey);
    refused = false;
  }
  drawTrace();
}

// Look at the traced cells after a stroke (`stroke`) or a tap: place the piece they are, or say
// what they are not, keeping them highlighted to be corrected. Tapped cells that are a piece but
// may still grow into a larger one wait for another tap, or for the button that places them.
export function judgeTrace(stroke) {
  refused = false;
  matched = null;
  ui.traceRow.hidden = true;
  const count = traced.length;
  if (!count) {
    say("");
    drawTrace();
    return;
  }
  const found = recognise(traced);
  if (found.fixed.length) {
    refused = true;
    say(t("fixedPiece", { piece: names(found.fixed.map(function (index) { return data.pieces[index].name; })) }));
  } else if (found.match && (stroke || !found.grows)) {
    placeRecognised(found);
    return;
  } else if (found.match) {
    matched = found;
    const name = data.pieces[found.match.piece].name;
    say(t("traceMaybe", { piece: name }));
    ui.tracePlace.textContent = t("tracePlace", { piece: name });
    ui.traceRow.hidden = false;
  } else if (found.grows) {
    say(tn("traceMarked", count));
  } else {
    refused = true;
    say(found.elsewhere.length ? t("traceOnBoard", { pieces: names(found.elsewhere) }) : t("traceNoPiece"));
  }
  drawTrace();
}

export function toggleTraced(cellKey) {
  const at = traced.indexOf(cellKey);
  if (at >= 0) traced.splice(at, 1);
  else traced.push(cellKey);
}

// The button that places tapped cells that might still grow into a bigger piece.
export function placeMatched() {
  const found = matched;
  if (found && recognise(traced).match) placeRecognised(found);
}

// A stroke goes on: the cells it passes are marked. Its first move onto another cell makes it a
// stroke (not a tap); it starts the trace over, unless it began on a cell of a trace that is
// not finished yet (no piece so far, but the start of one), which it goes on with.
export function traceMove(event) {
  const g = press;
  const point = boardPoint(event.clientX, event.clientY);
  if (!g || !point) return;
  const passed = cellsAlong(g.last, point);
  g.last = point;
  passed.forEach(function (cellKey) {
    if (cellKey === g.start) return;
    if (!g.stroke) {
      g.stroke = true;
      if (!g.goesOn) traced = [g.start];
    }
    if (traced.indexOf(cellKey) < 0) traced.push(cellKey);
  });
  if (g.stroke) {
    refused = false;
    drawTrace();
  }
}

// The end of a stroke, or a tap: a tap on an unmarked cell marks it (it is shown marked from the
// press on), on a marked one unmarks it.
export function traceEnd(cancelled) {
  const g = press;
  press = null;
  if (!g) return;
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
