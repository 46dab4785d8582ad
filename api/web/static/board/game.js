// The player's day on the web board without Telegram: kept in this browser (localStorage), by the
// same rules as the bot's (hints.game): the hints used are the most stages asked for that day,
// never lowered; the first solve counts; a streak counts consecutive days whose puzzle was solved
// on that very day (a past date is kept but never extends a streak); the share text names the
// puzzle, the date, the difficulty (★★★☆☆, when the page knows it), the hints (■■□) and the time,
// never a cell or a piece. solved.js uses it; nothing else keeps the player's day in the browser.
const STORE = "puzzle-hints:days:v1";
const MARKS = ["■", "□"];

function readAll(storage) {
  try {
    var found = JSON.parse(storage.getItem(STORE) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch (e) {
    return {}; // unreadable (or storage refused): start afresh rather than fail the board
  }
}

function writeAll(storage, all) {
  try {
    storage.setItem(STORE, JSON.stringify(all));
  } catch (e) {
    /* private mode or full: the board still works, only unremembered */
  }
}

function isoDate(moment) {
  var month = String(moment.getMonth() + 1).padStart(2, "0");
  var day = String(moment.getDate()).padStart(2, "0");
  return moment.getFullYear() + "-" + month + "-" + day;
}

function previousDay(iso) {
  var parts = iso.split("-").map(Number);
  return isoDate(new Date(parts[0], parts[1] - 1, parts[2] - 1));
}

// A calendar target is the day's puzzle when it names today's month and day (and weekday).
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
function todaysTarget(target, moment) {
  var monthDay = isoDate(moment).slice(5);
  return target === monthDay || target === monthDay + "-" + WEEKDAYS[moment.getDay()];
}

export function streakOf(days, today) {
  var solved = {};
  days.forEach(function (d) {
    solved[d] = true;
  });
  var end = solved[today] ? today : previousDay(today);
  var current = 0;
  while (solved[end]) {
    current += 1;
    end = previousDay(end);
  }
  var best = 0;
  var run = 0;
  var previous = null;
  Object.keys(solved)
    .sort()
    .forEach(function (d) {
      run = previous !== null && previousDay(d) === previous ? run + 1 : 1;
      best = Math.max(best, run);
      previous = d;
    });
  return { current: current, best: best };
}

export function hintMarks(hints) {
  var used = Math.max(0, Math.min(3, hints));
  return MARKS[0].repeat(used) + MARKS[1].repeat(3 - used);
}

// One play: this board's puzzle and target on this local date.
export function Play(storage, puzzle, target, now) {
  this.storage = storage;
  this.day = isoDate(now);
  this.daily = todaysTarget(target, now);
  this.key = this.day + "|" + puzzle + "|" + target;
  this.puzzle = puzzle;
}

Play.prototype.record = function () {
  return readAll(this.storage)[this.key] || {};
};

Play.prototype.update = function (change) {
  var all = readAll(this.storage);
  var record = all[this.key] || {};
  change(record);
  all[this.key] = record;
  writeAll(this.storage, all);
  return record;
};

Play.prototype.open = function (now) {
  return this.update(function (r) {
    if (!r.opened) r.opened = now.getTime();
  });
};

Play.prototype.hint = function (stage) {
  return this.update(function (r) {
    r.hints = Math.max(r.hints || 0, stage);
  });
};

// The solve (the first one counts): hints, seconds since first opened, and the streak.
Play.prototype.solve = function (now) {
  var daily = this.daily;
  var record = this.update(function (r) {
    if (r.solved) return;
    r.solved = now.getTime();
    r.seconds = r.opened ? Math.max(0, Math.round((r.solved - r.opened) / 1000)) : null;
    r.onDay = daily;
    r.hints = r.hints || 0;
  });
  var all = readAll(this.storage);
  var days = Object.keys(all)
    .filter(function (key) {
      var r = all[key];
      return r.solved && r.onDay;
    })
    .map(function (key) {
      return key.split("|")[0];
    });
  var streak = streakOf(days, isoDate(now));
  return {
    hints: record.hints,
    seconds: record.seconds,
    daily: record.onDay,
    streak: streak.current,
    best: streak.best,
    day: this.day,
  };
};

// words: the page's strings (share* keys); fill: the page's template filler; stars: the calendar
// target's difficulty (★★★☆☆) as the page has it, or nothing when it is not known.
export function shareText(solved, title, words, fill, stars) {
  var heading = fill(words.shareHeading, { puzzle: title, date: solved.day, stars: stars || "" });
  heading = heading.replace(/[ ·]+$/, "");
  var parts = [
    solved.hints ? fill(words.shareHints, { marks: hintMarks(solved.hints) }) : words.shareNoHints,
  ];
  if (solved.seconds != null) {
    parts.push(fill(words.shareMinutes, { minutes: Math.max(1, Math.round(solved.seconds / 60)) }));
  }
  if (solved.streak > 1) parts.push(fill(words.shareStreak, { days: solved.streak }) + " 🔥");
  return heading + "\n" + parts.join(" · ");
}
