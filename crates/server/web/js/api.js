// The HTTP and WebSocket client of the Delve API (see crates/server/src/lib.rs for the routes).

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code || "http";
    this.rule = body?.rule || null;
    // Arguments for the refusal's own message (`err-<code>`), when the server sends them.
    this.args = body?.args || {};
  }
}

async function request(method, path, { token, body, raw, type, createKey } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (raw !== undefined) headers["Content-Type"] = type;
  // The server's creation key (`delve serve --create-key`), for creating and importing tables.
  if (createKey) headers["X-Create-Key"] = createKey;
  const payload = raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body);
  let resp;
  try {
    resp = await fetch(path, { method, headers, body: payload });
  } catch (e) {
    throw new ApiError(0, { code: "network", message: String(e) });
  }
  const text = await resp.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { message: text };
  }
  if (!resp.ok) throw new ApiError(resp.status, json);
  return json;
}

/** The page's asset block (`#delve-assets`: the versioned prefix, modules per entry). */
let assets = null;
const preloaded = new Set();

/**
 * Starts downloading every module `entry` (a path in the web tree, e.g. "js/table.js")
 * imports, all at once, before it is imported — instead of one import level at a time. The
 * page lists them (crates/server/src/web.rs); an entry it does not list preloads nothing.
 */
function manifest() {
  if (!assets) {
    try {
      assets = JSON.parse(document.getElementById("delve-assets")?.textContent || "{}");
    } catch {
      assets = {};
    }
  }
  return assets;
}

/** The message files a ruleset's seat loads with its first command, as the page lists them:
 * the words of its refusals, which a seat that only watches never needs. */
export function laterMessages(ruleset) {
  return manifest().later_messages?.[ruleset] || [];
}

export function preload(entry) {
  manifest();
  for (const path of assets.preload?.[entry] || []) {
    const href = assets.base + path;
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

export const rulesets = () => request("GET", "/api/rulesets");
export const createTable = (body, createKey) => request("POST", "/api/tables", { body, createKey });
/** Imports an export (JSON Lines text); `acceptUnsigned` also takes unsigned or foreign files. */
export const importTable = (text, { acceptUnsigned = false, createKey } = {}) =>
  request("POST", `/api/tables/import${acceptUnsigned ? "?accept_unsigned=true" : ""}`, {
    raw: text,
    type: "application/x-ndjson",
    createKey,
  });
export const join = (invite, name) => request("POST", "/api/join", { body: { invite, name } });

/** One seat at one table: the token's calls. */
export class Seat {
  constructor(table, token) {
    this.table = table;
    this.token = token;
    this.socket = null;
    this.closed = false;
  }
  view() {
    return request("GET", `/api/tables/${this.table}/view`, { token: this.token });
  }
  /** The page of the log after `after` (oldest first). */
  log(after = 0, limit = 1000) {
    return request("GET", `/api/tables/${this.table}/log?after=${after}&limit=${limit}`, { token: this.token });
  }
  /**
   * Reading backwards: the newest `limit` events before `before` (null: the newest of all).
   * The answer's `before` (with `older`) asks for the page further back.
   */
  logBefore(before, limit = 50) {
    const from = before == null ? "newest=true" : `before=${before}`;
    return request("GET", `/api/tables/${this.table}/log?${from}&limit=${limit}`, { token: this.token });
  }
  /** `faces`: physical dice ("13,3"), used in order for the command's dice. */
  command(cmd, faces) {
    const q = faces ? `?faces=${encodeURIComponent(faces)}` : "";
    return request("POST", `/api/tables/${this.table}/commands${q}`, { token: this.token, body: cmd });
  }
  /** A read-only question to the table's ruleset (odds, previews); changes nothing. */
  query(name, args = {}) {
    return request("POST", `/api/tables/${this.table}/queries/${encodeURIComponent(name)}`, { token: this.token, body: args }).then((r) => r.answer);
  }
  /**
   * The Referee's forecast of kind `kind` (the table's situation played forward; changes
   * nothing): `body` is `{args, runs, seed, policy}`, all optional. Returns the ruleset's report.
   */
  forecast(kind, body = {}) {
    return request("POST", `/api/tables/${this.table}/forecasts/${encodeURIComponent(kind)}`, { token: this.token, body });
  }
  rules(name, args = {}) {
    return this.command({ rules: { [name]: args } });
  }
  invite(character) {
    return request("POST", `/api/tables/${this.table}/invites`, {
      token: this.token,
      body: character ? { character } : {},
    });
  }
  revokeInvite(id) {
    return request("POST", `/api/tables/${this.table}/invites/${encodeURIComponent(id)}/revoke`, { token: this.token });
  }
  revokePlayer(player, reissue = false) {
    return request("POST", `/api/tables/${this.table}/players/revoke`, { token: this.token, body: { player, reissue } });
  }
  /** Rotates the Referee's link; this seat continues with the new token. */
  async rotateReferee() {
    const out = await request("POST", `/api/tables/${this.table}/referee/rotate`, { token: this.token });
    this.token = out.referee_token;
    return out;
  }

  /**
   * Opens the live stream after event `after`; calls onEvent(viewEvent) for each event,
   * onState("live"|"connecting"|"offline"). Reconnects (resuming where it stopped) on close.
   */
  live(after, onEvent, onState) {
    let last = after;
    let delay = 500;
    const open = () => {
      if (this.closed) return;
      onState("connecting");
      const proto = location.protocol === "https:" ? "wss:" : "ws:";
      // The token goes in the first message, never in the URL (URLs end up in logs).
      const url = `${proto}//${location.host}/api/tables/${this.table}/live?after=${last}`;
      const ws = new WebSocket(url, "delve");
      this.socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: this.token }));
      ws.onmessage = (m) => {
        let msg;
        try {
          msg = JSON.parse(m.data);
        } catch {
          return;
        }
        if (msg.type === "event") {
          last = Math.max(last, msg.event.n);
          onEvent(msg.event);
        } else if (msg.type === "live") {
          delay = 500;
          onState("live");
        } else if (msg.type === "resume") {
          last = Math.max(last, msg.after);
        }
      };
      ws.onclose = () => {
        if (this.closed) return;
        onState("offline");
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 10000);
      };
    };
    open();
  }
  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }
}
