// Analysing a position in the page: from every raw solution of the target, written as one code
// digit per piece (GET .../solution-digits, hints/solution_digits.py), the same answer the
// position API gives (hints/positions.py analyse), in well under a millisecond and offline.
//
// This module imports nothing and touches no page: it is also run on its own, under Node, by the
// test that checks it against the server's analysis of random positions.

// A piece's placement, as a key: its index and its cells sorted.
function placementKey(pieceIndex, cells) {
  const sorted = cells.slice().sort(function (a, b) {
    return a[0] - b[0] || a[1] - b[1];
  });
  return pieceIndex + ":" + sorted.map(function (c) { return c[0] + "," + c[1]; }).join(" ");
}

// Every placement of every piece on the whole board, in code order (hints/codes.py): per piece,
// per orientation, each translation moving the orientation's first cell onto the layout's cells
// in turn, kept when the lattice allows it and every cell lands on the board.
function codeLayout(board, layoutCells) {
  const onBoard = new Set(board.cells.map(function (c) { return c.cell[0] + "," + c.cell[1]; }));
  const triangle = board.lattice === "triangle";
  const digits = new Map();
  const radices = board.pieces.map(function (piece, pieceIndex) {
    let count = 0;
    piece.orientations.forEach(function (orientation) {
      const anchor = orientation.cells[0];
      layoutCells.forEach(function (cell) {
        const dr = cell[0] - anchor[0], dc = cell[1] - anchor[1];
        if (triangle && Math.abs(dr + dc) % 2 !== 0) return;
        const moved = orientation.cells.map(function (c) { return [c[0] + dr, c[1] + dc]; });
        if (!moved.every(function (c) { return onBoard.has(c[0] + "," + c[1]); })) return;
        count += 1;
        digits.set(placementKey(pieceIndex, moved), count);
      });
    });
    return count + 1;
  });
  return { digits: digits, radices: radices };
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// The position's code: a mixed-radix number of the digits, piece 0 the least significant, in
// `width` base-64 digits after the version and the tag.
function encode(kit, radices, digits) {
  let number = 0n;
  for (let i = digits.length - 1; i >= 0; i--) number = number * BigInt(radices[i]) + BigInt(digits[i]);
  let text = "";
  for (let d = 0; d < kit.code.width; d++) {
    text = BASE64URL[Number(number % 64n)] + text;
    number /= 64n;
  }
  return kit.code.version + kit.code.tag + text;
}

// The solutions counted (all, or the face-up ones), their classes numbered from 1 in stored order.
function solutionSet(kit, faceup) {
  const members = [];
  kit.solutions.forEach(function (row, index) {
    if (!faceup || kit.face_up[index]) members.push(index);
  });
  const classes = Array.from(new Set(members.map(function (i) { return kit.classes[i]; })));
  classes.sort(function (a, b) { return a - b; });
  const numbers = new Map();
  classes.forEach(function (ordinal, n) { numbers.set(ordinal, n + 1); });
  return { members: members, numbers: numbers, distinct: classes.length };
}

// The members of `members` whose digits agree with every (piece, digit) of `placed`.
function containing(kit, members, placed) {
  return members.filter(function (index) {
    const row = kit.solutions[index];
    return placed.every(function (p) { return row[p.piece] === p.digit; });
  });
}

// Every way to keep `size` of `items`, in itertools.combinations' order.
function combinations(items, size) {
  const found = [];
  (function grow(start, chosen) {
    if (chosen.length === size) {
      found.push(chosen.slice());
      return;
    }
    for (let i = start; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]);
      grow(i + 1, chosen);
      chosen.pop();
    }
  })(0, []);
  return found;
}

function lexicallyBefore(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

// The fewest placed pieces to take off so some solution extends the rest, never a fixed one;
// ties to the most extensions, then to the lowest piece indices (hints/positions.py take_off).
function takeOff(kit, members, placed, fixed) {
  const staying = placed.filter(function (p) { return fixed.has(p.piece); });
  const movable = placed.filter(function (p) { return !fixed.has(p.piece); });
  for (let keep = movable.length; keep >= 0; keep--) {
    let best = null;
    combinations(movable, keep).forEach(function (kept) {
      const extensions = containing(kit, members, staying.concat(kept)).length;
      if (!extensions) return;
      const removed = movable.filter(function (p) { return kept.indexOf(p) < 0; });
      const pieces = removed.map(function (p) { return p.piece; });
      if (best === null || extensions > best.extensions ||
          (extensions === best.extensions && lexicallyBefore(pieces, best.pieces))) {
        best = { extensions: extensions, pieces: pieces, removed: removed };
      }
    });
    if (best !== null) return best.removed;
  }
  return movable;
}

function distinctClasses(kit, indices) {
  return new Set(indices.map(function (i) { return kit.classes[i]; })).size;
}

// An analyser of this board's positions: give it the placed pieces (a Map of piece index to
// {cells}) and it answers as the position API does (its fields, but no hint links), or null
// when only the server can say (a piece over a cell the target leaves open, in words; a shape it
// does not know): then ask the server.
export function localAnalyser(board, kit) {
  const layout = codeLayout(board, kit.code.cells);
  const open = new Set(board.uncovered.map(function (c) { return c[0] + "," + c[1]; }));
  const fixed = new Set();
  (board.fixed || []).forEach(function (name) {
    const index = board.pieces.findIndex(function (p) { return p.name === name; });
    if (index >= 0) fixed.add(index);
  });
  const counted = solutionSet(kit, board.faceup);
  const names = board.pieces.map(function (p) { return p.name; });

  return function analyse(placedPieces) {
    const digits = names.map(function () { return 0; });
    const placed = [];
    let known = true;
    placedPieces.forEach(function (placement, pieceIndex) {
      const digit = layout.digits.get(placementKey(pieceIndex, placement.cells));
      const covers = placement.cells.some(function (c) { return open.has(c[0] + "," + c[1]); });
      if (!digit || covers) known = false;
      digits[pieceIndex] = digit || 0;
      placed.push({ piece: pieceIndex, digit: digit });
    });
    if (!known) return null;
    placed.sort(function (a, b) { return a.piece - b.piece; });
    const extending = containing(kit, counted.members, placed);
    const solved = placed.length === names.length && extending.length > 0;
    const removed = extending.length ? [] : takeOff(kit, counted.members, placed, fixed);
    return {
      puzzle: board.puzzle,
      target: board.target,
      code: encode(kit, layout.radices, digits),
      legal: true,
      problems: [],
      placed: placed.length,
      remaining: extending.length,
      total: counted.members.length,
      distinct_total: counted.distinct,
      distinct_remaining: distinctClasses(kit, extending),
      dead_end: extending.length === 0,
      take_off: removed.map(function (p) { return names[p.piece]; }),
      solved: solved,
      solution_number: solved ? counted.numbers.get(kit.classes[extending[0]]) : null,
      all_sides_total: board.faceup ? kit.solutions.length : null,
      hints: [],
    };
  };
}

// Every placement of a piece on the board's cells, in the orientations given (indices into the
// piece's orientations): each translation moving the orientation's first cell onto a board cell,
// kept when the lattice allows it and every cell lands on the board. Each is its cells.
export function placementsOnBoard(board, pieceIndex, orientations) {
  const onBoard = new Set(board.cells.map(function (c) { return c.cell[0] + "," + c.cell[1]; }));
  const triangle = board.lattice === "triangle";
  const found = [];
  orientations.forEach(function (index) {
    const shape = board.pieces[pieceIndex].orientations[index].cells;
    board.cells.forEach(function (target) {
      const dr = target.cell[0] - shape[0][0], dc = target.cell[1] - shape[0][1];
      if (triangle && Math.abs(dr + dc) % 2 !== 0) return;
      const moved = shape.map(function (c) { return [c[0] + dr, c[1] + dc]; });
      if (moved.every(function (c) { return onBoard.has(c[0] + "," + c[1]); })) found.push(moved);
    });
  });
  return found;
}

// A judge of a piece's places from every solution of the target: give it the piece, the placed
// pieces (a Map of piece index to {cells}, without that piece) and candidate placements (cells
// each), and it keeps the candidates some counted solution extending the placed pieces has; null
// when a placed piece is none it knows (then only the server could say).
export function localPlaces(board, kit) {
  const layout = codeLayout(board, kit.code.cells);
  const counted = solutionSet(kit, board.faceup);
  return function solvable(pieceIndex, placedPieces, candidates) {
    const placed = [];
    let known = true;
    placedPieces.forEach(function (placement, index) {
      const digit = layout.digits.get(placementKey(index, placement.cells));
      if (!digit) known = false;
      placed.push({ piece: index, digit: digit });
    });
    if (!known) return null;
    const digits = new Set(containing(kit, counted.members, placed).map(function (i) {
      return kit.solutions[i][pieceIndex];
    }));
    return candidates.filter(function (cells) {
      return digits.has(layout.digits.get(placementKey(pieceIndex, cells)));
    });
  };
}
