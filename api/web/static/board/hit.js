// Where a pointer is on the board: screen points in board units, and the cell under them.

import { data, frame } from "./page.js";
import { key, parseKey, SIDE } from "./geometry.js";

const TRACE_SHRINK = 0.8; // a stroke marks a cell once it is this far inside (so grazing a corner does not)

// A point of the screen in board units (those of the cells' polygons), through any turn.
export function boardPoint(x, y) {
  const matrix = frame.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(x, y).matrixTransform(matrix.inverse());
  return [p.x, p.y];
}

function inside(point, polygon) {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i], b = polygon[j];
    if (a[1] > point[1] !== b[1] > point[1] && point[0] < ((b[0] - a[0]) * (point[1] - a[1])) / (b[1] - a[1]) + a[0]) {
      hit = !hit;
    }
  }
  return hit;
}

// The cell holding a point (board units), or null; with `shrink`, only if the point is that far
// inside it (the cell drawn smaller about its centre). On both lattices the cell holding a point
// is the one whose centre is nearest.
export function cellAtPoint(point, shrink) {
  let best = null, distance = Infinity;
  data.cells.forEach(function (cell) {
    const d = Math.hypot(point[0] - cell.centre[0], point[1] - cell.centre[1]);
    if (d < distance) {
      distance = d;
      best = cell;
    }
  });
  if (!best) return null;
  const s = shrink || 1;
  const moved = [best.centre[0] + (point[0] - best.centre[0]) / s, best.centre[1] + (point[1] - best.centre[1]) / s];
  return inside(moved, best.points) ? key(best.cell) : null;
}

// The cells a stroke marks between two points (board units): a point every eighth of a side.
export function cellsAlong(from, to) {
  const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1]) / (SIDE / 8)));
  const found = [];
  for (let i = 1; i <= steps; i++) {
    const point = [from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps];
    const cellKey = cellAtPoint(point, TRACE_SHRINK);
    if (cellKey && found.indexOf(cellKey) < 0) found.push(cellKey);
  }
  return found;
}

export function boardCellAt(x, y) {
  const element = document.elementFromPoint(x, y);
  const found = element && element.closest ? element.closest("#board [data-cell]") : null;
  return found ? parseKey(found.getAttribute("data-cell")) : null;
}
