// The pointer on the board and the tray. On the board a press starts one of three gestures: on a
// placed piece (no trace under way) it picks that piece up (a tap) or moves it (a drag); with a
// tray piece selected it shows that piece under the pointer and drops it where the pointer lifts;
// else it traces (trace.js). A tray piece is dragged onto the board, or tapped to select it.

import { board, data, layers, ui } from "./page.js";
import { t } from "./words.js";
import { cellsAt, fixedPieces, key, pieceByName } from "./geometry.js";
import { drawPieces, drawPreview, empty } from "./draw.js";
import {
  commit,
  heldOrientation,
  isPlaced,
  occupancy,
  pickUp,
  place,
  placeSelectedAt,
  placementOf,
  select,
  selectedPiece,
  withPlaced,
} from "./moves.js";
import { moveCursorTo, pointerInUse } from "./keyboard.js";
import { boardCellAt, boardPoint, cellAtPoint } from "./hit.js";
import { startTrace, traceEnd, traceMove, tracing } from "./trace.js";

const DRAG_DISTANCE = 8; // px a pointer must move before a press becomes a drag

let gesture = null; // the press under way: on a piece ("piece"), to drop ("drop") or to trace ("trace")
let swallowing = false; // the click that ends a drag is no tap

// The placed piece a drag has lifted off the board (drawn lifted), or null.
export function liftedPiece() {
  const g = gesture;
  return g && g.dragging && g.source === "board" ? g.piece : null;
}

function capture(event) {
  try {
    board.setPointerCapture(event.pointerId);
  } catch (e) {
    /* a pointer the browser does not know (a synthetic event): the document still hears it */
  }
}

function startGesture(event, pieceIndex, source, grabIndex) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  gesture = {
    kind: "piece",
    id: event.pointerId,
    x: event.clientX,
    y: event.clientY,
    piece: pieceIndex,
    source: source,
    grab: grabIndex,
    dragging: false,
  };
  pointerInUse();
}

function gestureOrientation(g) {
  return g.source === "board" ? placementOf(g.piece).orientation : heldOrientation(g.piece);
}

function gestureCells(g, target) {
  return target ? cellsAt(g.piece, gestureOrientation(g), target, g.grab) : null;
}

function dropPreview(event) {
  const index = selectedPiece();
  const target = boardCellAt(event.clientX, event.clientY);
  drawPreview(index, target ? cellsAt(index, heldOrientation(index), target, null) : null);
}

function pointerMove(event) {
  const g = gesture;
  if (!g || g.id !== event.pointerId) {
    hover(event);
    return;
  }
  if (g.kind === "trace") {
    event.preventDefault();
    traceMove(event);
    return;
  }
  if (g.kind === "drop") {
    event.preventDefault();
    if (selectedPiece() != null) dropPreview(event);
    return;
  }
  if (!g.dragging) {
    if (Math.hypot(event.clientX - g.x, event.clientY - g.y) < DRAG_DISTANCE) return;
    g.dragging = true;
    document.body.classList.add("dragging");
    drawPieces();
  }
  event.preventDefault();
  drawPreview(g.piece, gestureCells(g, boardCellAt(event.clientX, event.clientY)));
}

function swallowNextClick() {
  swallowing = true;
  window.setTimeout(function () {
    swallowing = false;
  }, 0);
}

function endGesture(event, cancelled) {
  const g = gesture;
  if (!g || g.id !== event.pointerId) return;
  gesture = null;
  document.body.classList.remove("dragging");
  empty(layers.preview);
  if (g.kind === "trace") {
    traceEnd(cancelled);
    return;
  }
  if (g.kind === "drop") {
    const spot = cancelled ? null : boardCellAt(event.clientX, event.clientY);
    if (spot && selectedPiece() != null) {
      moveCursorTo(spot);
      placeSelectedAt(spot);
    }
    return;
  }
  if (!g.dragging) {
    if (g.source === "board" && !cancelled) pickUp(g.piece); // a tap on a placed piece
    return; // a tap on the tray: its click handler selects
  }
  swallowNextClick();
  const target = cancelled ? null : boardCellAt(event.clientX, event.clientY);
  const name = data.pieces[g.piece].name;
  if (!target) {
    if (g.source === "board" && !cancelled) {
      commit(
        withPlaced(function (placed) {
          placed.delete(g.piece);
        }),
        t("takenOff", { piece: name })
      );
    } else {
      drawPieces();
    }
    return;
  }
  const orientation = gestureOrientation(g);
  if (!place(g.piece, orientation, gestureCells(g, target))) drawPieces();
}

function swallowClick(event) {
  if (swallowing) {
    swallowing = false;
    event.stopPropagation();
    event.preventDefault();
  }
}

function hover(event) {
  if (event.pointerType !== "mouse" || selectedPiece() == null) return;
  if (!board.contains(event.target)) {
    if (layers.preview.firstChild) empty(layers.preview);
    return;
  }
  dropPreview(event);
}

function pressBoard(event) {
  if ((event.pointerType === "mouse" && event.button !== 0) || gesture) return;
  const point = boardPoint(event.clientX, event.clientY);
  const cellKey = point && cellAtPoint(point, 1);
  if (!cellKey) return;
  pointerInUse();
  const owner = occupancy(null).get(cellKey);
  if (owner != null && !tracing()) {
    if (fixedPieces.has(owner)) {
      pickUp(owner); // it stays where it is, and says so
      return;
    }
    const grab = placementOf(owner).cells.findIndex(function (c) {
      return key(c) === cellKey;
    });
    startGesture(event, owner, "board", grab >= 0 ? grab : null);
    return;
  }
  capture(event);
  if (selectedPiece() != null) {
    gesture = { kind: "drop", id: event.pointerId };
    dropPreview(event); // on touch too: the piece shows under the finger before it drops
    return;
  }
  gesture = { kind: "trace", id: event.pointerId };
  startTrace(cellKey, point);
}

export function listenForPointers() {
  document.addEventListener("pointermove", pointerMove);
  document.addEventListener("pointerup", function (event) {
    endGesture(event, false);
  });
  document.addEventListener("pointercancel", function (event) {
    endGesture(event, true);
  });
  document.addEventListener("click", swallowClick, true);
  board.addEventListener("pointerdown", pressBoard);
  board.addEventListener("pointerleave", function () {
    if (!gesture) empty(layers.preview);
  });
  ui.tray.forEach(listenToTrayPiece);
}

function listenToTrayPiece(button) {
  const index = pieceByName.get(button.dataset.piece);
  button.addEventListener("pointerdown", function (event) {
    if (isPlaced(index)) return;
    const polygon = event.target.closest("polygon[data-i]");
    startGesture(event, index, "tray", polygon ? Number(polygon.getAttribute("data-i")) : null);
  });
  button.addEventListener("click", function () {
    select(index);
  });
}
