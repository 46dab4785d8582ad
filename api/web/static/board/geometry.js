// The puzzle's cells and pieces: cell keys, the lattice's translations, a piece's orientation and
// the cells it covers where it is put.

import { data } from "./page.js";

export function key(cell) {
  return cell[0] + "," + cell[1];
}

export function parseKey(text) {
  const parts = text.split(",");
  return [Number(parts[0]), Number(parts[1])];
}

export const cellByKey = new Map();
data.cells.forEach(function (cell) {
  cellByKey.set(key(cell.cell), cell);
});
export const pieceByName = new Map();
data.pieces.forEach(function (piece, index) {
  pieceByName.set(piece.name, index);
});
export const pieceCount = data.pieces.length;
// The placed pieces that stay where they are (the pentomino challenge's pre-placed ones).
export const fixedPieces = new Set(
  (data.fixed || []).map(function (name) {
    return pieceByName.get(name);
  })
);

// Whether shifting by (dr, dc) maps the lattice onto itself (solver/geometry.py is_translation):
// on triangles only shifts that keep each triangle pointing the same way.
export function isTranslation(dr, dc) {
  return data.lattice !== "triangle" || (((dr + dc) % 2) + 2) % 2 === 0;
}

function parity(cell) {
  return (((cell[0] + cell[1]) % 2) + 2) % 2;
}

function byCell(a, b) {
  return a[0] - b[0] || a[1] - b[1];
}

export function sortedCells(cells) {
  return cells.map(function (c) {
    return [c[0], c[1]];
  }).sort(byCell);
}

// The orientation (index) whose cells, shifted by a lattice translation, are these cells.
export function orientationOf(pieceIndex, cells) {
  const sorted = sortedCells(cells);
  const orientations = data.pieces[pieceIndex].orientations;
  for (let i = 0; i < orientations.length; i++) {
    const shape = orientations[i].cells;
    if (shape.length !== sorted.length) continue;
    const dr = sorted[0][0] - shape[0][0], dc = sorted[0][1] - shape[0][1];
    if (!isTranslation(dr, dc)) continue;
    const same = shape.every(function (c, j) {
      return c[0] + dr === sorted[j][0] && c[1] + dc === sorted[j][1];
    });
    if (same) return i;
  }
  return 0;
}

// The cells of a piece in an orientation with its grabbed cell (or else its anchor) on `target`.
export function cellsAt(pieceIndex, orientation, target, grabIndex) {
  const shape = data.pieces[pieceIndex].orientations[orientation];
  let anchor = shape.anchors[parity(target)];
  if (grabIndex != null) {
    const grabbed = shape.cells[grabIndex];
    if (grabbed && isTranslation(target[0] - grabbed[0], target[1] - grabbed[1])) anchor = grabIndex;
  }
  if (anchor == null) return null;
  const dr = target[0] - shape.cells[anchor][0], dc = target[1] - shape.cells[anchor][1];
  return shape.cells.map(function (c) {
    return [c[0] + dr, c[1] + dc];
  });
}

export const SIDE = (function () {
  const p = data.cells[0].points;
  return Math.hypot(p[1][0] - p[0][0], p[1][1] - p[0][1]);
})();

export function bounds(polygons) {
  const xs = [], ys = [];
  polygons.forEach(function (points) {
    points.forEach(function (p) {
      xs.push(p[0]);
      ys.push(p[1]);
    });
  });
  const left = Math.min.apply(null, xs), top = Math.min.apply(null, ys);
  return { left: left, top: top, width: Math.max.apply(null, xs) - left, height: Math.max.apply(null, ys) - top };
}

// Placements as the API writes them ({piece, cells}), by piece index: {orientation, cells (sorted)}.
export function placementsFrom(list) {
  const placed = new Map();
  list.forEach(function (p) {
    const index = pieceByName.get(p.piece);
    if (index == null) return;
    placed.set(index, { orientation: orientationOf(index, p.cells), cells: sortedCells(p.cells) });
  });
  return placed;
}
