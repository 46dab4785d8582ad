// The editor's drawing as a definition (the text the API reads: docs/catalog.md, "Your own
// puzzle: a definition"), and a definition read back into a drawing. Reading is forgiving: what
// it does not understand it leaves out, and the server's check says what is wrong with the text.

import { atOrigin, gridFor, key, parseKey } from "./grids.js";

export const TARGETS = ["board", "month-day", "month-day-weekday"];

export function emptyState(lattice, title) {
  return {
    title: title,
    lattice: lattice,
    rows: 5,
    cols: 5,
    cells: new Map(), // "row,col" -> its label, "" for a plain cell
    targets: "board",
    chosen: new Map(), // piece set -> Set of its piece names chosen
    drawn: [], // {name, cells}: pieces drawn in the editor, their cells at the top left
  };
}

function pad(token, width) {
  return token + " ".repeat(Math.max(0, width - token.length));
}

// The board's rows: "#" a plain cell, its label, "." a gap; each column as wide as its widest token
// (on hexagons every column as wide as the widest, so the odd rows' indent shows their half cell).
function boardLines(state) {
  const grid = gridFor(state.lattice);
  const cells = Array.from(state.cells.keys()).map(parseKey);
  if (!cells.length) return [];
  const moved = atOrigin(grid, cells);
  const rows = [];
  cells.forEach(function (cell, i) {
    const r = moved[i][0], c = moved[i][1];
    rows[r] = rows[r] || [];
    rows[r][c] = state.cells.get(key(cell)) || "#";
  });
  const widths = [];
  let widest = 1;
  for (let r = 0; r < rows.length; r++) {
    rows[r] = rows[r] || [];
    for (let c = 0; c < rows[r].length; c++) {
      rows[r][c] = rows[r][c] || ".";
      widths[c] = Math.max(widths[c] || 1, Array.from(rows[r][c]).length);
      widest = Math.max(widest, widths[c]);
    }
  }
  return rows.map(function (tokens, r) {
    const padded = tokens.map(function (token, c) {
      return c === tokens.length - 1 ? token : pad(token, grid.sameWidths ? widest : widths[c]);
    });
    return grid.boardRow(r, padded.length ? padded : ["."], widest);
  });
}

export function pieceLines(lattice, cells) {
  const grid = gridFor(lattice);
  const rows = [];
  atOrigin(grid, cells).forEach(function (cell) {
    rows[cell[0]] = rows[cell[0]] || [];
    rows[cell[0]][cell[1]] = "#";
  });
  const width = Math.max.apply(null, rows.map(function (row) { return row ? row.length : 0; }));
  const lines = [];
  for (let r = 0; r < rows.length; r++) {
    const marks = [];
    for (let c = 0; c < width; c++) marks.push(rows[r] && rows[r][c] ? "#" : ".");
    lines.push(grid.pieceRow(r, marks));
  }
  return lines;
}

// The chosen pieces of each set: "pieces: pentominoes" for the whole set, else with their names.
function setLines(state, sets) {
  const lines = [];
  sets.forEach(function (set) {
    const chosen = state.chosen.get(set.name);
    if (!chosen || !chosen.size || set.lattice !== state.lattice) return;
    const names = set.pieces.map(function (p) { return p.name; }).filter(function (n) { return chosen.has(n); });
    lines.push("pieces: " + set.name + (names.length === set.pieces.length ? "" : " " + names.join(" ")));
  });
  return lines;
}

export function toText(state, sets) {
  const lines = ["title: " + (state.title.trim() || "-"), "lattice: " + state.lattice, "targets: " + state.targets];
  lines.push.apply(lines, setLines(state, sets));
  state.drawn.forEach(function (piece) {
    lines.push("", "piece " + piece.name);
    lines.push.apply(lines, pieceLines(state.lattice, piece.cells));
  });
  lines.push("", "board:");
  lines.push.apply(lines, boardLines(state));
  return lines.join("\n") + "\n";
}

const HEADER = /^([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$/;

function contentLines(text) {
  return text.split(/\r?\n/).map(function (raw) {
    return raw.trim().startsWith("//") ? "" : raw.replace(/\s+\/\/.*$/, "").replace(/\s+$/, "");
  });
}

// The drawing a definition describes, or null when it has neither a board nor a piece.
export function fromText(text, sets, fallbackTitle) {
  const read = { headers: {}, pieces: [], drawings: [], board: [] };
  let drawing = null, inBoard = false;
  contentLines(text).forEach(function (line) {
    const stripped = line.trim();
    const header = HEADER.exec(stripped);
    if (!stripped) {
      drawing = null;
    } else if (stripped === "piece" || stripped.startsWith("piece ")) {
      drawing = { name: stripped.slice(5).trim(), rows: [] };
      read.drawings.push(drawing);
      inBoard = false;
    } else if (!header && drawing) {
      drawing.rows.push(line);
    } else if (!header && inBoard) {
      read.board.push(stripped);
    } else if (header) {
      drawing = null;
      inBoard = header[1] === "board";
      if (header[1] === "pieces") read.pieces.push(header[2].trim().split(/\s+/));
      else if (!inBoard) read.headers[header[1]] = header[2].trim();
    }
  });
  if (!read.board.length && !read.drawings.length && !read.pieces.length) return null;
  return stateOf(read, sets, fallbackTitle);
}

function latticeOf(read, sets) {
  if (read.headers.lattice) return read.headers.lattice;
  for (let i = 0; i < read.pieces.length; i++) {
    const set = sets.find(function (s) { return s.name === read.pieces[i][0]; });
    if (set) return set.lattice;
  }
  return "square";
}

function stateOf(read, sets, fallbackTitle) {
  const state = emptyState(latticeOf(read, sets), read.headers.title || fallbackTitle);
  const grid = gridFor(state.lattice);
  if (TARGETS.indexOf(read.headers.targets) >= 0) state.targets = read.headers.targets;
  let rows = 1, cols = 1;
  read.board.forEach(function (line, r) {
    line.split(/\s+/).forEach(function (token, c) {
      if (token === ".") return;
      state.cells.set(key([r, c]), token === "#" ? "" : token);
      rows = Math.max(rows, r + 1);
      cols = Math.max(cols, c + 1);
    });
  });
  state.rows = rows;
  state.cols = cols;
  read.pieces.forEach(function (words) {
    const set = sets.find(function (s) { return s.name === words[0]; });
    if (!set) return;
    const names = words.length > 1 ? words.slice(1) : set.pieces.map(function (p) { return p.name; });
    const chosen = state.chosen.get(set.name) || new Set();
    names.forEach(function (name) { chosen.add(name); });
    state.chosen.set(set.name, chosen);
  });
  read.drawings.forEach(function (found) {
    const cells = [];
    found.rows.forEach(function (row, r) {
      grid.pieceCells(r, row).forEach(function (c) { cells.push([r, c]); });
    });
    if (found.name && cells.length) state.drawn.push({ name: found.name, cells: cells });
  });
  return state;
}
