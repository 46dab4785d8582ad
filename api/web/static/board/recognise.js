// What traced cells are: the piece that may go there and its orientation, whether they may still
// grow into a bigger piece, and the placed pieces they run over.

import { data } from "./page.js";
import { cellByKey, fixedPieces, isTranslation, key, parseKey, sortedCells } from "./geometry.js";
import { isPlaced, occupancy, placements } from "./moves.js";

// A piece is placed by tracing the cells it covers: a stroke over them (finger or mouse), or taps
// on them one after another. The traced cells are recognised as one of the pieces that may go
// there (the unplaced ones, and the ones the trace runs over, which it replaces) in one of its
// orientations; in face-up mode only the orientations a rotation reaches from the drawn side.

const allowedOrientations = data.pieces.map(function (piece) {
  if (!data.faceup) {
    return piece.orientations.map(function (o, i) {
      return i;
    });
  }
  const turns = [0];
  for (let i = piece.orientations[0].rotate; turns.indexOf(i) < 0; i = piece.orientations[i].rotate) turns.push(i);
  return turns;
});

// The allowed orientation of the piece whose cells, moved by a lattice translation, are exactly
// these (sorted) cells, or -1.
function orientationMatching(pieceIndex, sorted) {
  const orientations = data.pieces[pieceIndex].orientations;
  const allowed = allowedOrientations[pieceIndex];
  for (let k = 0; k < allowed.length; k++) {
    const shape = orientations[allowed[k]].cells;
    if (shape.length !== sorted.length) continue;
    const dr = sorted[0][0] - shape[0][0], dc = sorted[0][1] - shape[0][1];
    if (!isTranslation(dr, dc)) continue;
    const same = shape.every(function (c, j) {
      return c[0] + dr === sorted[j][0] && c[1] + dc === sorted[j][1];
    });
    if (same) return allowed[k];
  }
  return -1;
}

// Whether the piece, larger than these cells, can cover all of them and lie on the board: the
// traced cells may still grow into it.
function mayGrowInto(pieceIndex, sorted) {
  const orientations = data.pieces[pieceIndex].orientations;
  return allowedOrientations[pieceIndex].some(function (o) {
    const shape = orientations[o].cells;
    if (shape.length <= sorted.length) return false;
    return shape.some(function (cell) {
      const dr = sorted[0][0] - cell[0], dc = sorted[0][1] - cell[1];
      if (!isTranslation(dr, dc)) return false;
      const moved = shape.map(function (c) {
        return key([c[0] + dr, c[1] + dc]);
      });
      return (
        moved.every(function (k) {
          return cellByKey.has(k);
        }) &&
        sorted.every(function (c) {
          return moved.indexOf(key(c)) >= 0;
        })
      );
    });
  });
}

// What the traced cells are: `match` {piece, orientation} a piece that may go there (or null),
// `grows` whether they may still grow into a larger piece, `covers` the placed pieces they run
// over (a match replaces them), `fixed` the pre-placed ones among those, `elsewhere` placed
// pieces of this very shape that the trace does not run over.
export function recognise(keys) {
  const sorted = sortedCells(keys.map(parseKey));
  const owner = occupancy(null);
  const covers = [];
  sorted.forEach(function (cell) {
    const index = owner.get(key(cell));
    if (index != null && covers.indexOf(index) < 0) covers.push(index);
  });
  const result = { cells: sorted, match: null, grows: false, covers: covers, elsewhere: [] };
  result.fixed = covers.filter(function (index) {
    return fixedPieces.has(index);
  });
  // A piece traced again where it lies moves (or stays); then the unplaced ones, in tray order
  // (of twin pieces the first unplaced one).
  const candidates = covers.filter(function (index) {
    return !fixedPieces.has(index);
  });
  data.pieces.forEach(function (piece, index) {
    if (!isPlaced(index)) candidates.push(index);
  });
  candidates.forEach(function (index) {
    if (!result.match) {
      const orientation = orientationMatching(index, sorted);
      if (orientation >= 0) result.match = { piece: index, orientation: orientation };
    }
    if (!result.grows && mayGrowInto(index, sorted)) result.grows = true;
  });
  if (!result.match) {
    placements().forEach(function (placement, index) {
      if (covers.indexOf(index) < 0 && orientationMatching(index, sorted) >= 0) {
        result.elsewhere.push(data.pieces[index].name);
      }
    });
  }
  return result;
}
