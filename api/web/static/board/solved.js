// The solve: the solved panel and the player's day, both the server's (/api/v1/me/days, by the
// service's rules: hints.game). The page decides no streak: it reports the board opened, the hints
// seen and the solve, and shows what the server answers. A player is the Telegram user in the
// Mini App, else the web visitor of the cookie the server set. A solve the server could not be
// reached for is kept in this browser and sent when the browser is online again.

import { data, ui } from "./page.js";
import { t, tn } from "./words.js";
import { positionCode } from "./analysis.js";
import { fetchJson } from "./api.js";
import { inTelegram, playerHeaders, recordOnServer, solveNotRecorded } from "./miniapp.js";

const MARKS = ["■", "□"];
const QUEUE = "puzzle-hints:unsent-solves:v1";

// Whether this board is one of the player's puzzles today (the server says, when it is opened):
// a free board has no streak, no record and no "tomorrow's puzzle".
let daily = true;

export function openPlay() {
  sendQueued();
  window.addEventListener("online", sendQueued);
  recordOnServer("opened").then(
    function (answer) {
      if (answer.response.status === 409) daily = false;
      else if (answer.response.ok) showRecord();
    },
    function () {
      /* offline: the solve will say */
    }
  );
}

export function hintSeen(stage) {
  if (daily) recordOnServer("hints/" + stage).catch(function () {});
}

// The solved panel. A solve made here is reported with the solved board's code (which the server
// checks); a page opened already solved shows nothing new.
export function celebrate(initial) {
  if (!ui.solvedPanel || !ui.solvedPanel.hidden || initial) return;
  const code = positionCode();
  if (!daily) {
    showSolved(null, data.title);
    return;
  }
  recordOnServer("solved", { code: code }).then(
    function (answer) {
      const p = answer.payload;
      if (answer.response.ok && p) {
        showSolved(p, p.share_text);
        showRecord();
      } else if (answer.response.status === 409 && p && p.error && p.error.code === "not_todays_puzzle") {
        daily = false; // the day turned while the board was open
        showSolved(null, data.title);
      } else {
        solveNotRecorded(code, answer);
      }
    },
    function () {
      if (!inTelegram) queue(code);
      solveNotRecorded(code, null);
    }
  );
}

function hintMarks(hints) {
  const used = Math.max(0, Math.min(3, hints));
  return MARKS[0].repeat(used) + MARKS[1].repeat(3 - used);
}

// `solved`: the server's answer (null on a free board: no hints, time or streak to tell).
function showSolved(solved, text) {
  const parts = [];
  if (solved) {
    parts.push(solved.hints ? t("solvedHints", { marks: hintMarks(solved.hints) }) : t("solvedNoHints"));
    if (solved.seconds != null) parts.push(solveTime(solved.seconds));
    parts.push(tn("solvedStreak", solved.streak));
  }
  ui.solvedSummary.textContent = parts.join(" · ");
  ui.shareText.textContent = text;
  ui.solvedPanel.hidden = false;
  ui.tomorrow.textContent = solved ? tomorrow() : "";
  if (solved) challengeOf(solved.date);
}

// How long the solve took: seconds under a minute, else minutes (as the share text: hints.game).
function solveTime(seconds) {
  if (seconds < 60) return t("solvedSeconds", { seconds: Math.max(1, seconds) });
  return t("solvedTime", { minutes: Math.round(seconds / 60) });
}

// The challenge offered next is the one of the day just solved (the player's date, which the
// server's own date need not be).
function challengeOf(day) {
  if (!ui.challengeLink || !/^\d{4}-\d{2}-\d{2}$/.test(day || "")) return;
  const link = new URL(ui.challengeLink.href, window.location.href);
  link.pathname = link.pathname.replace(/[^/]*$/, day);
  ui.challengeLink.href = link.pathname + link.search;
}

function tomorrow() {
  const now = new Date();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const minutes = Math.max(0, Math.round((midnight - now) / 60000));
  return t("tomorrow", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

// The player's record, as the server keeps it: played, solved, current and best streak, hints used;
// shown on a puzzle of the player's day only.
function showRecord() {
  if (!ui.record || !data.api.me || !daily) return;
  fetchJson(data.api.me, { headers: playerHeaders() }).then(
    function (answer) {
      const p = answer.payload;
      const r = p && (data.record === "calendar" ? p.calendar : p.challenge);
      if (!answer.response.ok || !r) return;
      ui.record.textContent = t("record", {
        played: r.played,
        solved: r.solved,
        streak: r.streak,
        best: r.best,
        hints: r.hints,
      });
      ui.record.hidden = false;
    },
    function () {}
  );
}

// Solves not sent (offline): kept in this browser until the server has them.
function queued() {
  try {
    const found = JSON.parse(window.localStorage.getItem(QUEUE) || "[]");
    return Array.isArray(found) ? found : [];
  } catch (e) {
    return [];
  }
}

function keep(list) {
  try {
    window.localStorage.setItem(QUEUE, JSON.stringify(list));
  } catch (e) {
    /* storage refused: the solve is lost, the board still works */
  }
}

function queue(code) {
  const list = queued();
  list.push({ url: data.api.days + "solved" + data.api.query, code: code });
  keep(list);
}

function sendQueued() {
  const list = queued();
  if (!list.length || !navigator.onLine) return;
  keep([]);
  list.forEach(function (item) {
    fetch(item.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: item.code }),
    }).catch(function () {
      const again = queued();
      again.push(item);
      keep(again);
    });
  });
}

// The puzzle's own board, with no position: a link back that shows the reader nothing solved.
function puzzleLink() {
  const path = "/play/" + encodeURIComponent(data.puzzle) + "/" + encodeURIComponent(data.target);
  return new URL(path, window.location.href).href;
}

export function share() {
  const text = ui.shareText.textContent;
  const url = puzzleLink();
  const done = function (key) {
    ui.shareDone.textContent = key ? t(key) : "";
  };
  if (navigator.share) {
    navigator.share({ text: text, url: url }).then(
      function () {
        done(null);
      },
      function () {
        done(null); // cancelled: nothing to say
      }
    );
  } else if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text + "\n" + url).then(
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
