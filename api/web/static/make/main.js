// The editor at /make: the drawing (board cells and labels, targets, pieces) is the state; every
// change redraws, writes the definition again and, a moment later, asks the server to check it
// (POST /api/v1/puzzles/check), whose verdict is announced. Saving sends the same definition
// (POST /api/v1/puzzles). Inside the Telegram Mini App the requests name the Telegram user.

import "../board/telegram.js";
import { emptyState, fromText, toText } from "./definition.js";
import { atOrigin, connected, gridFor, key } from "./grids.js";
import { makeGridView } from "./grid_view.js";
import { monthName, t, tn } from "./words.js";
import { renderPieces } from "./pieces.js";

const data = JSON.parse(document.getElementById("make-data").textContent);
const webApp = window.Telegram && window.Telegram.WebApp;
const inTelegram = !!(webApp && webApp.initData);
const $ = function (id) { return document.getElementById(id); };
const ui = {
  title: $("title"), rows: $("rows"), columns: $("columns"), cellStatus: $("cell-status"),
  labelEditor: $("label-editor"), labelInput: $("label-input"), labelInputLabel: $("label-input-label"),
  labelSet: $("label-set"), clear: $("clear-grid"), definition: $("definition"), copy: $("copy"),
  open: $("open"), note: $("definition-note"), probe: $("probe"), problems: $("problems"), save: $("save"),
  saveNote: $("save-note"), savedLinks: $("saved-links"), savedLink: $("saved-link"), playLink: $("play-link"),
  pieceName: $("piece-name"), addPiece: $("add-piece"), pieceNote: $("piece-note"),
};

let state = emptyState("square", ui.title.value);
let labelling = null; // the cell whose label is being typed
let textEdited = false; // the definition box holds what the person typed or pasted, not the drawing

function radios(name) {
  return Array.prototype.slice.call(document.querySelectorAll('input[name="' + name + '"]'));
}

function chosen(name) {
  const found = radios(name).find(function (r) { return r.checked; });
  return found ? found.value : null;
}

function setRadio(name, value) {
  radios(name).forEach(function (r) { r.checked = r.value === value; });
}

function cellWords(cell) {
  const at = t("cellAt", { row: cell[0] + 1, column: cell[1] + 1 });
  const label = state.cells.get(key(cell));
  if (label == null) return t("cellEmpty", { cell: at });
  return label ? t("cellLabelled", { cell: at, label: label }) : t("cellPlain", { cell: at });
}

// ------------------------------------------------------------------ the board's grid

const FILLS = { months: data.months, days: data.days, weekdays: data.weekdays };

function nextLabel(sequence) {
  const used = new Set(state.cells.values());
  return sequence.find(function (label) { return !used.has(label); });
}

let strokeMode = null;

function useTool(cell, mode) {
  const k = key(cell);
  const tool = chosen("tool");
  if (tool === "paint") {
    if (mode === "erase") state.cells.delete(k);
    else if (!state.cells.has(k)) state.cells.set(k, "");
  } else if (FILLS[tool]) {
    const label = nextLabel(FILLS[tool]);
    if (label != null) state.cells.set(k, label);
  }
}

const board = makeGridView($("grid"), {
  start: function (cell) {
    strokeMode = state.cells.has(key(cell)) ? "erase" : "paint";
  },
  visit: function (cell) {
    if (chosen("tool") === "type") return;
    useTool(cell, strokeMode);
    changed();
  },
  end: function () {
    const tool = chosen("tool");
    if (tool === "type" && board.lastCell) openLabel(board.lastCell);
  },
  moved: function (cell) {
    ui.cellStatus.textContent = cellWords(cell);
  },
  use: function (cell) {
    if (chosen("tool") === "type") {
      openLabel(cell);
      return;
    }
    useTool(cell, state.cells.has(key(cell)) ? "erase" : "paint");
    changed();
    ui.cellStatus.textContent = cellWords(cell);
  },
});
// the cell a "type" stroke started on: tapping a cell opens its label
$("grid").addEventListener("pointerdown", function (event) {
  const found = event.target.closest && event.target.closest("polygon[data-cell]");
  board.lastCell = found ? found.dataset.cell.split(",").map(Number) : null;
});

function openLabel(cell) {
  labelling = cell;
  ui.labelEditor.hidden = false;
  ui.labelInputLabel.textContent = t("labelFor", { cell: t("cellAt", { row: cell[0] + 1, column: cell[1] + 1 }) });
  ui.labelInput.value = state.cells.get(key(cell)) || "";
  ui.labelInput.focus();
}

function setLabel() {
  if (!labelling) return;
  const label = ui.labelInput.value.replace(/\s+/g, "");
  state.cells.set(key(labelling), label === "#" || label === "." ? "" : label);
  ui.cellStatus.textContent = cellWords(labelling);
  labelling = null;
  ui.labelEditor.hidden = true;
  changed();
  $("grid").focus();
}

ui.labelSet.addEventListener("click", setLabel);
ui.labelInput.addEventListener("keydown", function (event) {
  if (event.key === "Enter") {
    event.preventDefault();
    setLabel();
  } else if (event.key === "Escape") {
    labelling = null;
    ui.labelEditor.hidden = true;
    $("grid").focus();
  }
});

function resize() {
  state.rows = Math.max(1, Math.min(16, Number(ui.rows.value) || 1));
  state.cols = Math.max(1, Math.min(16, Number(ui.columns.value) || 1));
  Array.from(state.cells.keys()).forEach(function (k) {
    const cell = k.split(",").map(Number);
    if (cell[0] >= state.rows || cell[1] >= state.cols) state.cells.delete(k);
  });
  changed();
}
ui.rows.addEventListener("change", resize);
ui.columns.addEventListener("change", resize);
ui.clear.addEventListener("click", function () {
  state.cells.clear();
  changed();
});
ui.title.addEventListener("input", function () {
  state.title = ui.title.value;
  changed();
});
radios("targets").forEach(function (r) {
  r.addEventListener("change", function () {
    state.targets = chosen("targets");
    changed();
  });
});
radios("lattice").forEach(function (r) {
  r.addEventListener("change", function () {
    if (chosen("lattice") === state.lattice) return;
    state.lattice = chosen("lattice");
    state.chosen.clear(); // a set is on one lattice
    state.drawn = [];
    piece.cells.clear();
    changed();
  });
});

// ------------------------------------------------------------------ drawing a piece

const piece = makeGridView($("piece-grid"), {
  start: function (cell) {
    strokeMode = piece.cells.has(key(cell)) ? "erase" : "paint";
  },
  visit: function (cell) {
    if (strokeMode === "erase") piece.cells.delete(key(cell));
    else piece.cells.set(key(cell), "");
    piece.draw();
  },
  end: function () {},
  moved: pieceCellSaid,
  use: function (cell) {
    if (piece.cells.has(key(cell))) piece.cells.delete(key(cell));
    else piece.cells.set(key(cell), "");
    piece.draw();
    pieceCellSaid(cell);
  },
});

function pieceCellSaid(cell) {
  const at = t("cellAt", { row: cell[0] + 1, column: cell[1] + 1 });
  ui.pieceNote.textContent = piece.cells.has(key(cell)) ? t("cellPlain", { cell: at }) : t("cellEmpty", { cell: at });
}

function pieceNames() {
  const names = new Set(state.drawn.map(function (p) { return p.name; }));
  state.chosen.forEach(function (set) { set.forEach(function (n) { names.add(n); }); });
  return names;
}

function freeName() {
  const taken = pieceNames();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (let i = 0; i < letters.length; i++) if (!taken.has(letters[i])) return letters[i];
  return "Q" + taken.size;
}

ui.addPiece.addEventListener("click", function () {
  const grid = gridFor(state.lattice);
  const cells = Array.from(piece.cells.keys()).map(function (k) { return k.split(",").map(Number); });
  const name = ui.pieceName.value.replace(/\s+/g, "");
  if (!cells.length) {
    ui.pieceNote.textContent = t("drawFirst");
    return;
  }
  if (!name || pieceNames().has(name)) {
    ui.pieceNote.textContent = t("nameTaken", { piece: name });
    return;
  }
  const moved = atOrigin(grid, cells);
  state.drawn.push({ name: name, cells: moved });
  piece.cells.clear();
  ui.pieceName.value = freeName();
  ui.pieceNote.textContent = t("pieceLabel", { piece: name }) + ": " + tn("cells", moved.length) +
    (connected(grid, moved) ? "" : " ⚠");
  changed();
});

// ------------------------------------------------------------------ redrawing and checking

const CHECK_DELAY = 600; // ms after the last change: one check per pause, not one per cell
let timer = null;
let asked = null; // the definition last sent to be checked
let sequence = 0;

function headers() {
  const found = { "Content-Type": "application/json" };
  if (inTelegram) found.Authorization = "tma " + webApp.initData;
  return found;
}

function apiUrl(path) {
  return path + "?lang=" + encodeURIComponent(data.lang);
}

function render() {
  board.lattice = state.lattice;
  board.rows = state.rows;
  board.cols = state.cols;
  board.cells = state.cells;
  board.draw();
  const size = gridFor(state.lattice).pieceSize;
  piece.lattice = state.lattice;
  piece.rows = size[0];
  piece.cols = size[1];
  piece.draw();
  renderPieces(state, data, changed);
}

// The drawing is kept in the browser as it changes, so a reload or a closed tab loses nothing.
const DRAFT = "make-draft";

function keepDraft(text) {
  try {
    window.localStorage.setItem(DRAFT, text);
  } catch (e) {
    /* storage may be disabled: the drawing stays for this visit */
  }
}

function draft() {
  try {
    return window.localStorage.getItem(DRAFT);
  } catch (e) {
    return null;
  }
}

function changed() {
  render();
  const text = toText(state, data.sets);
  keepDraft(text);
  if (!textEdited) ui.definition.value = text;
  if (text === asked) return;
  clearTimeout(timer);
  timer = setTimeout(function () { check(text); }, CHECK_DELAY);
}

function targetWords(target) {
  const parts = target.split("-");
  if (parts.length < 2) return target;
  let words = t("date", { month: monthName(Number(parts[0])), day: Number(parts[1]) });
  if (parts[2]) {
    const index = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].indexOf(parts[2]);
    words += " " + (index >= 0 ? data.weekdays[index] : parts[2]);
  }
  return words;
}

function probeWords(count) {
  const target = count.target === "board" ? null : targetWords(count.target);
  if (count.solvable === true) {
    const n = count.more_than ? t("moreThan", { n: count.solutions }) : tn("solutions", count.solutions);
    return ["good", target ? t("solvable", { target: target, count: n }) : t("solvableBoard", { count: n })];
  }
  if (count.solvable === false) return ["bad", target ? t("unsolvable", { target: target }) : t("unsolvableBoard")];
  return ["", t("undecided", { target: target || count.target })];
}

function showVerdict(problems, probe) {
  ui.problems.textContent = "";
  problems.forEach(function (p) {
    const item = document.createElement("li");
    item.textContent = t("atLine", { line: p.line, message: p.message });
    ui.problems.appendChild(item);
  });
  if (problems.length) {
    ui.probe.dataset.state = "bad";
    ui.probe.textContent = tn("problems", problems.length);
  } else {
    const said = probe && probe.length ? probeWords(probe[0]) : ["good", t("noProblems")];
    ui.probe.dataset.state = said[0];
    ui.probe.textContent = said[1];
  }
}

function check(text) {
  asked = text;
  const mine = ++sequence;
  ui.probe.dataset.state = "";
  ui.probe.textContent = t("checking");
  fetch(apiUrl("/api/v1/puzzles/check"), {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ definition: text }),
    credentials: "same-origin",
  }).then(function (response) {
    return response.json().catch(function () { return null; }).then(function (payload) {
      if (mine !== sequence) return;
      if (!response.ok || !payload) {
        asked = null; // ask again after the next change
        ui.probe.dataset.state = "bad";
        ui.probe.textContent = t("checkFailed", { status: response.status });
        return;
      }
      showVerdict(payload.problems, payload.probe);
    });
  }, function () {
    if (mine !== sequence) return;
    asked = null;
    ui.probe.textContent = t("unreachable");
  });
}

// ------------------------------------------------------------------ the definition's text

ui.definition.addEventListener("input", function () {
  textEdited = true;
});

ui.copy.addEventListener("click", function () {
  const text = ui.definition.value;
  const done = function () { ui.note.textContent = t("copied"); };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, function () {
      ui.definition.select();
      document.execCommand("copy");
      done();
    });
  } else {
    ui.definition.select();
    document.execCommand("copy");
    done();
  }
});

function showState() {
  ui.title.value = state.title;
  ui.rows.value = state.rows;
  ui.columns.value = state.cols;
  setRadio("lattice", state.lattice);
  setRadio("targets", state.targets);
}

function open(text) {
  const found = fromText(text, data.sets, ui.title.value);
  if (!found) return false;
  state = found;
  textEdited = false;
  showState();
  ui.pieceName.value = freeName();
  changed();
  return true;
}

ui.open.addEventListener("click", function () {
  ui.note.textContent = open(ui.definition.value) ? t("opened") : t("nothingToOpen");
});

// ------------------------------------------------------------------ saving

ui.save.addEventListener("click", function () {
  const text = toText(state, data.sets);
  ui.save.disabled = true;
  ui.saveNote.textContent = t("checking");
  ui.savedLinks.hidden = true;
  fetch(apiUrl("/api/v1/puzzles"), {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ definition: text }),
    credentials: "same-origin",
  }).then(function (response) {
    return response.json().catch(function () { return null; }).then(function (payload) {
      ui.save.disabled = false;
      if (response.status === 201 && payload) {
        ui.saveNote.textContent = t("saved", { title: payload.title });
        ui.savedLink.href = payload.link;
        ui.savedLink.textContent = window.location.origin + payload.link;
        ui.playLink.href = payload.play + (data.lang === "en" ? "" : "?lang=" + data.lang);
        ui.savedLinks.hidden = false;
        return;
      }
      const error = payload && payload.error;
      ui.saveNote.textContent = t("saveFailed", { message: error ? error.message : response.status });
      if (error && error.details && error.details.length && error.details[0].line) showVerdict(error.details, null);
    });
  }, function () {
    ui.save.disabled = false;
    ui.saveNote.textContent = t("unreachable");
  });
});

if (webApp && webApp.ready) webApp.ready();
const kept = draft();
if (!kept || !open(kept)) {
  ui.pieceName.value = freeName();
  changed();
}
