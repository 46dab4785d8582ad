// Progressive enhancement: a hint button reveals its image in place. Without this
// script every button is a plain link to the same page with the stage revealed.
(function () {
  "use strict";

  function figureFor(section, button) {
    const figure = document.createElement("figure");
    figure.id = section.id + "-stage-" + button.dataset.stage;
    figure.tabIndex = -1;
    const img = document.createElement("img");
    img.src = button.dataset.src;
    img.alt = button.dataset.alt;
    img.width = Number(button.dataset.width);
    img.height = Number(button.dataset.height);
    const caption = document.createElement("figcaption");
    const title = document.createElement("strong");
    title.textContent = button.dataset.title;
    caption.append(title, " \u2014 " + button.dataset.caption);
    figure.append(img, caption);
    return figure;
  }

  function reveal(section, upTo) {
    const stages = section.querySelector(".stages");
    let added = null;
    section.querySelectorAll("a[data-stage]").forEach(function (button) {
      if (Number(button.dataset.stage) > upTo) return;
      if (!document.getElementById(section.id + "-stage-" + button.dataset.stage)) {
        added = figureFor(section, button);
        stages.append(added);
      }
      button.classList.add("done");
      button.setAttribute("aria-current", "step");
    });
    return added;
  }

  // The language switch opens this page as it is now: with the hints revealed so far.
  function keepInLanguageLinks(section, shown) {
    document.querySelectorAll("nav.languages a[href]").forEach(function (link) {
      const other = new URL(link.href, window.location.href);
      other.searchParams.set("date", section.dataset.date);
      other.searchParams.set(section.dataset.param, String(shown));
      link.href = other.pathname + other.search;
    });
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest ? event.target.closest("a[data-stage]") : null;
    if (!button || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    const section = button.closest("section[data-param]");
    const stage = Number(button.dataset.stage);
    const added = reveal(section, stage);
    const url = new URL(window.location.href);
    const shown = Math.max(stage, Number(url.searchParams.get(section.dataset.param) || 0));
    url.searchParams.set("date", section.dataset.date);
    url.searchParams.set(section.dataset.param, String(shown));
    url.hash = "";
    history.replaceState(null, "", url);
    keepInLanguageLinks(section, shown);
    const reset = section.querySelector("a.reset");
    if (reset) reset.hidden = false;
    const asked = button.closest("details");
    if (asked) asked.open = false;
    const target = added || document.getElementById(section.id + "-stage-" + stage);
    if (target) target.focus();
  });
})();

// The edition menu and face-up mode apply as soon as they change: the form is sent (the date with
// them), no Show press needed. Without the script, Show sends it.
(function () {
  "use strict";
  const form = document.querySelector("form.pick");
  if (!form) return;
  form.querySelectorAll("#edition, input[name=faceup]").forEach(function (control) {
    control.addEventListener("change", function () {
      if (form.requestSubmit) form.requestSubmit();
      else form.submit();
    });
  });
})();

// The visitor's day: the daily page shows the date in the visitor's time zone, which the server
// learns from this browser once (PUT /api/v1/me/settings; until then its default zone), and the
// edition and face-up mode the address names (the page's form names both: an edition without
// "faceup" is face-down), remembered for the next visit, also from the page that says the day is
// still being worked out. A page of today is shown again when the date it shows is not the visitor's.
(function () {
  "use strict";
  const calendar = document.getElementById("calendar"); // none while the day is being worked out
  if (!document.querySelector("form.pick") || !window.fetch || !window.Intl) return;
  const params = new URLSearchParams(window.location.search);
  const today = !params.has("date") && !params.has("tz");
  function json(response) {
    return response.ok ? response.json() : null;
  }
  function asked(me) {
    const change = {};
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!me.timezone_known && zone) change.timezone = zone;
    if (params.has("edition") && params.get("edition") !== me.edition) change.edition = params.get("edition");
    if (params.has("faceup") || params.has("edition")) {
      const faceup = /^(1|true|yes|on)$/i.test((params.get("faceup") || "").trim());
      if (faceup !== me.faceup) change.faceup = faceup;
    }
    return change;
  }
  // The visitor's record (the server's: hints.game), and "solved today" on a puzzle of their today.
  function showRecord(me) {
    const record = document.getElementById("record");
    if (!record) return;
    let shown = false;
    record.querySelectorAll("p[data-kind]").forEach(function (line) {
      const kind = me[line.dataset.kind];
      if (!kind || !kind.played) return;
      line.textContent = line.dataset.template.replace(/\{(\w+)\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(kind, name) ? String(kind[name]) : whole;
      });
      shown = true;
    });
    record.hidden = !shown;
    [["calendar", "calendar"], ["pentomino", "challenge"]].forEach(function (pair) {
      const section = document.getElementById(pair[0]);
      const kind = me[pair[1]];
      const note = section && section.querySelector(".solved-today");
      if (note) note.hidden = !(kind && kind.solved_today && section.dataset.date === me.today);
    });
  }
  fetch("/api/v1/me").then(json).then(function (me) {
    if (!me) return;
    showRecord(me);
    const change = asked(me);
    if (!Object.keys(change).length) return;
    return fetch("/api/v1/me/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(change),
    }).then(json).then(function (after) {
      if (today && calendar && after && after.today !== calendar.dataset.date) window.location.reload();
    });
  }).catch(function () {
    /* offline: the page stays as served */
  });
})();
