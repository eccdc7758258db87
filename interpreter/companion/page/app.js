// Soloist's companion page: the lobby (bots and saved games) and the table (the narration,
// the question, why, show, undo, corrections). Plain JavaScript against the JSON API of
// docs/companion.md; news arrives by long polling, so the page never reloads.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
if (params.get("token")) sessionStorage.setItem("soloist-token", params.get("token"));
const token = sessionStorage.getItem("soloist-token") || "";

let game = null;      // the open game's id
let next = 0;         // events read so far
let polling = 0;      // the current poll's number: an older poll stops
let question = null;  // the step waiting for an answer
let correctables = [];

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Soloist-Token"] = token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = {};
  try { data = await res.json(); } catch (e) { data = { error: "the server sent no JSON (" + res.status + ")" }; }
  if (!res.ok) throw Object.assign(new Error(data.error || ("HTTP " + res.status)), { status: res.status, data });
  return data;
}

function complain(err) {
  const box = $("error");
  box.textContent = err.message || String(err);
  box.hidden = false;
  clearTimeout(complain.timer);
  complain.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  return e;
}

// ---- the lobby -------------------------------------------------------------------------

function optionField(bot, o) {
  const name = "opt-" + bot.id + "-" + o.id;
  let input;
  if (o.type === "choice") {
    input = el("select", { name: o.id, id: name }, (o.allowed || []).map((a) =>
      el("option", { value: String(a), selected: a === o.default }, String(a))));
  } else if (o.type === "integer") {
    input = el("input", { type: "number", inputmode: "numeric", name: o.id, id: name, value: o.default, min: o.min, max: o.max });
  } else if (o.type === "boolean") {
    input = el("input", { type: "checkbox", role: "switch", name: o.id, id: name, checked: o.default === true });
    return el("label", { class: "field switch", for: name }, input, el("span", {}, o.id), el("small", {}, o.description));
  } else {
    input = el("input", { type: "text", name: o.id, id: name, value: o.default ?? "" });
  }
  return el("label", { class: "field", for: name }, el("span", {}, o.id), input, el("small", {}, o.description));
}

function botCard(bot) {
  if (bot.broken) return el("div", { class: "card" }, el("h3", {}, bot.id), el("p", {}, "Cannot be played: " + bot.broken));
  const form = el("form", { "data-bot": bot.id });
  const fields = bot.options.map((o) => optionField(bot, o));
  const rules = bot.rules.length ? el("fieldset", {}, el("legend", {}, "House rule"),
    el("label", { class: "field switch" }, el("input", { type: "radio", name: "rules", value: "", checked: true }), "none"),
    bot.rules.map((r) => el("label", { class: "field switch" }, el("input", { type: "radio", name: "rules", value: r.id }), r.name))) : null;
  const seed = el("label", { class: "field" }, el("span", {}, "Seed (optional)"),
    el("input", { type: "text", inputmode: "numeric", name: "seed", placeholder: "drawn when empty" }));
  form.append(el("details", {}, el("summary", {}, "Options"), fields, rules, seed),
    el("button", { type: "submit", class: "primary" }, "Start " + bot.name));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const options = {};
    for (const o of bot.options) {
      const input = form.elements[o.id];
      options[o.id] = o.type === "boolean" ? input.checked : o.type === "integer" ? Number(input.value) : input.value;
    }
    const body = { bot: bot.id, options, seed: form.elements.seed.value.trim() || null,
                   rules: form.elements.rules ? (form.elements.rules.value || null) : null };
    try { open(await api("POST", "/api/games", body)); } catch (e) { complain(e); }
  });
  return el("div", { class: "card" }, el("h3", {}, bot.name), el("p", {}, bot.description), form);
}

async function lobby() {
  game = null;
  polling++;
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("home").hidden = true;
  $("title").textContent = "Soloist";
  try {
    const { bots } = await api("GET", "/api/bots");
    $("bots").replaceChildren(...bots.map(botCard));
  } catch (e) { complain(e); }
  try {
    const { saved } = await api("GET", "/api/games");
    $("saved").replaceChildren(...(saved.length ? saved.map((g) => el("li", { "data-game": g.id },
      el("span", {}, g.broken ? g.id + ": " + g.broken
        : `${g.bot} ${g.version}, seed ${g.seed}, ${g.answers} ${g.answers === 1 ? "answer" : "answers"}, ${g.created}`),
      g.broken ? null : el("button", { onclick: () => resume(g.id) }, "Resume"))) : [el("li", { class: "muted" }, "No saved games yet.")]));
  } catch (e) { complain(e); }
}

async function resume(id) {
  try { open(await api("POST", "/api/games/" + encodeURIComponent(id) + "/resume")); } catch (e) { complain(e); }
}

// ---- the table -------------------------------------------------------------------------

function valueText(v) {
  if (Array.isArray(v)) return v.length ? v.map(valueText).join(", ") : "none";
  if (v === true) return "yes";
  if (v === false) return "no";
  if (v === null || v === undefined) return "-";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// A grid entry: {rows: [[cell, ...], ...], columns: [heading, ...] or [[...], ...], column_labels,
// row_labels, walls: [[r, c, "right" | "below"], ...], marks: [[r, c], ...]} (1-based places).
function gridTable(g) {
  const at = (list, kind) => new Set((Array.isArray(list) ? list : [])
    .filter((p) => Array.isArray(p) && (!kind || p[2] === kind)).map(([r, c]) => r + "," + c));
  const marked = at(g.marks), right = at(g.walls, "right"), below = at(g.walls, "below");
  const rows = Array.isArray(g.rows) ? g.rows.slice(0, 200) : [];
  const headings = !Array.isArray(g.columns) || !g.columns.length ? [] : Array.isArray(g.columns[0]) ? g.columns : [g.columns];
  const labelled = Array.isArray(g.row_labels) || Array.isArray(g.column_labels);
  const head = headings.map((h, k) => el("tr", {}, labelled ? el("th", {}, valueText((g.column_labels || [])[k] ?? "")) : null,
    h.map((c) => el("th", { scope: "col" }, valueText(c)))));
  return el("table", { class: "grid" }, el("thead", {}, head), el("tbody", {}, rows.map((row, r) => el("tr", {},
    labelled ? el("th", { scope: "row" }, valueText((g.row_labels || [])[r] ?? "")) : null,
    (Array.isArray(row) ? row : []).slice(0, 200).map((cell, c) => {
      const place = (r + 1) + "," + (c + 1);
      const cls = [marked.has(place) ? "mark" : "", right.has(place) ? "wall-right" : "", below.has(place) ? "wall-below" : ""];
      return el("td", { class: cls.filter(Boolean).join(" ") || null }, valueText(cell));
    })))));
}

function showCard(e) {
  const dl = el("dl", {});
  for (const entry of e.entries || []) {
    dl.append(el("dt", {}, entry.label), el("dd", {}, entry.grid ? gridTable(entry.grid) : valueText(entry.value)));
  }
  return el("div", { class: "state" }, el("h4", {}, e.title || "State"), dl,
    e.stale ? el("small", { class: "muted" }, "(the last state shown: " + e.stale + ")") : null);
}

function eventItem(e) {
  const cls = [e.recap ? "recap" : ""];
  switch (e.event) {
    case "say": return el("li", { class: cls.join(" ") }, e.text);
    case "why": return el("li", { class: "why " + cls.join(" ") }, "Why: " + e.text);
    case "show": return el("li", { class: "show " + cls.join(" ") }, showCard(e));
    case "roll": return el("li", { class: "chance" }, el("b", {}, "Roll "), `${e.stream}: ${e.result}` + (e.sides ? ` on d${e.sides}` : ` (${e.min} to ${e.max})`));
    case "pick": return el("li", { class: "chance" }, el("b", {}, "Draw "), `${e.stream}: ${valueText(e.item)}`);
    case "shuffle": return el("li", { class: "chance" }, el("b", {}, "Shuffle "), e.stream);
    case "answer": return el("li", { class: "answer" }, valueText(e.value));
    case "correct": return el("li", { class: "answer" }, `set ${e.target} to ${e.value}`);
    case "undone": return el("li", { class: "chance" }, el("b", {}, "Undone: "), `back at question ${e.question}`);
    case "end": return el("li", { class: "end" }, `The game is over: ${e.result}` + (e.summary ? "\n" + valueText(e.summary) : "") +
      (e.scores && !Array.isArray(e.scores) ? "\n" + Object.entries(e.scores).map(([k, v]) => `${k}: ${valueText(v)}`).join("\n") : ""));
    case "error": return el("li", { class: "error" }, "The bot stopped with an error:\n" + e.message);
    default: return null;
  }
}

function addEvents(events) {
  const log = $("log");
  for (const old of log.querySelectorAll("li.new")) old.classList.remove("new");
  for (const e of events) {
    const item = eventItem(e);
    if (!item) continue;
    if (!e.recap) item.classList.add("new");
    log.append(item);
  }
  const last = log.lastElementChild;
  if (last) last.scrollIntoView({ block: "end" });
}

async function answer(value) {
  for (const b of $("question").querySelectorAll("button")) b.disabled = true;
  try { apply(await api("POST", `/api/games/${encodeURIComponent(game)}/answer`, { value })); }
  catch (e) { complain(e); drawQuestion(); }
}

function numberPad(q) {
  let text = "";
  const out = el("output", { "data-range": `${q.min} to ${q.max}` }, "");
  const set = (t) => { text = t; out.textContent = t; };
  const keys = ["1", "2", "3", "⌫", "4", "5", "6", "−", "7", "8", "9", "0"].map((k) => el("button", {
    type: "button", "data-key": k, onclick: () => {
      if (k === "⌫") set(text.slice(0, -1));
      else if (k === "−") set(text.startsWith("-") ? text.slice(1) : "-" + text);
      else set(text + k);
    } }, k));
  const ok = el("button", { class: "primary ok", type: "button", "data-key": "ok", onclick: () => text && answer(text) }, "OK");
  return el("div", { class: "pad" }, out, keys, ok);
}

function drawQuestion() {
  const box = $("question");
  const step = question;
  if (!step || step.status !== "question") {
    box.replaceChildren(step && step.status === "ended"
      ? el("p", { class: "prompt" }, "The game is over. It is saved; ", el("button", { onclick: lobby }, "Back to the games"))
      : el("p", { class: "prompt" }, step && step.status === "failed" ? "The bot stopped with an error." : ""));
    return;
  }
  const q = step.question;
  const head = el("p", { class: "prompt" }, `[${q.question}] ${q.prompt}`);
  if (q.event === "ask") {
    box.replaceChildren(head, el("div", { class: "options" }, q.options.map((o) =>
      el("button", { "data-answer": o.id, onclick: () => answer(o.id) }, o.label))));
  } else if (q.event === "confirm") {
    box.replaceChildren(head, el("div", { class: "options" },
      el("button", { "data-answer": "yes", onclick: () => answer("yes") }, "Yes"),
      el("button", { "data-answer": "no", onclick: () => answer("no") }, "No")));
  } else {
    box.replaceChildren(head, numberPad(q));
  }
}

// A state from an answer and one from the poll may carry the same events: each is shown once.
function apply(state) {
  const fresh = (state.events || []).filter((e) => !(e.n <= next));
  next = Math.max(next, state.next);
  addEvents(fresh);
  question = state.step;
  correctables = state.correctables || [];
  drawQuestion();
}

function open(state) {
  game = state.game;
  next = 0;
  $("log").replaceChildren();
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("home").hidden = false;
  $("correct").hidden = true;
  $("title").textContent = `${state.name}, seed ${state.seed}`;
  history.replaceState(null, "", "#" + encodeURIComponent(game));
  apply(state);
  poll();
}

// News from elsewhere (another tab, or the terminal's play of the same game) without reloading.
async function poll() {
  const mine = ++polling;
  while (mine === polling && game) {
    try {
      const state = await api("GET", `/api/games/${encodeURIComponent(game)}?after=${next}&wait=25`);
      if (mine !== polling) return;
      if (state.next > next) apply(state);
    } catch (e) {
      if (mine !== polling) return;
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

async function why() {
  try {
    const { reasons } = await api("GET", `/api/games/${encodeURIComponent(game)}/why`);
    addEvents([{ event: "why", text: reasons.length ? reasons.join("\n") : "The bot gave no reasons for its last decisions." }]);
  } catch (e) { complain(e); }
}

async function show() {
  try {
    const { show, stale } = await api("GET", `/api/games/${encodeURIComponent(game)}/show`);
    addEvents([Object.assign({ event: "show" }, show || { title: "The bot has shown nothing yet." }, stale ? { stale } : {})]);
  } catch (e) { complain(e); }
}

async function undo() {
  try { apply(await api("POST", `/api/games/${encodeURIComponent(game)}/undo`)); } catch (e) { complain(e); }
}

function toggleCorrect() {
  const form = $("correct");
  if (!correctables.length) { complain(new Error("This bot has no values to correct.")); return; }
  $("correct-id").replaceChildren(...correctables.map((c) => el("option", { value: c.id, "data-min": c.min, "data-max": c.max },
    `${c.label}: ${c.value ?? "?"} (${c.min} to ${c.max})`)));
  form.hidden = !form.hidden;
  syncBounds();
}

function syncBounds() {
  const opt = $("correct-id").selectedOptions[0];
  if (!opt) return;
  $("correct-value").min = opt.dataset.min;
  $("correct-value").max = opt.dataset.max;
}

async function correct(ev) {
  ev.preventDefault();
  try {
    apply(await api("POST", `/api/games/${encodeURIComponent(game)}/set`,
      { id: $("correct-id").value, value: Number($("correct-value").value) }));
    $("correct").hidden = true;
  } catch (e) { complain(e); }
}

window.addEventListener("DOMContentLoaded", () => {
  $("home").addEventListener("click", () => { history.replaceState(null, "", location.pathname); lobby(); });
  $("why").addEventListener("click", why);
  $("show").addEventListener("click", show);
  $("undo").addEventListener("click", undo);
  $("set").addEventListener("click", toggleCorrect);
  $("correct-id").addEventListener("change", syncBounds);
  $("correct").addEventListener("submit", correct);
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (wanted) resume(wanted).then(() => { if (!game) lobby(); });
  else lobby();
});
