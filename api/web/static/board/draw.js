// Drawing the board in SVG: the placed pieces, a hint's pieces, the preview under the pointer,
// the keyboard's cursor, the traced cells and the tray's pictures.

import { board, cursorShape, data, layers, main, ui } from "./page.js";
import { t } from "./words.js";
import { bounds, cellByKey, cellsAt, fixedPieces, key, pieceByName } from "./geometry.js";
import { canRedo, canUndo, heldOrientation, isPlaced, misfit, movable, placements, selectedPiece } from "./moves.js";
import { cursorCell, keyboardInUse } from "./keyboard.js";
import { recognise } from "./recognise.js";
import { isTurned } from "./layout.js";
import { liftedPiece } from "./gestures.js";
import { traceRefused, tracedCells } from "./trace.js";
import { currentHint } from "./hints.js";
import { latestAnalysis } from "./analysis.js";
import { drawPlaces } from "./places.js";

const SVG = "http://www.w3.org/2000/svg";

// Dark mode: the system's (prefers-color-scheme), unless Telegram's theme says otherwise
// (data-scheme on <html>, miniapp.js applyTheme). Pieces then take their dark-mode fills. Asked
// once and kept until the scheme changes (reading a media query on every piece of every move
// costs a phone milliseconds).
export const darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
let darkNow = null;

function dark() {
  if (darkNow === null) {
    const scheme = document.documentElement.dataset.scheme;
    darkNow = scheme ? scheme === "dark" : !!(darkQuery && darkQuery.matches);
  }
  return darkNow;
}

// The system's or Telegram's scheme changed: everything drawn again in the new one.
export function schemeChanged() {
  darkNow = null;
  drawn.clear();
  empty(layers.pieces);
  render();
}

// A piece's fill in the page's scheme; `hint`: the paler one of a hint's pieces.
function fillOf(pieceIndex, hint) {
  const piece = data.pieces[pieceIndex];
  if (dark()) return hint ? piece.darkLight : piece.dark;
  return hint ? piece.light : piece.colour;
}

export function empty(element) {
  while (element.firstChild) element.removeChild(element.firstChild);
}

function svg(name, attributes) {
  const element = document.createElementNS(SVG, name);
  Object.keys(attributes || {}).forEach(function (attribute) {
    element.setAttribute(attribute, attributes[attribute]);
  });
  return element;
}

function pointsText(points) {
  return points.map(function (p) {
    return p[0] + "," + p[1];
  }).join(" ");
}

// The outline of a set of cell polygons: every edge that only one of them has.
function outline(polygons) {
  const edges = new Map();
  polygons.forEach(function (points) {
    points.forEach(function (p, i) {
      const q = points[(i + 1) % points.length];
      const a = p[0] + "," + p[1], b = q[0] + "," + q[1];
      const edgeKey = a < b ? a + " " + b : b + " " + a;
      const seen = edges.get(edgeKey);
      edges.set(edgeKey, seen ? null : [p, q]);
    });
  });
  const path = [];
  edges.forEach(function (edge) {
    if (edge) path.push("M" + edge[0][0] + " " + edge[0][1] + "L" + edge[1][0] + " " + edge[1][1]);
  });
  return path.join("");
}

function pieceGroup(pieceIndex, cells, className, fill) {
  const piece = data.pieces[pieceIndex];
  const group = svg("g", { class: className, "data-piece": piece.name });
  const polygons = [];
  cells.forEach(function (cell) {
    const known = cellByKey.get(key(cell));
    if (!known) return;
    polygons.push(known.points);
    group.appendChild(
      svg("polygon", {
        class: "piece-cell",
        points: pointsText(known.points),
        fill: fill,
        stroke: fill,
        "data-cell": key(cell),
      })
    );
  });
  group.appendChild(svg("path", { class: "outline", d: outline(polygons) }));
  return group;
}

function takeOffNames() {
  const hint = currentHint(), a = latestAnalysis();
  if (hint && hint.take_off.length) return hint.take_off;
  if (a && a.dead_end) return a.take_off;
  return [];
}

// The placed pieces' groups, by piece index: each with what it shows, so a move redraws only
// the pieces it changed.
const drawn = new Map();

function pieceDrawing(index, placement, marked) {
  const kind = "piece" + (marked ? " take-off" : "") + (fixedPieces.has(index) ? " fixed" : "");
  const group = pieceGroup(index, placement.cells, kind, fillOf(index));
  if (marked) {
    const stripes = placement.cells.map(function (cell) {
      return svg("polygon", { class: "stripes", points: pointsText(cellByKey.get(key(cell)).points) });
    });
    stripes.forEach(function (s) {
      group.insertBefore(s, group.lastChild);
    });
  }
  return group;
}

export function drawPieces() {
  const takeOff = takeOffNames();
  const lifted = liftedPiece();
  drawn.forEach(function (shown, index) {
    if (!isPlaced(index)) {
      layers.pieces.removeChild(shown.group);
      drawn.delete(index);
    }
  });
  placements().forEach(function (placement, index) {
    const marked = takeOff.indexOf(data.pieces[index].name) >= 0;
    const what = placement.cells.map(key).join(" ") + (marked ? " marked" : "");
    let shown = drawn.get(index);
    if (!shown || shown.what !== what) {
      const group = pieceDrawing(index, placement, marked);
      if (shown) layers.pieces.replaceChild(group, shown.group);
      else layers.pieces.appendChild(group);
      shown = { group: group, what: what };
      drawn.set(index, shown);
    }
    shown.group.classList.toggle("lifted", lifted === index);
  });
}

export function drawHint() {
  empty(layers.hint);
  const hint = currentHint();
  if (!hint) return;
  hint.placements.forEach(function (p) {
    const index = pieceByName.get(p.piece);
    if (index == null) return;
    layers.hint.appendChild(pieceGroup(index, p.cells, "hint-piece", fillOf(index, true)));
  });
}

export function drawPreview(pieceIndex, cells) {
  empty(layers.preview);
  if (pieceIndex == null || !cells) return;
  const onBoard = cells.filter(function (c) {
    return cellByKey.has(key(c));
  });
  const fits = !misfit(pieceIndex, cells);
  const group = pieceGroup(pieceIndex, onBoard, "preview-piece" + (fits ? "" : " misfit"), fillOf(pieceIndex));
  layers.preview.appendChild(group);
}

export function drawCursor() {
  const cursor = cursorCell();
  const cell = cursor && cellByKey.get(key(cursor));
  if (!cell || !keyboardInUse() || document.activeElement !== board) {
    cursorShape.setAttribute("visibility", "hidden");
    return;
  }
  board.dataset.cursor = key(cursor);
  cursorShape.setAttribute("points", pointsText(cell.points));
  cursorShape.setAttribute("visibility", "visible");
  const selected = selectedPiece();
  if (selected != null) {
    drawPreview(selected, cellsAt(selected, heldOrientation(selected), cursor, null));
  }
}

// Every tray piece is drawn at the same scale, centred in a box that fits any orientation.
const trayBox = (function () {
  let width = 0, height = 0;
  data.pieces.forEach(function (piece) {
    piece.orientations.forEach(function (o) {
      const b = bounds(o.points);
      width = Math.max(width, b.width);
      height = Math.max(height, b.height);
    });
  });
  return { width: width + 8, height: height + 8 };
})();

// A tray piece's picture, drawn again only when what it shows has changed (a move redraws the
// tray: one picture at most is new).
function drawTrayPiece(button, index) {
  const piece = data.pieces[index];
  const orientation = heldOrientation(index);
  const look = [orientation, isTurned(), dark()].join(" ");
  if (button.dataset.drawn === look) return;
  button.dataset.drawn = look;
  const shape = piece.orientations[orientation];
  let b = bounds(shape.points);
  if (isTurned()) b = { left: -(b.top + b.height), top: b.left, width: b.height, height: b.width };
  const x = b.left + b.width / 2 - trayBox.width / 2, y = b.top + b.height / 2 - trayBox.height / 2;
  const picture = svg("svg", {
    viewBox: [x, y, trayBox.width, trayBox.height].join(" "),
    "aria-hidden": "true",
    focusable: "false",
  });
  const drawing = svg("g", isTurned() ? { transform: "rotate(90)" } : {}); // as the board shows it
  shape.points.forEach(function (points, i) {
    drawing.appendChild(svg("polygon", { points: pointsText(points), fill: fillOf(index), "data-i": String(i) }));
  });
  drawing.appendChild(svg("path", { class: "outline", d: outline(shape.points) }));
  picture.appendChild(drawing);
  button.replaceChild(picture, button.querySelector("svg"));
  button.dataset.orientation = String(orientation);
}

function renderTray() {
  const chosen = selectedPiece();
  ui.tray.forEach(function (button) {
    const index = pieceByName.get(button.dataset.piece);
    const onBoard = isPlaced(index);
    const selected = chosen === index;
    drawTrayPiece(button, index);
    button.classList.toggle("on-board", onBoard);
    button.setAttribute("aria-pressed", selected ? "true" : "false");
    let label = onBoard ? "trayOnBoard" : selected ? "traySelected" : "trayPiece";
    if (fixedPieces.has(index) && onBoard) label = "trayFixed";
    if (button.dataset.label !== label) {
      button.dataset.label = label;
      button.setAttribute("aria-label", t(label, { piece: data.pieces[index].name }));
    }
    button.classList.toggle("fixed", fixedPieces.has(index) && onBoard);
  });
  main.dataset.selected = chosen == null ? "" : data.pieces[chosen].name;
}

export function render() {
  drawPlaces();
  drawPieces();
  drawHint();
  drawTrace();
  empty(layers.preview);
  drawCursor();
  renderTray();
  ui.undo.disabled = !canUndo();
  ui.redo.disabled = !canRedo();
  ui.clear.disabled = movable().length === 0;
}

// The traced cells, highlighted: in the colour of the piece they already are, if any; marked
// as refused when they are no piece that may go there.
export function drawTrace() {
  empty(layers.trace);
  const keys = tracedCells();
  const refused = traceRefused();
  main.dataset.traced = String(keys.length);
  if (!keys.length) return;
  const found = refused ? null : recognise(keys).match;
  const group = svg("g", { class: "traced" + (refused ? " refused" : found ? " matched" : "") });
  if (found) {
    group.setAttribute("data-piece", data.pieces[found.piece].name);
    group.style.setProperty("--trace-fill", fillOf(found.piece));
  }
  const polygons = [];
  keys.forEach(function (cellKey) {
    const known = cellByKey.get(cellKey);
    polygons.push(known.points);
    group.appendChild(svg("polygon", { class: "trace-cell", points: pointsText(known.points), "data-cell": cellKey }));
  });
  group.appendChild(svg("path", { class: "outline", d: outline(polygons) }));
  layers.trace.appendChild(group);
}
