// Analysing a position in the page: from every raw solution of the target, written as one code
// digit per piece (GET .../solution-digits, hints/solution_digits.py), the same answer the
// position API gives (hints/positions.py analyse), in well under a millisecond and offline.
//
// This module imports nothing and touches no page: it is also run on its own, under Node, by the
// test that checks it against the server's analysis of random positions.

// A piece's placement, as a key: its index and its cells sorted.
function placementKey(pieceIndex, cells) {
  var sorted = cells.slice().sort(function (a, b) {
    return a[0] - b[0] || a[1] - b[1];
  });
  return pieceIndex + ":" + sorted.map(function (c) { return c[0] + "," + c[1]; }).join(" ");
}

// Every placement of every piece on the whole board, in code order (hints/codes.py): per piece,
// per orientation, each translation moving the orientation's first cell onto the layout's cells
// in turn, kept when the lattice allows it and every cell lands on the board.
function codeLayout(board, layoutCells) {
  var onBoard = new Set(board.cells.map(function (c) { return c.cell[0] + "," + c.cell[1]; }));
  var triangle = board.lattice === "triangle";
  var digits = new Map();
  var radices = board.pieces.map(function (piece, pieceIndex) {
    var count = 0;
    piece.orientations.forEach(function (orientation) {
      var anchor = orientation.cells[0];
      layoutCells.forEach(function (cell) {
        var dr = cell[0] - anchor[0], dc = cell[1] - anchor[1];
        if (triangle && Math.abs(dr + dc) % 2 !== 0) return;
        var moved = orientation.cells.map(function (c) { return [c[0] + dr, c[1] + dc]; });
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
  var number = 0n;
  for (var i = digits.length - 1; i >= 0; i--) number = number * BigInt(radices[i]) + BigInt(digits[i]);
  var text = "";
  for (var d = 0; d < kit.code.width; d++) {
    text = BASE64URL[Number(number % 64n)] + text;
    number /= 64n;
  }
  return kit.code.version + kit.code.tag + text;
}

// The solutions counted (all, or the face-up ones), their classes numbered from 1 in stored order.
function solutionSet(kit, faceup) {
  var members = [];
  kit.solutions.forEach(function (row, index) {
    if (!faceup || kit.face_up[index]) members.push(index);
  });
  var classes = Array.from(new Set(members.map(function (i) { return kit.classes[i]; })));
  classes.sort(function (a, b) { return a - b; });
  var numbers = new Map();
  classes.forEach(function (ordinal, n) { numbers.set(ordinal, n + 1); });
  return { members: members, numbers: numbers, distinct: classes.length };
}

// The members of `members` whose digits agree with every (piece, digit) of `placed`.
function containing(kit, members, placed) {
  return members.filter(function (index) {
    var row = kit.solutions[index];
    return placed.every(function (p) { return row[p.piece] === p.digit; });
  });
}

// Every way to keep `size` of `items`, in itertools.combinations' order.
function combinations(items, size) {
  var found = [];
  (function grow(start, chosen) {
    if (chosen.length === size) {
      found.push(chosen.slice());
      return;
    }
    for (var i = start; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]);
      grow(i + 1, chosen);
      chosen.pop();
    }
  })(0, []);
  return found;
}

function lexicallyBefore(a, b) {
  for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

// The fewest placed pieces to take off so some solution extends the rest, never a fixed one;
// ties to the most extensions, then to the lowest piece indices (hints/positions.py take_off).
function takeOff(kit, members, placed, fixed) {
  var staying = placed.filter(function (p) { return fixed.has(p.piece); });
  var movable = placed.filter(function (p) { return !fixed.has(p.piece); });
  for (var keep = movable.length; keep >= 0; keep--) {
    var best = null;
    combinations(movable, keep).forEach(function (kept) {
      var extensions = containing(kit, members, staying.concat(kept)).length;
      if (!extensions) return;
      var removed = movable.filter(function (p) { return kept.indexOf(p) < 0; });
      var pieces = removed.map(function (p) { return p.piece; });
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
  var layout = codeLayout(board, kit.code.cells);
  var open = new Set(board.uncovered.map(function (c) { return c[0] + "," + c[1]; }));
  var fixed = new Set();
  (board.fixed || []).forEach(function (name) {
    var index = board.pieces.findIndex(function (p) { return p.name === name; });
    if (index >= 0) fixed.add(index);
  });
  var counted = solutionSet(kit, board.faceup);
  var names = board.pieces.map(function (p) { return p.name; });

  return function analyse(placedPieces) {
    var digits = names.map(function () { return 0; });
    var placed = [];
    var known = true;
    placedPieces.forEach(function (placement, pieceIndex) {
      var digit = layout.digits.get(placementKey(pieceIndex, placement.cells));
      var covers = placement.cells.some(function (c) { return open.has(c[0] + "," + c[1]); });
      if (!digit || covers) known = false;
      digits[pieceIndex] = digit || 0;
      placed.push({ piece: pieceIndex, digit: digit });
    });
    if (!known) return null;
    placed.sort(function (a, b) { return a.piece - b.piece; });
    var extending = containing(kit, counted.members, placed);
    var solved = placed.length === names.length && extending.length > 0;
    var removed = extending.length ? [] : takeOff(kit, counted.members, placed, fixed);
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
