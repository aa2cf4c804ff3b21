// What every page shares above its content: the icon, and the bar at the top with the
// name, then the links to the lobby, the analysis board and the API description, the page
// being shown marked.

const LINKS = [
  ["/", "Play"],
  ["/analysis.html", "Analysis board"],
  ["/api/openapi.json", "API"],
];

/** Adds the icon and the top bar to the page; `live` adds the event stream's indicator
 *  (`#live`) at the right of the bar. */
export function topBar({ live = false } = {}) {
  const icon = document.createElement("link");
  Object.assign(icon, { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" });
  document.head.append(icon);
  const bar = document.createElement("header");
  bar.className = "top";
  document.body.prepend(bar);
  const here = location.pathname.startsWith("/games/") ? "/" : location.pathname;
  const links = LINKS.map(([href, text]) =>
    `<a href="${href}"${href === here ? ' aria-current="page"' : ""}>${text}</a>`).join("");
  bar.innerHTML = `<a class="brand" href="/">diplo<span>.</span></a>
    <nav>${links}</nav>${live ? '<span class="live off" id="live">connecting</span>' : ""}`;
}
