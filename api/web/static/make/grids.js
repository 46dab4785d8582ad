// The grids a board or a piece is drawn on. Each names, for its lattice (solver/geometry.py):
// - polygon(cell): the cell's corners in units of one cell side, rows growing downwards;
// - neighbours(cell): the cells sharing an edge with it;
// - isTranslation(dr, dc): whether shifting a drawing by (dr, dc) keeps its shape (on triangles
//   only shifts that keep each triangle pointing the same way);
// - boardRow(row, tokens, width) and pieceRow(row, marks): a row as a definition writes it (width:
//   the widest token, when every column is as wide, sameWidths), and pieceCells(row, text): the
//   columns a piece drawing's row marks;
// - optionally shiftRows(cell, rows): the cell moved up by rows keeping its place on the lattice,
//   where a shift of the drawing's rows is no translation (hexagons in offset rows).
// The editor knows nothing else of a lattice.

const H = Math.sqrt(3) / 2;

function plainRow(row, tokens) {
  return tokens.join(" ");
}

function charRow(row, marks) {
  return marks.join("");
}

function charCells(row, text) {
  const found = [];
  for (let col = 0; col < text.length; col++) if (text[col] === "#") found.push(col);
  return found;
}

const square = {
  name: "square",
  polygon: function (cell) {
    const r = cell[0], c = cell[1];
    return [[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]];
  },
  neighbours: function (cell) {
    const r = cell[0], c = cell[1];
    return [[r - 1, c], [r, c + 1], [r + 1, c], [r, c - 1]];
  },
  isTranslation: function () {
    return true;
  },
  boardRow: plainRow,
  pieceRow: charRow,
  pieceCells: charCells,
  pieceSize: [5, 5],
};

// The triangle at (row, col) points up when row + col is even; an up triangle shares its base with
// the down triangle below it.
function pointsUp(cell) {
  return (((cell[0] + cell[1]) % 2) + 2) % 2 === 0;
}

const triangle = {
  name: "triangle",
  polygon: function (cell) {
    const r = cell[0], c = cell[1];
    if (pointsUp(cell)) return [[c / 2, r * H], [(c + 1) / 2, (r + 1) * H], [(c - 1) / 2, (r + 1) * H]];
    return [[(c - 1) / 2, r * H], [(c + 1) / 2, r * H], [c / 2, (r + 1) * H]];
  },
  neighbours: function (cell) {
    const r = cell[0], c = cell[1];
    return [[r, c - 1], [r, c + 1], pointsUp(cell) ? [r + 1, c] : [r - 1, c]];
  },
  isTranslation: function (dr, dc) {
    return (((dr + dc) % 2) + 2) % 2 === 0;
  },
  boardRow: plainRow,
  pieceRow: charRow,
  pieceCells: charCells,
  pieceSize: [4, 8],
};

// Pointy-top hexagons in offset rows, as a definition draws them: cell (row, col) is token col of
// text row row, each odd row half a cell to the right (solver/geometry.py turns them into axial
// cells). A shift by an odd number of rows changes which rows are shifted, so it is no translation.
function odd(row) {
  return ((row % 2) + 2) % 2 === 1;
}

const hex = {
  name: "hex",
  polygon: function (cell) {
    const r = cell[0], c = cell[1];
    const x = 2 * H * (c + (odd(r) ? 1 : 0.5)), y = 1.5 * r + 1;
    return [[x, y - 1], [x + H, y - 0.5], [x + H, y + 0.5], [x, y + 1], [x - H, y + 0.5], [x - H, y - 0.5]];
  },
  neighbours: function (cell) {
    const r = cell[0], c = cell[1];
    const left = odd(r) ? c : c - 1; // the left one of the two cells above or below
    return [[r, c - 1], [r, c + 1], [r - 1, left], [r - 1, left + 1], [r + 1, left], [r + 1, left + 1]];
  },
  isTranslation: function (dr) {
    return !odd(dr);
  },
  shiftRows: function (cell, rows) {
    const r = cell[0] - rows;
    // axial column: token + half the rows up to here; kept as the row changes
    const axial = cell[1] + Math.floor((cell[0] + 1) / 2);
    return [r, axial - Math.floor((r + 1) / 2)];
  },
  sameWidths: true,
  boardRow: function (row, tokens, width) {
    return (odd(row) ? " ".repeat(Math.ceil((width + 1) / 2)) : "") + tokens.join(" ");
  },
  pieceRow: function (row, marks) {
    return (odd(row) ? " " : "") + marks.join(" ");
  },
  pieceCells: function (row, text) {
    return charCells(row, text.replace(/\s+/g, ""));
  },
  pieceSize: [5, 6],
};

export const GRIDS = { square: square, triangle: triangle, hex: hex };

export function gridFor(lattice) {
  return GRIDS[lattice] || square;
}

export function key(cell) {
  return cell[0] + "," + cell[1];
}

export function parseKey(text) {
  const parts = text.split(",");
  return [Number(parts[0]), Number(parts[1])];
}

export function centre(points) {
  let x = 0, y = 0;
  points.forEach(function (p) {
    x += p[0];
    y += p[1];
  });
  return [x / points.length, y / points.length];
}

// The smallest box around every polygon: {left, top, width, height}.
export function box(polygons) {
  let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
  polygons.forEach(function (points) {
    points.forEach(function (p) {
      left = Math.min(left, p[0]);
      top = Math.min(top, p[1]);
      right = Math.max(right, p[0]);
      bottom = Math.max(bottom, p[1]);
    });
  });
  return { left: left, top: top, width: right - left, height: bottom - top };
}

// The cells moved to the top left corner, their shape kept (in the same order).
export function atOrigin(grid, cells) {
  if (!cells.length) return [];
  if (grid.shiftRows) {
    const top = Math.min.apply(null, cells.map(function (cell) { return cell[0]; }));
    const up = cells.map(function (cell) { return grid.shiftRows(cell, top); });
    const left = Math.min.apply(null, up.map(function (cell) { return cell[1]; }));
    return up.map(function (cell) { return [cell[0], cell[1] - left]; });
  }
  const shift = origin(grid, cells);
  return cells.map(function (cell) { return [cell[0] - shift[0], cell[1] - shift[1]]; });
}

// The shift that brings cells to the top left corner while keeping their shape: [top, left].
function origin(grid, cells) {
  let top = Infinity, left = Infinity;
  cells.forEach(function (cell) {
    top = Math.min(top, cell[0]);
    left = Math.min(left, cell[1]);
  });
  if (!cells.length) return [0, 0];
  const tries = [[top, left], [top, left - 1], [top - 1, left], [top - 1, left - 1]];
  for (let i = 0; i < tries.length; i++) {
    const t = tries[i];
    if (t[0] >= 0 && t[1] >= 0 && grid.isTranslation(t[0], t[1])) return t;
  }
  return [0, 0];
}

// Whether cells form one region, each step between neighbours.
export function connected(grid, cells) {
  if (!cells.length) return false;
  const inside = new Set(cells.map(key));
  const seen = new Set([key(cells[0])]);
  const todo = [cells[0]];
  while (todo.length) {
    grid.neighbours(todo.pop()).forEach(function (other) {
      const k = key(other);
      if (inside.has(k) && !seen.has(k)) {
        seen.add(k);
        todo.push(other);
      }
    });
  }
  return seen.size === cells.length;
}
