// Checking the board after every move (in the page on the calendars, else by the position API),
// shown as the count, the verdict, the take-off button, and then the page's address and links.

import { data, main, ui } from "./page.js";
import { countText, names, noFaceUp, t, verdict } from "./words.js";
import { moveCount, placements } from "./moves.js";
import { drawPieces } from "./draw.js";
import { moveNotChecked, moveSaid } from "./speech.js";
import { errorText, fetchJson, pageUrl } from "./api.js";
import { saveToTelegram } from "./miniapp.js";
import { celebrate } from "./solved.js";
import { localAnalyser, localPlaces } from "./local.js";
import { drawPlaces } from "./places.js";

// The calendars' moves are analysed here, from every solution of the target (local.js), once they
// have come; till then, and for what only the server can say, the position API answers.
let analyseHere = null;
let placesHere = null; // which places of a piece keep the board solvable (local.js), on the calendars
let latest = null; // the newest analysis shown
let pending = null; // the promise of the newest analysis
let code = data.code; // the position's code, as the newest analysis gave it

// The newest analysis shown (null before the first).
export function latestAnalysis() {
  return latest;
}

// A promise of the newest analysis, settled once it is shown (or has failed).
export function analysed() {
  return pending || Promise.resolve();
}

// Of `candidates` (placements of the piece, cells each), those that keep the board solvable with
// the pieces placed (a Map without the piece); null when the page cannot tell (no solutions here).
export function solvablePlaces(pieceIndex, placedPieces, candidates) {
  return placesHere ? placesHere(pieceIndex, placedPieces, candidates) : null;
}

// The code of the board as last checked (the page's own code until then).
export function positionCode() {
  return code;
}

export function loadSolutions() {
  if (!data.api.digits) return;
  fetchJson(data.api.digits).then(
    function (answer) {
      if (!answer.response.ok || !answer.payload) return;
      analyseHere = localAnalyser(data, answer.payload);
      placesHere = localPlaces(data, answer.payload);
      drawPlaces(); // the places shown, if any, now keep the board solvable
      main.dataset.offline = "ready"; // moves are checked here from now on, with or without a network
    },
    function () {} // the server answers every move instead
  );
}

// `initial`: the page's own position, read by its code (a solved link is no solve of yours).
function showAnalysis(a, initial) {
  const marked = takeOffMarks(latest);
  latest = a;
  if (a.code) code = a.code;
  ui.remaining.textContent = String(a.distinct_remaining);
  ui.countText.textContent = countText(a);
  const v = verdict(a);
  ui.verdict.dataset.state = v[0];
  ui.verdict.textContent = v[1];
  main.classList.toggle("solved", !!a.solved);
  if (a.solved) celebrate(initial);
  const deadEnd = a.dead_end && a.take_off.length > 0;
  ui.takeOffRow.hidden = !deadEnd;
  if (deadEnd) ui.takeOff.textContent = t("takeOffButton", { pieces: names(a.take_off) });
  ui.hintButtons.forEach(function (button) {
    button.disabled = !a.legal || a.solved || (a.total === 0 && !noFaceUp(a));
  });
  const usual = document.getElementById("usual-row");
  if (usual) usual.hidden = !noFaceUp(a);
  if (takeOffMarks(a) !== marked) drawPieces(); // the pieces to take off are striped
  if (!initial) moveSaid(a);
}

// The page's address, the share link and every link that carries the position follow it.
function followPosition() {
  const usual = document.getElementById("usual-link");
  if (usual) {
    const there = new URL(usual.href, window.location.href);
    if (code) there.searchParams.set("p", code);
    usual.href = there.pathname + there.search;
  }
  if (!code) return;
  const url = pageUrl(code);
  history.replaceState(history.state, "", url);
  url.hash = "";
  ui.share.href = url.pathname + url.search;
  ui.share.textContent = url.href;
  if (ui.telegramLink && data.telegram) ui.telegramLink.href = data.telegram + code;
  keepInLanguageLinks(code);
}

// After the next frame is painted: what the player does not see at once waits for the move's
// words to be shown (a phone's history.replaceState alone costs milliseconds).
function afterPaint(then) {
  if (!window.requestAnimationFrame) return Promise.resolve().then(then);
  return new Promise(function (resolve) {
    let started = false;
    function start() {
      if (started) return;
      started = true;
      setTimeout(resolve, 0);
    }
    window.requestAnimationFrame(start);
    setTimeout(start, 100); // a hidden page paints no frame
  }).then(then);
}

function takeOffMarks(a) {
  return a && a.dead_end ? a.take_off.join(",") : "";
}

// The language switch keeps the board: its links carry the newest position (and Telegram's
// launch parameters, which live in the fragment).
function keepInLanguageLinks(position) {
  document.querySelectorAll("nav.languages a[href]").forEach(function (link) {
    const url = new URL(link.href, window.location.href);
    url.searchParams.set("p", position);
    link.href = url.pathname + url.search + window.location.hash;
  });
}

function showFailure(text) {
  ui.remaining.textContent = "?";
  ui.countText.textContent = t("unknownCount");
  ui.verdict.dataset.state = "error";
  ui.verdict.textContent = text;
  moveNotChecked(text);
}

// Check the board: here when the page can, else the newest request wins; `initial` reads the
// position by its code.
export function analyse(initial) {
  const move = moveCount();
  const placed = placements();
  const here = !initial && analyseHere ? analyseHere(placed) : null;
  if (here) {
    showAnalysis(here, false);
    pending = afterPaint(function () {
      if (move !== moveCount()) return;
      followPosition();
      saveToTelegram(here.code);
      main.dataset.analysed = String(move);
    });
    return pending;
  }
  let request;
  if (initial) {
    request = fetchJson(data.api.positions + encodeURIComponent(code) + data.api.query);
  } else {
    const body = {
      placements: Array.from(placed.entries()).map(function (entry) {
        return { piece: data.pieces[entry[0]].name, cells: entry[1].cells };
      }),
    };
    request = fetchJson(data.api.position + data.api.query, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }
  const done = request.then(
    function (answer) {
      if (move !== moveCount()) return;
      if (answer.response.ok) {
        showAnalysis(answer.payload, initial);
        followPosition();
        if (!initial) saveToTelegram(answer.payload.code);
      } else {
        showFailure(errorText(answer.payload, answer.response));
      }
    },
    function () {
      if (move === moveCount()) showFailure(t("unreachable"));
    }
  ).then(function () {
    if (move === moveCount()) main.dataset.analysed = String(move);
  });
  pending = done;
  return done;
}
