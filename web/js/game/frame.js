// What a game's page shows around the board whatever the game's kind — the players and
// their clocks, the status, the invite link, the game's buttons, the tab's title — and the
// state fields and transitions both controllers share. Each controller passes in what is its
// own: its status line and a note beside each player.

import { api, escapeHtml, formatClock, saveSeat } from "../api.js";

const $ = (id) => document.getElementById(id);

/** The fields of both controllers' state: the game's id; this browser's seat
 *  ({token, color, invite?} or null); the game's facts from /api/variants (`short_name`,
 *  `examples`, ...); the last view read and when; the number of the newest read shown; the
 *  last action's error; a failed read's error; whether the player turned the board round. */
export function sharedState({ id, seat, variant, error = "" }) {
  return {
    id, seat, variant, view: null, fetchedAt: 0, shownTicket: -1, error, loadError: "", turned: false, deadlineNear: false,
  };
}

/** The transitions both controllers share:
 *  - `loaded {view, ticket, at}`: a view read (reads may answer out of order: one older
 *    than the view shown is dropped);
 *  - `loadFailed {error}`, `acting` (an action starts: its last error goes), `failed {error}`;
 *  - `turned`: the player turned the board round;
 *  - `deadlineNear {near}`: the deadline came near (or went: a new phase), see
 *    {@link deadlineNear}. */
export function updateShared(state, message) {
  switch (message.type) {
    case "loaded":
      if (message.ticket < state.shownTicket) return state;
      return { ...state, view: message.view, fetchedAt: message.at, shownTicket: message.ticket, loadError: "" };
    case "loadFailed":
      return { ...state, loadError: message.error };
    case "acting":
      return { ...state, error: "" };
    case "failed":
      return { ...state, error: message.error };
    case "turned":
      return { ...state, turned: !state.turned };
    case "deadlineNear":
      return { ...state, deadlineNear: message.near };
    default:
      throw new Error(`a game page has no message ${message.type}`);
  }
}

/** Reads the game as this browser's player sees it, numbering each read so that an answer
 *  overtaken by a later one is dropped. `read(extra)` reads and dispatches `loaded` (with
 *  the fields of `extra`, or `loadFailed`); `ticket()` numbers another answer that carries
 *  the view (a move's). */
export function viewReader(id, seat, dispatch) {
  let asked = 0; // the first view, read before the reader, is number 0
  const ticket = () => ++asked;
  const read = async (extra = {}) => {
    const number = ticket();
    try {
      const view = await api("GET", `/api/games/${id}`, undefined, seat && seat.token);
      dispatch({ ...extra, type: "loaded", view, ticket: number, at: Date.now() });
    } catch (e) {
      dispatch({ type: "loadFailed", error: e.message });
    }
  };
  return { read, ticket };
}

export function you(view) {
  return view.you || null;
}

/** Whether the player's move or orders are due. */
export function isMyTurn(view) {
  return view.status === "active" && !!you(view) && view.awaiting.includes(you(view));
}

/** The board is seen from the player's side (White's for a watcher), unless turned. */
export function flipped(state) {
  return (you(state.view) === "black") !== state.turned;
}

const drawn = new WeakMap();

/** Replaces an element's content unless it would be the same: an unchanged panel keeps its
 *  elements, and what the player is typing in them. */
export function setHtml(element, html) {
  if (drawn.get(element) === html) return;
  element.innerHTML = html;
  drawn.set(element, html);
}

/** A side's time left on a running (Fischer) clock, in ms now; null without one. */
function clockMs(state, side) {
  const c = state.view.clock;
  if (!c || c.kind !== "fischer") return null;
  let ms = c[`${side}_ms`];
  if (c.running === side) ms -= Date.now() - state.fetchedAt;
  return ms;
}

function playerHtml(state, side, note) {
  const v = state.view;
  const p = v.players[side];
  const colour = side === "white" ? "White" : "Black";
  const name = p === "human"
    ? (you(v) === side ? `You · ${colour}` : v.seats[side] ? colour : `${colour} · waiting for a player…`)
    : `Computer · ${p.replace(/^engine:?/, "level ").replace(/@.*/, "") || "full strength"}`;
  const ms = clockMs(state, side);
  const running = v.clock && v.clock.running === side;
  const clock = ms === null ? "" : `<span class="clock ${running ? "running" : ""} ${ms < 20000 ? "low" : ""}" data-clock="${side}">${formatClock(ms)}</span>`;
  return `<span class="name"><span class="dotc ${side}"></span>${escapeHtml(name)}</span>${note}${clock}`;
}

function resultLine(result) {
  const winner = { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw" }[result.token] || result.token;
  return `<span class="big" data-result="${escapeHtml(result.token)}">${winner}</span> <span class="muted">(${escapeHtml(result.reason)})</span>`;
}

/** An alarm clock, drawn (a font may lack the emoji). */
const ALARM = `<svg class="alarm" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><circle cx="12" cy="13" r="8"/>
  <path d="M12 9v4l3 2M4 5l3-2M20 5l-3-2"/></svg>`;

/** The deadline counted down on the page: a running (Fischer) clock shows the time left
 *  itself; other deadlines (a phase's, a day per move) are counted here. */
function countedDeadline(v) {
  return v.deadline && !v.result && v.status === "active" && !(v.clock && v.clock.kind === "fischer") ? v.deadline : null;
}

/** Whether the deadline is near: once no more than a tenth of the phase is left, or its
 *  last minute (but never in the first half of a phase shorter than two minutes, which
 *  would warn from the start). */
export function deadlineNear(v, now = Date.now()) {
  const deadline = countedDeadline(v);
  if (!deadline) return false;
  const c = v.clock || {};
  const phase = c.phase_ms || c.per_move_ms || 0;
  const left = deadline - now;
  return left <= Math.max(phase * 0.1, Math.min(60000, phase ? phase / 2 : 60000));
}

/** The game's name and options, what is going on (the result, the wait for an opponent, or
 *  the controller's `line`), the deadline (with the controller's `warning` once it is
 *  near), and an error. */
function statusHtml(state, line, warning) {
  const v = state.view;
  const opts = Object.entries(v.options).map(([k, x]) => `${k}=${x}`).join(", ");
  const now = v.result ? resultLine(v.result) : v.status === "waiting" ? `<span class="big">Waiting for the opponent</span>` : line;
  const d = countedDeadline(v);
  const near = d && state.deadlineNear;
  const deadline = d
    ? `<div class="deadline ${near ? "near" : ""}" data-deadline-box>${near ? ALARM : ""}Deadline in <b data-deadline>${formatClock(d - Date.now())}</b>
      ${near && warning ? `<div class="deadline-warning" data-deadline-warning>${warning}</div>` : ""}</div>` : "";
  const error = state.error || state.loadError;
  return `<div class="small muted">${escapeHtml(state.variant.short_name)}${opts ? ` · ${escapeHtml(opts)}` : ""}</div>
    <div>${now}</div>${deadline}${error ? `<div class="error" data-error>${escapeHtml(error)}</div>` : ""}`;
}

function inviteHtml(state) {
  const { seat, view, id } = state;
  if (!seat || !seat.invite || view.status !== "waiting") return "";
  return `<div class="banner">Send this link to your opponent:
    <div class="copy-row"><input type="text" readonly id="invite-link" value="${escapeHtml(`${location.origin}/games/${id}#invite=${seat.invite}`)}">
    <button id="copy-invite">Copy</button></div></div>`;
}

function buttonsHtml(state) {
  const v = state.view;
  const analysis = new URLSearchParams({ game: v.game, position: v.position, options: JSON.stringify(v.options) });
  return `<div style="display:flex;gap:8px;flex-wrap:wrap">
    <a class="button" href="/api/games/${state.id}/record" download="${state.id}.pgn">Record</a>
    <a class="button" href="/analysis.html?${analysis}">Analyse</a>
    ${you(v) && v.status === "active" && !v.result ? '<button class="danger" id="resign">Resign</button>' : ""}
    ${you(v) && v.result ? `<button class="primary" id="rematch">${v.rematch ? "Join the rematch" : "Rematch"}</button>` : ""}
    <button id="flip">Flip board</button></div>`;
}

/** The tab's title: the game's name; "● Your turn" while the player's move or orders are
 *  due; once the deadline is near, the time left and what is due ("⏰ 0:45 — your orders"). */
function title(state, due) {
  const v = state.view;
  const name = `${state.variant.short_name} · diplo`;
  const d = countedDeadline(v);
  if (d && state.deadlineNear && isMyTurn(v)) return `⏰ ${formatClock(d - Date.now())} — ${due} · ${name}`;
  return `${isMyTurn(v) ? "● Your turn · " : ""}${name}`;
}

/** Draws the frame: the controller's status `line`, `note(side)` beside each player, what
 *  the player owes in words (`due`, for the title) and the `warning` shown under the
 *  deadline once it is near. */
export function renderFrame(state, { line, note = () => "", due = "your move", warning = "" }) {
  const v = state.view;
  // A tab in the background tells its player that a move or orders are due.
  document.title = title(state, due);
  frameDue = due;
  const bottom = you(v) === "black" ? "black" : "white";
  const top = bottom === "white" ? "black" : "white";
  for (const [id, side] of [["player-top", top], ["player-bottom", bottom]]) {
    setHtml($(id), playerHtml(state, side, note(side)));
    $(id).classList.toggle("to-move", v.status === "active" && v.awaiting.includes(side));
  }
  setHtml($("status"), statusHtml(state, line, warning));
  setHtml($("invite"), inviteHtml(state));
  setHtml($("record-panel"), buttonsHtml(state));
}

/** Sets `onclick` of every element matching `selector` (after each render: the panels'
 *  elements may be new). */
export function onClick(selector, handler) {
  for (const el of document.querySelectorAll(selector)) el.onclick = () => handler(el);
}

/** Wires the frame's controls: resign, rematch, flip, the invite link. `read()` reads the
 *  game again after an action. */
export function wireFrame(state, dispatch, read) {
  onClick("#resign", () => resign(state, dispatch, read));
  onClick("#rematch", () => rematch(state, dispatch));
  onClick("#flip", () => dispatch({ type: "turned" }));
  const link = $("invite-link");
  if (link) link.onclick = () => link.select();
  onClick("#copy-invite", async (button) => {
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy";
    }
  });
}

async function resign(state, dispatch, read) {
  if (!confirm("Resign this game?")) return;
  try {
    await api("POST", `/api/games/${state.id}/resign`, undefined, state.seat.token);
    await read();
  } catch (e) {
    dispatch({ type: "failed", error: e.message });
  }
}

/** Asks for a rematch (colours swapped); the first to ask creates it, the other joins it. */
async function rematch(state, dispatch) {
  try {
    const r = await api("POST", `/api/games/${state.id}/rematch`, undefined, state.seat.token);
    saveSeat(r.id, { token: r.token, color: r.color });
    location.href = `/games/${r.id}`;
  } catch (e) {
    dispatch({ type: "failed", error: e.message });
  }
}

/** What the last frame said is due (the title, counted down between renders, says it). */
let frameDue = "your move";

/** Counts the clocks, the deadline and the title down on the page between reads. Returns
 *  whether the deadline is near now (a controller dispatches `deadlineNear` when that
 *  changes). */
export function tickClocks(state) {
  const v = state.view;
  for (const side of ["white", "black"]) {
    const el = document.querySelector(`[data-clock="${side}"]`);
    const ms = clockMs(state, side);
    if (el && ms !== null) {
      el.textContent = formatClock(ms);
      el.classList.toggle("low", ms < 20000);
    }
  }
  const d = document.querySelector("[data-deadline]");
  if (d && v.deadline) d.textContent = formatClock(v.deadline - Date.now());
  document.title = title(state, frameDue);
  return deadlineNear(v);
}

/** The tick of a controller's loop: counts down, and says when the deadline comes near. */
export function ticker(loop) {
  return () => {
    const state = loop.current();
    const near = tickClocks(state);
    if (near !== state.deadlineNear) loop.dispatch({ type: "deadlineNear", near });
  };
}
