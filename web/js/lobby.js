// The lobby: create a game of any of the four (options, opponent, colour, time), the
// games this browser plays, the open invitations and the games in progress.

import { api, saveSeat, seat, myGames, escapeHtml } from "./api.js";
import { topBar } from "./top.js";

const $ = (id) => document.getElementById(id);
let variants = [];
let chosen = null;

function radios(name, items, checked) {
  return `<div class="choices">${items.map(([value, text]) => `
    <label class="choice"><input type="radio" name="${name}" value="${escapeHtml(value)}" ${value === checked ? "checked" : ""}>
    <span>${escapeHtml(text)}</span></label>`).join("")}</div>`;
}

/** A game's short name, as /api/variants gives it. */
function gameName(id) {
  const g = variants.find((v) => v.id === id);
  return g ? g.short_name : id;
}

function picked(name) {
  const el = document.querySelector(`input[name="${name}"]:checked`);
  return el ? el.value : null;
}

function showGames() {
  $("games").innerHTML = variants.map((g) => `
    <div class="game-card ${g.id === chosen.id ? "chosen" : ""}" data-game="${g.id}" tabindex="0">
      <b>${escapeHtml(g.name)}</b><small>${g.kind === "simultaneous" ? "simultaneous orders" : "turn by turn"} · ${g.geometry === "round" ? "43-cell round board" : "8x8"}</small>
    </div>`).join("");
  for (const card of $("games").children) {
    card.onclick = () => {
      chosen = variants.find((g) => g.id === card.dataset.game);
      showGames();
    };
  }
  $("options").innerHTML = `<p class="summary" data-summary>${escapeHtml(chosen.summary || "")}</p>` + chosen.options.map((o) => `
    <label title="${escapeHtml(o.help)}">${escapeHtml(o.key)} <span class="small">— ${escapeHtml(o.help)}</span></label>
    ${radios(`opt-${o.key}`, o.values.map((v) => [v, v]), o.default)}`).join("");
  $("time").innerHTML = chosen.kind === "sequential"
    ? radios("time", [["none", "Unlimited"], ["5+3", "5 min + 3 s"], ["10+5", "10 min + 5 s"], ["30+20", "30 min + 20 s"], ["day", "1 day per move"]], "none")
    : radios("time", [["none", "No deadline"], ["60", "1 min per turn"], ["300", "5 min per turn"], ["86400", "1 day per turn"]], "none");
}

function body() {
  const options = {};
  for (const o of chosen.options) options[o.key] = picked(`opt-${o.key}`);
  const engine = picked("opponent") === "engine";
  const b = {
    game: chosen.id,
    options,
    color: picked("color"),
    opponent: engine ? `engine:${$("level").value}` : "human",
    open: !engine && $("open").checked,
  };
  const time = picked("time");
  if (time && time !== "none") {
    if (chosen.kind === "simultaneous") b.deadline_s = Number(time);
    else if (time === "day") b.clock = { days_per_move: 1 };
    else {
      const [min, inc] = time.split("+").map(Number);
      b.clock = { initial_s: min * 60, increment_s: inc };
    }
  }
  return b;
}

async function create() {
  $("create-error").textContent = "";
  $("create").disabled = true;
  try {
    const created = await api("POST", "/api/games", body());
    saveSeat(created.id, { token: created.token, color: created.color, invite: created.invite || null });
    location.href = `/games/${created.id}`;
  } catch (e) {
    $("create-error").textContent = e.message;
    $("create").disabled = false;
  }
}

function players(g) {
  const who = (p) => (p === "human" ? "person" : p.replace(/^engine:?/, "computer "));
  return `${who(g.players.white)} vs ${who(g.players.black)}`;
}

/** How long ago a time (ms since the epoch) was, in words. */
function ago(ms) {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  return h < 48 ? `${h} h ago` : `${Math.round(h / 24)} days ago`;
}

function table(games, action) {
  if (!games.length) return `<p class="muted small">None right now.</p>`;
  return `<table class="list"><tr><th>Game</th><th>Players</th><th class="when">Last activity</th><th></th></tr>${games.map((g) => `
    <tr><td>${escapeHtml(gameName(g.game))}</td><td class="small">${escapeHtml(players(g))}</td>
    <td class="small muted when">${g.updated ? ago(g.updated) : ""}</td>
    <td style="text-align:right">${action(g)}</td></tr>`).join("")}</table>`;
}

async function join(id) {
  try {
    const joined = await api("POST", `/api/games/${id}/join`, {});
    saveSeat(id, { token: joined.token, color: joined.color });
    location.href = `/games/${id}`;
  } catch (e) {
    alert(e.message);
  }
}

async function lists() {
  try {
    const [waiting, active] = await Promise.all([
      api("GET", "/api/games?status=waiting"),
      api("GET", "/api/games?status=active"),
    ]);
    $("waiting").innerHTML = table(waiting.games.filter((g) => !seat(g.id)),
      (g) => `<button class="primary" data-join="${g.id}">Join</button>`);
    $("active").innerHTML = table(active.games, (g) => `<a class="button" href="/games/${g.id}">Watch</a>`);
    for (const b of document.querySelectorAll("[data-join]")) b.onclick = () => join(b.dataset.join);
  } catch (e) {
    $("waiting").textContent = e.message;
  }
  const mine = myGames().slice(-12).reverse();
  if (mine.length) {
    const views = await Promise.all(mine.map((id) => api("GET", `/api/games/${id}`).catch(() => null)));
    const rows = views.filter(Boolean).map((v) => ({ ...v, id: v.id }));
    $("mine").innerHTML = `<table class="list"><tr><th>Game</th><th>You</th><th>Status</th><th></th></tr>${rows.map((v) => `
      <tr><td>${escapeHtml(gameName(v.game))}</td><td>${escapeHtml(seat(v.id)?.color || "")}</td>
      <td class="small">${v.result ? escapeHtml(v.result.token) : escapeHtml(v.status)}</td>
      <td style="text-align:right"><a class="button" href="/games/${v.id}">Open</a></td></tr>`).join("")}</table>`;
  }
}

async function start() {
  topBar();
  const data = await api("GET", "/api/variants");
  variants = data.games;
  chosen = variants[0];
  showGames();
  for (const r of document.querySelectorAll('input[name="opponent"]')) {
    r.onchange = () => {
      const engine = picked("opponent") === "engine";
      $("level-row").hidden = !engine;
      $("open-row").hidden = engine;
    };
  }
  $("level").oninput = () => ($("level-value").textContent = $("level").value);
  $("create").onclick = create;
  lists();
  setInterval(lists, 10000);
}

start();
