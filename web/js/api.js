// The server's HTTP API (see /api/openapi.json), the players' tokens kept in this browser,
// and the live event stream of a game.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text };
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || `HTTP ${response.status}`);
  }
  return data;
}

const KEY = (id) => `diplo.game.${id}`;

/** This browser's seat in a game: {token, color, invite?}, or null. */
export function seat(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(id, value) {
  localStorage.setItem(KEY(id), JSON.stringify(value));
  const mine = new Set(myGames());
  mine.add(id);
  localStorage.setItem("diplo.games", JSON.stringify([...mine]));
}

/** The ids of the games this browser has a seat in. */
export function myGames() {
  try {
    return JSON.parse(localStorage.getItem("diplo.games") || "[]");
  } catch {
    return [];
  }
}

/** Follows a game's event stream (a WebSocket), reconnecting after a drop; `onView` gets
 *  each public view. Returns a function that stops following. */
export function watch(id, onView, onState = () => {}) {
  let socket = null;
  let stopped = false;
  let delay = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/events`);
    socket.onopen = () => {
      delay = 500;
      onState("live");
    };
    socket.onmessage = (e) => {
      try {
        onView(JSON.parse(e.data));
      } catch {
        /* a malformed message is skipped */
      }
    };
    socket.onclose = () => {
      onState("reconnecting");
      if (!stopped) setTimeout(open, (delay = Math.min(delay * 2, 8000)));
    };
  };
  open();
  return () => {
    stopped = true;
    if (socket) socket.close();
  };
}

export function formatClock(ms) {
  if (ms == null) return "";
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
