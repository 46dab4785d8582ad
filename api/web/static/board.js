// The playable board: trace a piece across the cells it covers (a stroke or taps; the page
// recognises the piece and its orientation), or pick, rotate, flip, place and pick up pieces
// from the tray; every move is checked by the position API, and the hints start from the board
// as it is. A long board on a narrow screen is drawn turned a quarter (layoutBoard).
//
// Everything about the puzzle comes from <script type="application/json" id="board-data">,
// and every word the script writes from <script type="application/json" id="strings">, both
// written by the server (api/web/board.py, api/web/board_words.py: the words in the page's
// language, from the gettext catalogs): cells with their polygons, each piece's
// orientations with the orientation a rotation step and a flip lead to, and the anchor cell a
// tap or a drop puts on the chosen board cell. The URL always holds the current position code
// (?p=CODE), so reload, back, bookmarks and shared links restore the board.
//
// Inside Telegram (window.Telegram.WebApp with initData, see /static/telegram.js) the page also
// takes Telegram's theme, and saves every move to the user's account (PUT /api/v1/me/positions).
(function () {
  "use strict";

  var dataElement = document.getElementById("board-data");
  if (!dataElement) return;
  var data = JSON.parse(dataElement.textContent);
  var strings = readStrings();
  var SVG = "http://www.w3.org/2000/svg";
  var DRAG_DISTANCE = 8; // px a pointer must move before a press becomes a drag

  var main = document.getElementById("main");
  var board = document.getElementById("board");
  var layers = {
    pieces: board.querySelector(".pieces"),
    hint: board.querySelector(".hint-pieces"),
    trace: board.querySelector(".trace"),
    preview: board.querySelector(".preview"),
  };
  var frame = board.querySelector(".frame"); // everything drawn; turned on narrow screens (layoutBoard)
  var cursorShape = board.querySelector(".cursor");
  var ui = {
    remaining: document.querySelector("[data-testid=remaining]"),
    countText: document.getElementById("count-text"),
    verdict: document.getElementById("verdict"),
    takeOffRow: document.getElementById("take-off-row"),
    takeOff: document.getElementById("take-off"),
    traceRow: document.getElementById("trace-row"),
    tracePlace: document.getElementById("trace-place"),
    message: document.getElementById("message"),
    rotate: document.getElementById("rotate"),
    flip: document.getElementById("flip"),
    undo: document.getElementById("undo"),
    clear: document.getElementById("clear"),
    hintButtons: Array.prototype.slice.call(document.querySelectorAll(".hint-button")),
    hints: document.querySelector(".hints"),
    hintText: document.getElementById("hint-text"),
    hintActions: document.getElementById("hint-actions"),
    accept: document.getElementById("accept"),
    dismiss: document.getElementById("dismiss"),
    share: document.getElementById("share-link"),
    telegramLink: document.getElementById("telegram-link"),
    saveNote: document.getElementById("save-note"),
    tray: Array.prototype.slice.call(document.querySelectorAll(".tray-piece")),
    solvedPanel: document.getElementById("solved-panel"),
    solvedSummary: document.getElementById("solved-summary"),
    shareText: document.getElementById("share-text"),
    shareButton: document.getElementById("share-button"),
    shareDone: document.getElementById("share-done"),
    tomorrow: document.getElementById("tomorrow"),
  };

  // ------------------------------------------------------------------ words

  // The page's messages by key (api/web/board_words.py); none at all if they cannot be read.
  function readStrings() {
    var element = document.getElementById("strings");
    try {
      return element ? JSON.parse(element.textContent) : {};
    } catch (e) {
      return {};
    }
  }

  // {name} fields filled from values, in one pass (a value's own braces stay as they are).
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  // The message `key` with its fields filled in; the key itself if the page has no such message.
  function t(key, values) {
    var template = strings[key];
    return fill(typeof template === "string" ? template : key, values);
  }

  // A counted message: [for one, for more], chosen by n ({n} is filled in too).
  function tn(key, n, values) {
    var forms = strings[key];
    var template = Array.isArray(forms) ? forms[n === 1 ? 0 : forms.length - 1] : key;
    var all = { n: n };
    Object.keys(values || {}).forEach(function (name) {
      all[name] = values[name];
    });
    return fill(template, all);
  }

  // ------------------------------------------------------------------ the puzzle's data

  function key(cell) {
    return cell[0] + "," + cell[1];
  }

  function parseKey(text) {
    var parts = text.split(",");
    return [Number(parts[0]), Number(parts[1])];
  }

  var cellByKey = new Map();
  data.cells.forEach(function (cell) {
    cellByKey.set(key(cell.cell), cell);
  });
  var pieceByName = new Map();
  data.pieces.forEach(function (piece, index) {
    pieceByName.set(piece.name, index);
  });
  var pieceCount = data.pieces.length;
  // The placed pieces that stay where they are (the pentomino challenge's pre-placed ones).
  var fixedPieces = new Set(
    (data.fixed || []).map(function (name) {
      return pieceByName.get(name);
    })
  );

  // Whether shifting by (dr, dc) maps the lattice onto itself (solver/geometry.py is_translation):
  // on triangles only shifts that keep each triangle pointing the same way.
  function isTranslation(dr, dc) {
    return data.lattice !== "triangle" || (((dr + dc) % 2) + 2) % 2 === 0;
  }

  function parity(cell) {
    return (((cell[0] + cell[1]) % 2) + 2) % 2;
  }

  function byCell(a, b) {
    return a[0] - b[0] || a[1] - b[1];
  }

  function sortedCells(cells) {
    return cells.map(function (c) {
      return [c[0], c[1]];
    }).sort(byCell);
  }

  // The orientation (index) whose cells, shifted by a lattice translation, are these cells.
  function orientationOf(pieceIndex, cells) {
    var sorted = sortedCells(cells);
    var orientations = data.pieces[pieceIndex].orientations;
    for (var i = 0; i < orientations.length; i++) {
      var shape = orientations[i].cells;
      if (shape.length !== sorted.length) continue;
      var dr = sorted[0][0] - shape[0][0], dc = sorted[0][1] - shape[0][1];
      if (!isTranslation(dr, dc)) continue;
      var same = shape.every(function (c, j) {
        return c[0] + dr === sorted[j][0] && c[1] + dc === sorted[j][1];
      });
      if (same) return i;
    }
    return 0;
  }

  // The cells of a piece in an orientation with its grabbed cell (or else its anchor) on `target`.
  function cellsAt(pieceIndex, orientation, target, grabIndex) {
    var shape = data.pieces[pieceIndex].orientations[orientation];
    var anchor = shape.anchors[parity(target)];
    if (grabIndex != null) {
      var grabbed = shape.cells[grabIndex];
      if (grabbed && isTranslation(target[0] - grabbed[0], target[1] - grabbed[1])) anchor = grabIndex;
    }
    if (anchor == null) return null;
    var dr = target[0] - shape.cells[anchor][0], dc = target[1] - shape.cells[anchor][1];
    return shape.cells.map(function (c) {
      return [c[0] + dr, c[1] + dc];
    });
  }

  // "L", "L and N", "L, N and P" in the page's language.
  function names(list) {
    if (list.length <= 1) return list.join("");
    return t("listLast", { names: list.slice(0, -1).join(t("listSeparator")), last: list[list.length - 1] });
  }

  // ------------------------------------------------------------------ state

  var state = {
    placed: new Map(), // piece index -> {orientation, cells (sorted)}
    orientation: data.pieces.map(function () {
      return 0;
    }),
    selected: null,
    history: [],
    hint: null,
    analysis: null,
    analysing: null, // the promise of the newest analysis
    moves: 0,
    code: data.code,
    cursor: null,
    keyboard: false,
    gesture: null,
    swallowClick: false,
    trace: [], // the keys of the cells traced so far, in order
    traceRejected: false, // the traced cells are no piece that may go there
    traceMatch: null, // tapped cells that are a piece but might still grow into a bigger one
    turned: false, // the board drawn turned a quarter clockwise (layoutBoard)
    moveWords: null, // the newest move's words, spoken with the count once the board is checked
  };

  function occupancy(except) {
    var owner = new Map();
    state.placed.forEach(function (placement, index) {
      if (index === except) return;
      placement.cells.forEach(function (cell) {
        owner.set(key(cell), index);
      });
    });
    return owner;
  }

  // Why these cells cannot take the piece (off the board, on another piece), or "" if they can.
  function misfit(pieceIndex, cells) {
    if (!cells) return t("misfitNowhere");
    if (cells.some(function (c) { return !cellByKey.has(key(c)); })) return t("misfitOffBoard");
    var owner = occupancy(pieceIndex);
    var hit = [];
    cells.forEach(function (c) {
      var other = owner.get(key(c));
      if (other != null && hit.indexOf(data.pieces[other].name) < 0) hit.push(data.pieces[other].name);
    });
    return hit.length ? t("misfitOverlap", { pieces: names(hit) }) : "";
  }

  function snapshot() {
    return Array.from(state.placed.entries()).map(function (entry) {
      return [entry[0], { orientation: entry[1].orientation, cells: entry[1].cells }];
    });
  }

  function placementsFrom(list) {
    var placed = new Map();
    list.forEach(function (p) {
      var index = pieceByName.get(p.piece);
      if (index == null) return;
      placed.set(index, { orientation: orientationOf(index, p.cells), cells: sortedCells(p.cells) });
    });
    return placed;
  }

  // ------------------------------------------------------------------ drawing

  // Dark mode: the system's (prefers-color-scheme), unless Telegram's theme says otherwise
  // (data-scheme on <html>, applyTheme). Pieces then take their dark-mode fills.
  var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function dark() {
    var scheme = document.documentElement.dataset.scheme;
    if (scheme) return scheme === "dark";
    return !!(darkQuery && darkQuery.matches);
  }

  // A piece's fill in the page's scheme; `hint`: the paler one of a hint's pieces.
  function fillOf(pieceIndex, hint) {
    var piece = data.pieces[pieceIndex];
    if (dark()) return hint ? piece.darkLight : piece.dark;
    return hint ? piece.light : piece.colour;
  }

  function empty(element) {
    while (element.firstChild) element.removeChild(element.firstChild);
  }

  function svg(name, attributes) {
    var element = document.createElementNS(SVG, name);
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
    var edges = new Map();
    polygons.forEach(function (points) {
      points.forEach(function (p, i) {
        var q = points[(i + 1) % points.length];
        var a = p[0] + "," + p[1], b = q[0] + "," + q[1];
        var edgeKey = a < b ? a + " " + b : b + " " + a;
        var seen = edges.get(edgeKey);
        edges.set(edgeKey, seen ? null : [p, q]);
      });
    });
    var path = [];
    edges.forEach(function (edge) {
      if (edge) path.push("M" + edge[0][0] + " " + edge[0][1] + "L" + edge[1][0] + " " + edge[1][1]);
    });
    return path.join("");
  }

  function pieceGroup(pieceIndex, cells, className, fill) {
    var piece = data.pieces[pieceIndex];
    var group = svg("g", { class: className, "data-piece": piece.name });
    var polygons = [];
    cells.forEach(function (cell) {
      var known = cellByKey.get(key(cell));
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
    if (state.hint && state.hint.take_off.length) return state.hint.take_off;
    if (state.analysis && state.analysis.dead_end) return state.analysis.take_off;
    return [];
  }

  function drawPieces() {
    var takeOff = takeOffNames();
    empty(layers.pieces);
    state.placed.forEach(function (placement, index) {
      var piece = data.pieces[index];
      var marked = takeOff.indexOf(piece.name) >= 0;
      var kind = "piece" + (marked ? " take-off" : "") + (fixedPieces.has(index) ? " fixed" : "");
      var group = pieceGroup(index, placement.cells, kind, fillOf(index));
      if (marked) {
        var stripes = placement.cells.map(function (cell) {
          return svg("polygon", { class: "stripes", points: pointsText(cellByKey.get(key(cell)).points) });
        });
        stripes.forEach(function (s) {
          group.insertBefore(s, group.lastChild);
        });
      }
      if (state.gesture && state.gesture.dragging && state.gesture.source === "board" && state.gesture.piece === index) {
        group.classList.add("lifted");
      }
      layers.pieces.appendChild(group);
    });
  }

  function drawHint() {
    empty(layers.hint);
    if (!state.hint) return;
    state.hint.placements.forEach(function (p) {
      var index = pieceByName.get(p.piece);
      if (index == null) return;
      layers.hint.appendChild(pieceGroup(index, p.cells, "hint-piece", fillOf(index, true)));
    });
  }

  function drawPreview(pieceIndex, cells) {
    empty(layers.preview);
    if (pieceIndex == null || !cells) return;
    var onBoard = cells.filter(function (c) {
      return cellByKey.has(key(c));
    });
    var fits = !misfit(pieceIndex, cells);
    var group = pieceGroup(pieceIndex, onBoard, "preview-piece" + (fits ? "" : " misfit"), fillOf(pieceIndex));
    layers.preview.appendChild(group);
  }

  function drawCursor() {
    var cell = state.cursor && cellByKey.get(key(state.cursor));
    if (!cell || !state.keyboard || document.activeElement !== board) {
      cursorShape.setAttribute("visibility", "hidden");
      return;
    }
    board.dataset.cursor = key(state.cursor);
    cursorShape.setAttribute("points", pointsText(cell.points));
    cursorShape.setAttribute("visibility", "visible");
    if (state.selected != null) {
      drawPreview(state.selected, cellsAt(state.selected, state.orientation[state.selected], state.cursor, null));
    }
  }

  // Every tray piece is drawn at the same scale, centred in a box that fits any orientation.
  var trayBox = (function () {
    var width = 0, height = 0;
    data.pieces.forEach(function (piece) {
      piece.orientations.forEach(function (o) {
        var b = bounds(o.points);
        width = Math.max(width, b.width);
        height = Math.max(height, b.height);
      });
    });
    return { width: width + 8, height: height + 8 };
  })();

  function bounds(polygons) {
    var xs = [], ys = [];
    polygons.forEach(function (points) {
      points.forEach(function (p) {
        xs.push(p[0]);
        ys.push(p[1]);
      });
    });
    var left = Math.min.apply(null, xs), top = Math.min.apply(null, ys);
    return { left: left, top: top, width: Math.max.apply(null, xs) - left, height: Math.max.apply(null, ys) - top };
  }

  function drawTrayPiece(button, index) {
    var piece = data.pieces[index];
    var orientation = state.orientation[index];
    var shape = piece.orientations[orientation];
    var b = bounds(shape.points);
    if (state.turned) b = { left: -(b.top + b.height), top: b.left, width: b.height, height: b.width };
    var x = b.left + b.width / 2 - trayBox.width / 2, y = b.top + b.height / 2 - trayBox.height / 2;
    var picture = svg("svg", {
      viewBox: [x, y, trayBox.width, trayBox.height].join(" "),
      "aria-hidden": "true",
      focusable: "false",
    });
    var drawing = svg("g", state.turned ? { transform: "rotate(90)" } : {}); // as the board shows it
    shape.points.forEach(function (points, i) {
      drawing.appendChild(svg("polygon", { points: pointsText(points), fill: fillOf(index), "data-i": String(i) }));
    });
    drawing.appendChild(svg("path", { class: "outline", d: outline(shape.points) }));
    picture.appendChild(drawing);
    button.replaceChild(picture, button.querySelector("svg"));
    button.dataset.orientation = String(orientation);
  }

  function renderTray() {
    ui.tray.forEach(function (button) {
      var index = pieceByName.get(button.dataset.piece);
      var onBoard = state.placed.has(index);
      var selected = state.selected === index;
      drawTrayPiece(button, index);
      button.classList.toggle("on-board", onBoard);
      button.setAttribute("aria-pressed", selected ? "true" : "false");
      var name = data.pieces[index].name;
      var label = onBoard ? "trayOnBoard" : selected ? "traySelected" : "trayPiece";
      if (fixedPieces.has(index) && onBoard) label = "trayFixed";
      button.setAttribute("aria-label", t(label, { piece: name }));
      button.classList.toggle("fixed", fixedPieces.has(index) && onBoard);
    });
    main.dataset.selected = state.selected == null ? "" : data.pieces[state.selected].name;
  }

  function render() {
    drawPieces();
    drawHint();
    drawTrace();
    empty(layers.preview);
    drawCursor();
    renderTray();
    ui.undo.disabled = state.history.length === 0;
    ui.clear.disabled = movable().length === 0;
  }

  // The last move's words under the board; `later`: a move whose words are spoken with the count
  // once the board is checked (moveSaid), else they are spoken now.
  function say(text, later) {
    ui.message.textContent = text || "";
    state.moveWords = later ? text || "" : null;
    if (!later) speak(text);
  }

  // One live region (#says) speaks each move once, in one sentence: what the move did with the
  // count after it ("Placed L: 12 of 48 solutions still possible."), or with what the board's
  // analysis says when it is solved, at a dead end or not allowed. The count, the analysis and
  // the words under the board are shown, not spoken apart.
  var spoken = document.getElementById("says");

  function speak(text) {
    if (spoken && text) spoken.textContent = text; // emptied words are not spoken: nothing to clear
  }

  function withoutStop(text) {
    return text.replace(/[.。]\s*$/, "");
  }

  function moveSaid(a) {
    var words = state.moveWords;
    state.moveWords = null;
    if (words == null) return;
    var v = verdict(a);
    var count = ui.remaining.textContent + " " + countText(a);
    if (v[0] !== "ok") speak(words ? t("moveVerdict", { move: withoutStop(words), verdict: v[1] }) : v[1]);
    else speak(words ? t("moveCount", { move: withoutStop(words), count: count }) : t("countSays", { count: count }));
  }

  // ------------------------------------------------------------------ a long board on a narrow screen

  // A board whose cells would be drawn smaller than MIN_CELL CSS pixels across the page is turned
  // a quarter clockwise (when it is wider than tall), with cells of MIN_CELL to MAX_TURNED_CELL
  // pixels: as large as fit the window's height below the board's top; the count and the hints sit
  // beside it (main.turned in board.css). Pieces, the tray's pictures and the arrow keys turn with it.
  var MIN_CELL = 28;
  var MAX_TURNED_CELL = 40;
  var drawnBox = board.getAttribute("viewBox").split(" ").map(Number); // x, y, width, height

  function setTurned(turned) {
    state.turned = turned;
    main.classList.toggle("turned", turned);
    board.dataset.turned = turned ? "true" : "false";
    var x = drawnBox[0], y = drawnBox[1], width = drawnBox[2], height = drawnBox[3];
    if (turned) {
      frame.setAttribute("transform", "rotate(90)"); // (x, y) -> (-y, x)
      board.setAttribute("viewBox", [-(y + height), x, height, width].join(" "));
    } else {
      frame.removeAttribute("transform");
      board.setAttribute("viewBox", drawnBox.join(" "));
      board.style.width = "";
      board.style.height = "";
    }
    board.querySelectorAll(".labels text").forEach(function (label) {
      if (turned) label.setAttribute("transform", "rotate(-90 " + label.getAttribute("x") + " " + label.getAttribute("y") + ")");
      else label.removeAttribute("transform");
    });
  }

  // The size of a cell on the screen, in CSS pixels.
  function cellPixels() {
    var matrix = frame.getScreenCTM();
    return matrix ? Math.hypot(matrix.a, matrix.b) * SIDE : 0;
  }

  function viewHeight() {
    return document.documentElement.clientHeight || window.innerHeight; // not changed by a browser's bars
  }

  function layoutBoard() {
    if (state.turned) setTurned(false);
    board.style.maxHeight = "";
    var width = drawnBox[2], height = drawnBox[3];
    if (cellPixels() >= MIN_CELL || width <= height) {
      fitAbove();
      return;
    }
    setTurned(true);
    var top = board.getBoundingClientRect().top + window.scrollY;
    var room = viewHeight() - top - 16;
    var cell = Math.max(MIN_CELL, Math.min(MAX_TURNED_CELL, Math.floor((room * SIDE) / width)));
    board.style.width = (height / SIDE) * cell + "px";
    board.style.height = (width / SIDE) * cell + "px";
  }

  // On one column (phones), the board leaves room under it for the count, the words and the hint
  // buttons within the window, as far as its cells stay MIN_CELL pixels or more.
  function fitAbove() {
    var boardBox = board.getBoundingClientRect(), hintsBox = ui.hints.getBoundingClientRect();
    if (hintsBox.top < boardBox.bottom) return; // beside the board
    var below = hintsBox.bottom - boardBox.bottom + 8;
    var room = viewHeight() - (boardBox.top + window.scrollY) - below;
    var least = (drawnBox[3] / SIDE) * MIN_CELL;
    if (boardBox.height > room) board.style.maxHeight = Math.max(room, least) + "px";
  }

  var layoutPending = false;
  var laidOutFor = [window.innerWidth, viewHeight()];
  window.addEventListener("resize", function () {
    if (layoutPending || (window.innerWidth === laidOutFor[0] && viewHeight() === laidOutFor[1])) return;
    laidOutFor = [window.innerWidth, viewHeight()];
    layoutPending = true;
    window.requestAnimationFrame(function () {
      layoutPending = false;
      var wasTurned = state.turned;
      layoutBoard();
      if (wasTurned !== state.turned) render();
    });
  });

  // ------------------------------------------------------------------ talking to the API

  function errorText(payload, response) {
    if (payload && payload.error && payload.error.message) return payload.error.message;
    return t("serverAnswered", { status: response.status });
  }

  function fetchJson(url, options) {
    return fetch(url, options).then(function (response) {
      return response.json().then(
        function (payload) {
          return { response: response, payload: payload };
        },
        function () {
          return { response: response, payload: null };
        }
      );
    });
  }

  // One total: on boards with symmetries the solutions up to rotation and reflection (the page's
  // goal says so once), elsewhere the same count.
  function countText(a) {
    return tn("countText", a.distinct_total);
  }

  // Face-up mode on a target every solution of which turns some piece over.
  function noFaceUp(a) {
    return a.legal && a.total === 0 && !!a.all_sides_total;
  }

  function verdict(a) {
    if (!a.legal) return ["illegal", t("illegal", { problems: a.problems.join("; ") })];
    if (a.solved) return ["solved", t("solved", { number: a.solution_number, distinct: a.distinct_total })];
    if (noFaceUp(a)) return ["dead", tn("noFaceUp", a.all_sides_total)];
    if (a.total === 0) return ["dead", t("noSolution")];
    if (a.dead_end) return ["dead", t("deadEnd", { pieces: names(a.take_off) })];
    if (a.placed === 0) return ["ok", t("start")];
    return ["ok", tn("placed", pieceCount, { placed: a.placed })];
  }

  function pageUrl(code) {
    var url = new URL(window.location.href);
    url.searchParams.set("p", code);
    return url;
  }

  // `initial`: the page's own position, read by its code (a solved link is no solve of yours).
  function showAnalysis(a, initial) {
    state.analysis = a;
    if (a.code) state.code = a.code;
    ui.remaining.textContent = String(a.distinct_remaining);
    ui.countText.textContent = countText(a);
    var v = verdict(a);
    ui.verdict.dataset.state = v[0];
    ui.verdict.textContent = v[1];
    main.classList.toggle("solved", !!a.solved);
    if (a.solved) celebrate(initial);
    var deadEnd = a.dead_end && a.take_off.length > 0;
    ui.takeOffRow.hidden = !deadEnd;
    if (deadEnd) ui.takeOff.textContent = t("takeOffButton", { pieces: names(a.take_off) });
    ui.hintButtons.forEach(function (button) {
      button.disabled = !a.legal || a.solved || (a.total === 0 && !noFaceUp(a));
    });
    var usual = document.getElementById("usual-row");
    if (usual) {
      usual.hidden = !noFaceUp(a);
      var link = document.getElementById("usual-link");
      var there = new URL(link.href, window.location.href);
      if (state.code) there.searchParams.set("p", state.code);
      link.href = there.pathname + there.search;
    }
    if (state.code) {
      var url = pageUrl(state.code);
      history.replaceState(history.state, "", url);
      url.hash = "";
      ui.share.href = url.pathname + url.search;
      ui.share.textContent = url.href;
      if (ui.telegramLink && data.telegram) ui.telegramLink.href = data.telegram + state.code;
      keepInLanguageLinks(state.code);
    }
    drawPieces();
    if (!initial) moveSaid(a);
  }

  // The language switch keeps the board: its links carry the newest position (and Telegram's
  // launch parameters, which live in the fragment).
  function keepInLanguageLinks(code) {
    document.querySelectorAll("nav.languages a[href]").forEach(function (link) {
      var url = new URL(link.href, window.location.href);
      url.searchParams.set("p", code);
      link.href = url.pathname + url.search + window.location.hash;
    });
  }

  function showFailure(text) {
    ui.remaining.textContent = "?";
    ui.countText.textContent = t("unknownCount");
    ui.verdict.dataset.state = "error";
    ui.verdict.textContent = text;
    if (state.moveWords != null) {
      state.moveWords = null;
      speak(text);
    }
  }

  // Check the board: the newest request wins; `initial` reads the position by its code.
  function analyse(initial) {
    var move = state.moves;
    var request;
    if (initial) {
      request = fetchJson(data.api.positions + encodeURIComponent(state.code) + data.api.query);
    } else {
      var body = {
        placements: Array.from(state.placed.entries()).map(function (entry) {
          return { piece: data.pieces[entry[0]].name, cells: entry[1].cells };
        }),
      };
      request = fetchJson(data.api.position + data.api.query, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    }
    var done = request.then(
      function (answer) {
        if (move !== state.moves) return;
        if (answer.response.ok) {
          showAnalysis(answer.payload, initial);
          if (!initial) saveToTelegram(answer.payload.code);
        } else {
          showFailure(errorText(answer.payload, answer.response));
        }
      },
      function () {
        if (move === state.moves) showFailure(t("unreachable"));
      }
    ).then(function () {
      if (move === state.moves) main.dataset.analysed = String(move);
    });
    state.analysing = done;
    return done;
  }

  // ------------------------------------------------------------------ moves

  function commit(placed, message) {
    state.history.push(snapshot());
    state.placed = placed;
    forgetTrace();
    state.hint = null;
    showHint();
    state.moves += 1;
    main.dataset.moves = String(state.moves);
    say(message, true);
    render();
    analyse(false);
  }

  function withPlaced(change) {
    var placed = new Map(state.placed);
    change(placed);
    return placed;
  }

  function place(pieceIndex, orientation, cells) {
    var why = misfit(pieceIndex, cells);
    var name = data.pieces[pieceIndex].name;
    if (why) {
      say(t("doesNotFit", { piece: name, why: why }));
      return false;
    }
    if (state.selected === pieceIndex) state.selected = null;
    commit(
      withPlaced(function (placed) {
        placed.set(pieceIndex, { orientation: orientation, cells: sortedCells(cells) });
      }),
      t("placedPieces", { pieces: name })
    );
    return true;
  }

  function placeSelectedAt(target) {
    if (state.selected == null) {
      say(t("pickFirst"));
      return;
    }
    var index = state.selected;
    place(index, state.orientation[index], cellsAt(index, state.orientation[index], target, null));
  }

  // The placed pieces a player may pick up, take off or clear (all but the fixed ones).
  function movable() {
    return Array.from(state.placed.keys()).filter(function (index) {
      return !fixedPieces.has(index);
    });
  }

  function pickUp(pieceIndex) {
    var placement = state.placed.get(pieceIndex);
    if (!placement) return;
    if (fixedPieces.has(pieceIndex)) {
      say(t("fixedPiece", { piece: data.pieces[pieceIndex].name }));
      return;
    }
    state.orientation[pieceIndex] = placement.orientation;
    state.selected = pieceIndex;
    commit(
      withPlaced(function (placed) {
        placed.delete(pieceIndex);
      }),
      t("pickedUp", { piece: data.pieces[pieceIndex].name })
    );
  }

  function takeOff(list) {
    list = list.filter(function (name) {
      return !fixedPieces.has(pieceByName.get(name));
    });
    if (!list.length) return;
    commit(
      withPlaced(function (placed) {
        list.forEach(function (name) {
          placed.delete(pieceByName.get(name));
        });
      }),
      t("tookOff", { pieces: names(list) })
    );
  }

  function undo() {
    if (!state.history.length) return;
    state.placed = new Map(state.history.pop());
    forgetTrace();
    state.hint = null;
    showHint();
    state.moves += 1;
    main.dataset.moves = String(state.moves);
    say(t("undone"), true);
    render();
    analyse(false);
  }

  function select(pieceIndex) {
    if (state.placed.has(pieceIndex)) {
      pickUp(pieceIndex);
      return;
    }
    state.selected = state.selected === pieceIndex ? null : pieceIndex;
    forgetTrace();
    say(state.selected == null ? "" : t("selected", { piece: data.pieces[pieceIndex].name }));
    render();
  }

  function turn(table, steps) {
    if (state.selected == null) {
      say(t("turnFirst"));
      return;
    }
    var orientations = data.pieces[state.selected].orientations;
    var current = state.orientation[state.selected];
    if (steps < 0) {
      // one step back: the orientation that the forward step takes to the current one
      current = orientations.findIndex(function (o) {
        return o[table] === current;
      });
    } else {
      current = orientations[current][table];
    }
    state.orientation[state.selected] = current;
    render();
    if (document.activeElement === board) announceCursor();
  }

  // ------------------------------------------------------------------ hints

  function showHint() {
    var hint = state.hint;
    ui.hintActions.hidden = !hint || (!hint.placements.length && !hint.take_off.length);
    main.dataset.hint = hint ? String(hint.stage) : "";
    if (!hint) ui.hintText.textContent = "";
    else {
      ui.hintText.textContent = hint.caption;
      say(""); // the newest words only: they share the room under the board
    }
    drawHint();
    drawPieces();
  }

  function requestHint(stage) {
    var pending = state.analysing || Promise.resolve();
    ui.hintText.textContent = t("lookingForHint");
    pending.then(function () {
      var move = state.moves;
      var a = state.analysis;
      if (!a || !state.code) {
        ui.hintText.textContent = t("notChecked");
        return;
      }
      if (!a.legal) {
        ui.hintText.textContent = t("hintIllegal", { problems: a.problems.join("; ") });
        return;
      }
      if (a.solved) {
        ui.hintText.textContent = t("hintSolved");
        return;
      }
      if (noFaceUp(a)) {
        ui.hintText.textContent = t("noFaceUpHint");
        return;
      }
      var url = data.api.positions + encodeURIComponent(state.code) + "/hints/" + stage + data.api.query;
      fetchJson(url).then(
        function (answer) {
          if (move !== state.moves) return;
          if (!answer.response.ok) {
            ui.hintText.textContent = errorText(answer.payload, answer.response);
            return;
          }
          state.hint = answer.payload;
          if (inTelegram) recordOnServer("hints/" + stage);
          else if (play) play.hint(Number(stage));
          showHint();
        },
        function () {
          ui.hintText.textContent = t("hintUnreachable");
        }
      );
    });
  }

  function acceptHint() {
    var hint = state.hint;
    if (!hint) return;
    var placed = placementsFrom(hint.given.concat(hint.placements));
    if (state.selected != null && placed.has(state.selected)) state.selected = null;
    var added = hint.placements.map(function (p) {
      return p.piece;
    });
    var message = added.length
      ? t("placedPieces", { pieces: names(added) })
      : t("tookOff", { pieces: names(hint.take_off) });
    commit(placed, message);
  }

  // ------------------------------------------------------------------ tracing: a piece placed by its cells

  // A piece is placed by tracing the cells it covers: a stroke over them (finger or mouse), or taps
  // on them one after another. The traced cells are recognised as one of the pieces that may go
  // there (the unplaced ones, and the ones the trace runs over, which it replaces) in one of its
  // orientations; in face-up mode only the orientations a rotation reaches from the drawn side.

  var TRACE_SHRINK = 0.8; // a stroke marks a cell once it is this far inside (so grazing a corner does not)

  var allowedOrientations = data.pieces.map(function (piece) {
    if (!data.faceup) {
      return piece.orientations.map(function (o, i) {
        return i;
      });
    }
    var turns = [0];
    for (var i = piece.orientations[0].rotate; turns.indexOf(i) < 0; i = piece.orientations[i].rotate) turns.push(i);
    return turns;
  });

  // The allowed orientation of the piece whose cells, moved by a lattice translation, are exactly
  // these (sorted) cells, or -1.
  function orientationMatching(pieceIndex, sorted) {
    var orientations = data.pieces[pieceIndex].orientations;
    var allowed = allowedOrientations[pieceIndex];
    for (var k = 0; k < allowed.length; k++) {
      var shape = orientations[allowed[k]].cells;
      if (shape.length !== sorted.length) continue;
      var dr = sorted[0][0] - shape[0][0], dc = sorted[0][1] - shape[0][1];
      if (!isTranslation(dr, dc)) continue;
      var same = shape.every(function (c, j) {
        return c[0] + dr === sorted[j][0] && c[1] + dc === sorted[j][1];
      });
      if (same) return allowed[k];
    }
    return -1;
  }

  // Whether the piece, larger than these cells, can cover all of them and lie on the board: the
  // traced cells may still grow into it.
  function mayGrowInto(pieceIndex, sorted) {
    var orientations = data.pieces[pieceIndex].orientations;
    return allowedOrientations[pieceIndex].some(function (o) {
      var shape = orientations[o].cells;
      if (shape.length <= sorted.length) return false;
      return shape.some(function (cell) {
        var dr = sorted[0][0] - cell[0], dc = sorted[0][1] - cell[1];
        if (!isTranslation(dr, dc)) return false;
        var moved = shape.map(function (c) {
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
  function recognise(keys) {
    var sorted = sortedCells(keys.map(parseKey));
    var owner = occupancy(null);
    var covers = [];
    sorted.forEach(function (cell) {
      var index = owner.get(key(cell));
      if (index != null && covers.indexOf(index) < 0) covers.push(index);
    });
    var result = { cells: sorted, match: null, grows: false, covers: covers, elsewhere: [] };
    result.fixed = covers.filter(function (index) {
      return fixedPieces.has(index);
    });
    // A piece traced again where it lies moves (or stays); then the unplaced ones, in tray order
    // (of twin pieces the first unplaced one).
    var candidates = covers.filter(function (index) {
      return !fixedPieces.has(index);
    });
    data.pieces.forEach(function (piece, index) {
      if (!state.placed.has(index)) candidates.push(index);
    });
    candidates.forEach(function (index) {
      if (!result.match) {
        var orientation = orientationMatching(index, sorted);
        if (orientation >= 0) result.match = { piece: index, orientation: orientation };
      }
      if (!result.grows && mayGrowInto(index, sorted)) result.grows = true;
    });
    if (!result.match) {
      state.placed.forEach(function (placement, index) {
        if (covers.indexOf(index) < 0 && orientationMatching(index, sorted) >= 0) {
          result.elsewhere.push(data.pieces[index].name);
        }
      });
    }
    return result;
  }

  function forgetTrace() {
    state.trace = [];
    state.traceRejected = false;
    state.traceMatch = null;
    ui.traceRow.hidden = true;
    main.dataset.traced = "0";
  }

  // The traced cells, highlighted: in the colour of the piece they already are, if any; marked
  // as refused when they are no piece that may go there.
  function drawTrace() {
    empty(layers.trace);
    var keys = state.trace;
    main.dataset.traced = String(keys.length);
    if (!keys.length) return;
    var found = state.traceRejected ? null : recognise(keys).match;
    var group = svg("g", { class: "traced" + (state.traceRejected ? " refused" : found ? " matched" : "") });
    if (found) {
      group.setAttribute("data-piece", data.pieces[found.piece].name);
      group.style.setProperty("--trace-fill", fillOf(found.piece));
    }
    var polygons = [];
    keys.forEach(function (cellKey) {
      var known = cellByKey.get(cellKey);
      polygons.push(known.points);
      group.appendChild(svg("polygon", { class: "trace-cell", points: pointsText(known.points), "data-cell": cellKey }));
    });
    group.appendChild(svg("path", { class: "outline", d: outline(polygons) }));
    layers.trace.appendChild(group);
  }

  function placeTraced(found) {
    var piece = found.match.piece;
    var name = data.pieces[piece].name;
    var replaced = found.covers.filter(function (index) {
      return index !== piece;
    });
    state.orientation[piece] = found.match.orientation;
    if (state.selected === piece) state.selected = null;
    var message = replaced.length
      ? t("placedInstead", {
          piece: name,
          pieces: names(
            replaced.map(function (index) {
              return data.pieces[index].name;
            })
          ),
        })
      : t("placedPieces", { pieces: name });
    commit(
      withPlaced(function (placed) {
        found.covers.forEach(function (index) {
          placed.delete(index);
        });
        placed.set(piece, { orientation: found.match.orientation, cells: found.cells });
      }),
      message
    );
  }

  // Look at the traced cells after a stroke (`stroke`) or a tap: place the piece they are, or say
  // what they are not, keeping them highlighted to be corrected. Tapped cells that are a piece but
  // may still grow into a larger one wait for another tap, or for the button that places them.
  function judgeTrace(stroke) {
    state.traceRejected = false;
    state.traceMatch = null;
    ui.traceRow.hidden = true;
    var count = state.trace.length;
    if (!count) {
      say("");
      drawTrace();
      return;
    }
    var found = recognise(state.trace);
    if (found.fixed.length) {
      state.traceRejected = true;
      say(t("fixedPiece", { piece: names(found.fixed.map(function (index) { return data.pieces[index].name; })) }));
    } else if (found.match && (stroke || !found.grows)) {
      placeTraced(found);
      return;
    } else if (found.match) {
      state.traceMatch = found;
      var name = data.pieces[found.match.piece].name;
      say(t("traceMaybe", { piece: name }));
      ui.tracePlace.textContent = t("tracePlace", { piece: name });
      ui.traceRow.hidden = false;
    } else if (found.grows) {
      say(tn("traceMarked", count));
    } else {
      state.traceRejected = true;
      say(found.elsewhere.length ? t("traceOnBoard", { pieces: names(found.elsewhere) }) : t("traceNoPiece"));
    }
    drawTrace();
  }

  function toggleTraced(cellKey) {
    var at = state.trace.indexOf(cellKey);
    if (at >= 0) state.trace.splice(at, 1);
    else state.trace.push(cellKey);
  }

  ui.tracePlace.addEventListener("click", function () {
    var found = state.traceMatch;
    if (found && recognise(state.trace).match) placeTraced(found);
  });

  // ------------------------------------------------------------------ where a pointer is on the board

  var SIDE = (function () {
    var p = data.cells[0].points;
    return Math.hypot(p[1][0] - p[0][0], p[1][1] - p[0][1]);
  })();

  // A point of the screen in board units (those of the cells' polygons), through any turn.
  function boardPoint(x, y) {
    var matrix = frame.getScreenCTM();
    if (!matrix) return null;
    var p = new DOMPoint(x, y).matrixTransform(matrix.inverse());
    return [p.x, p.y];
  }

  function inside(point, polygon) {
    var hit = false;
    for (var i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      var a = polygon[i], b = polygon[j];
      if (a[1] > point[1] !== b[1] > point[1] && point[0] < ((b[0] - a[0]) * (point[1] - a[1])) / (b[1] - a[1]) + a[0]) {
        hit = !hit;
      }
    }
    return hit;
  }

  // The cell holding a point (board units), or null; with `shrink`, only if the point is that far
  // inside it (the cell drawn smaller about its centre). On both lattices the cell holding a point
  // is the one whose centre is nearest.
  function cellAtPoint(point, shrink) {
    var best = null, distance = Infinity;
    data.cells.forEach(function (cell) {
      var d = Math.hypot(point[0] - cell.centre[0], point[1] - cell.centre[1]);
      if (d < distance) {
        distance = d;
        best = cell;
      }
    });
    if (!best) return null;
    var s = shrink || 1;
    var moved = [best.centre[0] + (point[0] - best.centre[0]) / s, best.centre[1] + (point[1] - best.centre[1]) / s];
    return inside(moved, best.points) ? key(best.cell) : null;
  }

  // The cells a stroke marks between two points (board units): a point every eighth of a side.
  function cellsAlong(from, to) {
    var steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1]) / (SIDE / 8)));
    var found = [];
    for (var i = 1; i <= steps; i++) {
      var point = [from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps];
      var cellKey = cellAtPoint(point, TRACE_SHRINK);
      if (cellKey && found.indexOf(cellKey) < 0) found.push(cellKey);
    }
    return found;
  }

  // A stroke goes on: the cells it passes are marked. Its first move onto another cell makes it a
  // stroke (not a tap); it starts the trace over, unless it began on a cell of a trace that is
  // not finished yet (no piece so far, but the start of one), which it goes on with.
  function traceMove(g, event) {
    var point = boardPoint(event.clientX, event.clientY);
    if (!point) return;
    var passed = cellsAlong(g.last, point);
    g.last = point;
    passed.forEach(function (cellKey) {
      if (cellKey === g.start) return;
      if (!g.stroke) {
        g.stroke = true;
        if (!g.goesOn) state.trace = [g.start];
      }
      if (state.trace.indexOf(cellKey) < 0) state.trace.push(cellKey);
    });
    if (g.stroke) {
      state.traceRejected = false;
      drawTrace();
    }
  }

  // The end of a stroke, or a tap: a tap on an unmarked cell marks it (it is shown marked from the
  // press on), on a marked one unmarks it.
  function traceEnd(g, cancelled) {
    if (!g.stroke) {
      if (g.wasMarked && !cancelled) toggleTraced(g.start);
      if (!g.wasMarked && cancelled) toggleTraced(g.start);
    }
    if (cancelled) {
      drawTrace();
      return;
    }
    judgeTrace(g.stroke);
  }

  function capture(event) {
    try {
      board.setPointerCapture(event.pointerId);
    } catch (e) {
      /* a pointer the browser does not know (a synthetic event): the document still hears it */
    }
  }


  // ------------------------------------------------------------------ pointer: trace, tap and drag

  // On the board a press starts one of three gestures: on a placed piece (no trace under way) it
  // picks that piece up (a tap) or moves it (a drag); with a tray piece selected it shows that
  // piece under the pointer and drops it where the pointer lifts; else it traces.

  function boardCellAt(x, y) {
    var element = document.elementFromPoint(x, y);
    var found = element && element.closest ? element.closest("#board [data-cell]") : null;
    return found ? parseKey(found.getAttribute("data-cell")) : null;
  }

  function startGesture(event, pieceIndex, source, grabIndex) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    state.gesture = {
      kind: "piece",
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      piece: pieceIndex,
      source: source,
      grab: grabIndex,
      dragging: false,
    };
    state.keyboard = false;
  }

  function gestureOrientation(g) {
    return g.source === "board" ? state.placed.get(g.piece).orientation : state.orientation[g.piece];
  }

  function gestureCells(g, target) {
    return target ? cellsAt(g.piece, gestureOrientation(g), target, g.grab) : null;
  }

  function dropPreview(event) {
    var index = state.selected;
    var target = boardCellAt(event.clientX, event.clientY);
    drawPreview(index, target ? cellsAt(index, state.orientation[index], target, null) : null);
  }

  document.addEventListener("pointermove", function (event) {
    var g = state.gesture;
    if (!g || g.id !== event.pointerId) {
      hover(event);
      return;
    }
    if (g.kind === "trace") {
      event.preventDefault();
      traceMove(g, event);
      return;
    }
    if (g.kind === "drop") {
      event.preventDefault();
      if (state.selected != null) dropPreview(event);
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
  });

  function swallowNextClick() {
    state.swallowClick = true;
    window.setTimeout(function () {
      state.swallowClick = false;
    }, 0);
  }

  function endGesture(event, cancelled) {
    var g = state.gesture;
    if (!g || g.id !== event.pointerId) return;
    state.gesture = null;
    document.body.classList.remove("dragging");
    empty(layers.preview);
    if (g.kind === "trace") {
      traceEnd(g, cancelled);
      return;
    }
    if (g.kind === "drop") {
      var spot = cancelled ? null : boardCellAt(event.clientX, event.clientY);
      if (spot && state.selected != null) {
        state.cursor = spot;
        placeSelectedAt(spot);
      }
      return;
    }
    if (!g.dragging) {
      if (g.source === "board" && !cancelled) pickUp(g.piece); // a tap on a placed piece
      return; // a tap on the tray: its click handler selects
    }
    swallowNextClick();
    var target = cancelled ? null : boardCellAt(event.clientX, event.clientY);
    var name = data.pieces[g.piece].name;
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
    var orientation = gestureOrientation(g);
    if (!place(g.piece, orientation, gestureCells(g, target))) drawPieces();
  }

  document.addEventListener("pointerup", function (event) {
    endGesture(event, false);
  });
  document.addEventListener("pointercancel", function (event) {
    endGesture(event, true);
  });
  document.addEventListener(
    "click",
    function (event) {
      if (state.swallowClick) {
        state.swallowClick = false;
        event.stopPropagation();
        event.preventDefault();
      }
    },
    true
  );

  function hover(event) {
    if (event.pointerType !== "mouse" || state.selected == null) return;
    if (!board.contains(event.target)) {
      if (layers.preview.firstChild) empty(layers.preview);
      return;
    }
    dropPreview(event);
  }

  board.addEventListener("pointerdown", function (event) {
    if ((event.pointerType === "mouse" && event.button !== 0) || state.gesture) return;
    var point = boardPoint(event.clientX, event.clientY);
    var cellKey = point && cellAtPoint(point, 1);
    if (!cellKey) return;
    state.keyboard = false;
    var owner = occupancy(null).get(cellKey);
    if (owner != null && !state.trace.length) {
      if (fixedPieces.has(owner)) {
        pickUp(owner); // it stays where it is, and says so
        return;
      }
      var grab = state.placed.get(owner).cells.findIndex(function (c) {
        return key(c) === cellKey;
      });
      startGesture(event, owner, "board", grab >= 0 ? grab : null);
      return;
    }
    capture(event);
    if (state.selected != null) {
      state.gesture = { kind: "drop", id: event.pointerId };
      dropPreview(event); // on touch too: the piece shows under the finger before it drops
      return;
    }
    var marked = state.trace.indexOf(cellKey) >= 0;
    state.gesture = {
      kind: "trace",
      id: event.pointerId,
      start: cellKey,
      wasMarked: marked,
      goesOn: marked && !state.traceRejected,
      stroke: false,
      last: point,
    };
    if (!marked) {
      state.trace.push(cellKey); // shown marked while pressed
      state.traceRejected = false;
    }
    drawTrace();
  });

  ui.tray.forEach(function (button) {
    var index = pieceByName.get(button.dataset.piece);
    button.addEventListener("pointerdown", function (event) {
      if (state.placed.has(index)) return;
      var polygon = event.target.closest("polygon[data-i]");
      startGesture(event, index, "tray", polygon ? Number(polygon.getAttribute("data-i")) : null);
    });
    button.addEventListener("click", function () {
      select(index);
    });
  });

  // ------------------------------------------------------------------ what the cursor is on, in words

  // Each move of the board's cursor is one sentence in one live region (#cursor-says): the cell,
  // what covers it, and whether the selected piece fits there.
  var cursorSays = document.getElementById("cursor-says");
  var openCells = new Set(data.uncovered.map(key));

  function cellName(cell) {
    var known = cellByKey.get(key(cell));
    var values = { row: cell[0] + 1, column: cell[1] + 1, label: known && known.name };
    return t(known && known.name ? "cellLabelled" : "cellAt", values);
  }

  // Why the piece cannot go where Enter would put it with the cursor on `cell`, or "" if it can.
  function misfitAt(pieceIndex, cell) {
    var cells = cellsAt(pieceIndex, state.orientation[pieceIndex], cell, null);
    var why = misfit(pieceIndex, cells);
    if (!why && cells.some(function (c) { return openCells.has(key(c)); })) why = t("misfitOpen");
    return why;
  }

  function cursorText() {
    var cell = state.cursor;
    var owner = occupancy(null).get(key(cell));
    var cover = t(openCells.has(key(cell)) ? "coverOpen" : "coverEmpty");
    if (owner != null) cover = t("coveredBy", { piece: data.pieces[owner].name });
    var fit = t("noneSelected");
    if (state.selected != null) {
      var name = data.pieces[state.selected].name;
      var why = misfitAt(state.selected, cell);
      fit = why ? t("fitsNot", { piece: name, why: why }) : t("fits", { piece: name });
    }
    return t("cursorSays", { cell: cellName(cell), cover: cover, fit: fit });
  }

  function announceCursor() {
    if (state.cursor && cursorSays) cursorSays.textContent = cursorText();
  }

  // ------------------------------------------------------------------ keyboard

  // The number keys pick the tray's first to ninth piece (a placed one is picked up, as its tray
  // button does); [ and ] the previous or next piece not on the board.
  function pickByKey(index) {
    if (state.placed.has(index)) {
      select(index);
      return;
    }
    state.selected = index;
    forgetTrace();
    say("");
    render();
    announceCursor();
  }

  function nextUnplaced(step) {
    var from = state.selected == null ? (step > 0 ? -1 : pieceCount) : state.selected;
    for (var i = 1; i <= pieceCount; i++) {
      var index = (((from + step * i) % pieceCount) + pieceCount) % pieceCount;
      if (!state.placed.has(index)) return index;
    }
    return null;
  }

  function moveCursor(dr, dc) {
    if (!state.cursor) {
      state.cursor = data.cells[0].cell.slice();
      return;
    }
    for (var step = 1; step < 64; step++) {
      var next = [state.cursor[0] + dr * step, state.cursor[1] + dc * step];
      if (cellByKey.has(key(next))) {
        state.cursor = next;
        return;
      }
    }
  }

  var ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  // On a board turned a quarter clockwise: screen up is a column back, screen right a row back.
  var TURNED_ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [1, 0], ArrowRight: [-1, 0] };

  board.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var arrow = (state.turned ? TURNED_ARROWS : ARROWS)[event.key];
    if (arrow) {
      event.preventDefault();
      state.keyboard = true;
      moveCursor(arrow[0], arrow[1]);
      empty(layers.preview);
      drawCursor();
      announceCursor();
      return;
    }
    if (event.key === "Home") {
      event.preventDefault();
      state.keyboard = true;
      state.cursor = data.cells[0].cell.slice();
      empty(layers.preview);
      drawCursor();
      announceCursor();
      return;
    }
    var digit = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : null;
    var next = event.key === "]" ? nextUnplaced(1) : event.key === "[" ? nextUnplaced(-1) : null;
    if (digit != null || event.key === "]" || event.key === "[") {
      event.preventDefault();
      state.keyboard = true;
      if (digit != null && digit < pieceCount) pickByKey(digit);
      else if (next != null) pickByKey(next);
      return;
    }
    if (!state.cursor) return;
    var owner = occupancy(null).get(key(state.cursor));
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      state.keyboard = true;
      if (state.selected != null) placeSelectedAt(state.cursor);
      else if (owner != null && !state.trace.length) pickUp(owner);
      else {
        toggleTraced(key(state.cursor)); // nothing selected: mark the cell, as a tap does
        judgeTrace(false);
      }
    } else if ((event.key === "Delete" || event.key === "Backspace") && owner != null) {
      event.preventDefault();
      takeOff([data.pieces[owner].name]);
    }
  });

  board.addEventListener("focus", function () {
    if (!state.cursor) state.cursor = data.cells[0].cell.slice();
    drawCursor();
    // a press of the pointer focuses the board too: only the keyboard's focus speaks the cell
    if (!board.matches || board.matches(":focus-visible")) announceCursor();
  });
  // The skip link to the board: it focuses the board and shows its cursor.
  var skip = document.querySelector('.skip[href="#board"]');
  if (skip) {
    skip.addEventListener("click", function (event) {
      event.preventDefault();
      state.keyboard = true;
      board.focus();
    });
  }
  board.addEventListener("blur", function () {
    empty(layers.preview);
    drawCursor();
  });
  board.addEventListener("pointerleave", function () {
    if (!state.gesture) empty(layers.preview);
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "z") {
      event.preventDefault();
      undo();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var letter = event.key.toLowerCase();
    if (letter === "r") turn("rotate", event.shiftKey ? -1 : 1);
    else if (letter === "f" && !data.faceup) turn("flip", 1);
    else if (event.key === "Escape") {
      state.selected = null;
      forgetTrace();
      state.hint = null;
      showHint();
      say("");
      render();
    }
  });

  // ------------------------------------------------------------------ buttons

  ui.rotate.addEventListener("click", function () {
    turn("rotate", 1);
  });
  // Face-up mode: pieces keep their engraved side up, so there is nothing to flip.
  ui.flip.hidden = Boolean(data.faceup);
  ui.flip.addEventListener("click", function () {
    if (!data.faceup) turn("flip", 1);
  });
  ui.undo.addEventListener("click", undo);
  ui.clear.addEventListener("click", function () {
    if (!movable().length) return;
    commit(
      withPlaced(function (placed) {
        movable().forEach(function (index) {
          placed.delete(index);
        });
      }),
      t("cleared")
    );
  });
  ui.takeOff.addEventListener("click", function () {
    if (state.analysis && state.analysis.dead_end) takeOff(state.analysis.take_off);
  });
  ui.hintButtons.forEach(function (button) {
    button.addEventListener("click", function () {
      requestHint(Number(button.dataset.stage));
    });
  });
  ui.accept.addEventListener("click", acceptHint);
  ui.dismiss.addEventListener("click", function () {
    state.hint = null;
    showHint();
  });

  // ------------------------------------------------------------------ Telegram Mini App

  var webApp = window.Telegram && window.Telegram.WebApp;
  var inTelegram = !!(webApp && webApp.initData);

  function call(method) {
    if (webApp && typeof webApp[method] === "function") {
      try {
        webApp[method]();
      } catch (e) {
        /* the page works without the client */
      }
    }
  }

  var THEME = {
    bg_color: "--paper",
    secondary_bg_color: "--card",
    text_color: "--ink",
    hint_color: "--muted",
    link_color: "--link",
    button_color: "--accent",
    button_text_color: "--on-accent",
  };

  function applyTheme() {
    var theme = (webApp && webApp.themeParams) || {};
    var root = document.documentElement;
    Object.keys(THEME).forEach(function (name) {
      if (/^#[0-9a-f]{3,8}$/i.test(theme[name] || "")) root.style.setProperty(THEME[name], theme[name]);
    });
    if (webApp.colorScheme) root.dataset.scheme = webApp.colorScheme;
    render();
  }

  function telegramHeaders(extra) {
    var headers = { Authorization: "tma " + webApp.initData };
    Object.keys(extra || {}).forEach(function (name) {
      headers[name] = extra[name];
    });
    return headers;
  }

  function note(text) {
    ui.saveNote.hidden = !text;
    ui.saveNote.textContent = text || "";
  }

  function signInProblem(response, payload) {
    var code = payload && payload.error && payload.error.code;
    if (response.status === 401) return t(code === "session_expired" ? "sessionExpired" : "notSignedIn");
    return t("saveFailedStatus", { status: response.status });
  }

  function saveToTelegram(code) {
    if (!inTelegram || !code) return;
    fetch(data.api.saved, {
      method: "PUT",
      headers: telegramHeaders({ "Content-Type": "application/json" }),
      body: JSON.stringify({ code: code }),
    }).then(
      function (response) {
        if (response.ok) {
          note(t("saved"));
          return;
        }
        response.json().then(
          function (payload) {
            note(signInProblem(response, payload));
          },
          function () {
            note(signInProblem(response, null));
          }
        );
      },
      function () {
        note(t("saveFailed"));
      }
    );
  }

  // The board saved in Telegram, when the link names none: reload the page with its code.
  function restoreFromTelegram() {
    return fetchJson(data.api.saved, { headers: telegramHeaders() }).then(
      function (answer) {
        var saved = answer.payload && answer.payload.code;
        if (answer.response.ok && saved && saved !== state.code) {
          window.location.replace(pageUrl(saved).href);
          return true;
        }
        if (answer.response.status === 401) note(signInProblem(answer.response, answer.payload));
        return false;
      },
      function () {
        return false;
      }
    );
  }

  // ------------------------------------------------------------------ the solve (game.js)

  // This board today, remembered in the browser (none when storage is refused, and none in the
  // Mini App, whose player's day the server keeps).
  var play = (function () {
    if (!window.PuzzleGame || inTelegram) return null;
    try {
      return new window.PuzzleGame.Play(window.localStorage, data.puzzle, data.target, new Date());
    } catch (e) {
      return null;
    }
  })();

  // In the Mini App the player's day is kept on the server, by the same rules (/api/v1/me/days).
  function recordOnServer(path) {
    return fetchJson(data.api.days + path + data.api.query, { method: "POST", headers: telegramHeaders() });
  }

  // The solved panel; a solve made here is recorded (on the server in the Mini App, for one of the
  // day's puzzles; else in this browser), a page opened already solved only shows the solve
  // recorded before in this browser (after a reload), if any.
  function celebrate(initial) {
    if (!ui.solvedPanel || !ui.solvedPanel.hidden) return;
    if (inTelegram && !initial) {
      recordOnServer("solved").then(
        function (answer) {
          var p = answer.payload;
          if (answer.response.ok && p) {
            showSolved({ hints: p.hints, seconds: p.seconds, daily: true, streak: p.streak }, p.share_text);
          } else {
            celebrateHere(false);
          }
        },
        function () {
          celebrateHere(false);
        }
      );
      return;
    }
    celebrateHere(initial);
  }

  function celebrateHere(initial) {
    if (!play) return;
    if (initial && !play.record().solved) return;
    var solved = play.solve(new Date());
    var stars = document.getElementById("main").dataset.stars;
    showSolved(solved, window.PuzzleGame.shareText(solved, data.title, strings, fill, stars));
  }

  function showSolved(solved, shareText) {
    var parts = [
      solved.hints ? t("solvedHints", { marks: window.PuzzleGame.hintMarks(solved.hints) }) : t("solvedNoHints"),
    ];
    if (solved.seconds != null) parts.push(t("solvedTime", { minutes: Math.max(1, Math.round(solved.seconds / 60)) }));
    if (solved.daily) parts.push(tn("solvedStreak", solved.streak));
    else parts.push(t("solvedPastDay"));
    ui.solvedSummary.textContent = parts.join(" · ");
    ui.shareText.textContent = shareText;
    ui.solvedPanel.hidden = false;
    showTomorrow();
  }

  function showTomorrow() {
    var now = new Date();
    var midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    var minutes = Math.max(0, Math.round((midnight - now) / 60000));
    ui.tomorrow.textContent = t("tomorrow", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  }

  function share() {
    var text = ui.shareText.textContent;
    var done = function (key) {
      ui.shareDone.textContent = key ? t(key) : "";
    };
    if (navigator.share) {
      navigator.share({ text: text }).then(
        function () {
          done(null);
        },
        function () {
          done(null); // cancelled: nothing to say
        }
      );
    } else if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(
        function () {
          done("shareCopied");
        },
        function () {
          done("shareFailed");
        }
      );
    } else {
      done("shareFailed");
    }
  }

  if (ui.shareButton) ui.shareButton.addEventListener("click", share);
  if (play) play.open(new Date());

  // ------------------------------------------------------------------ start

  state.placed = placementsFrom(data.placements);
  ui.tray.forEach(function (button) {
    button.disabled = false; // disabled in the page as served: without the script they do nothing
  });
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", render);
  layoutBoard();
  forgetTrace();
  render();
  var linked = new URL(window.location.href).searchParams.has("p");
  if (inTelegram) {
    document.documentElement.classList.add("in-telegram");
    applyTheme();
    if (typeof webApp.onEvent === "function") webApp.onEvent("themeChanged", applyTheme);
    call("ready");
    call("expand");
  }
  if (inTelegram && !linked) {
    restoreFromTelegram().then(function (leaving) {
      if (!leaving) analyse(true);
    });
  } else {
    analyse(true);
  }
})();
