// The page's only way to the daemon: msghost-web's relay of the control API, and its stream.

export class ControlError extends Error {
  constructor(command, reply) {
    const error = (reply && reply.error) || {};
    super(`${command}: ${error.name || 'error'}${error.code !== undefined ? ` (${error.domain} ${error.code})` : ''}: ${error.description || error.message || JSON.stringify(reply)}`);
    this.command = command;
    this.error = error;
  }
}

/** Sends control request `command` with `body`; resolves to the daemon's ok reply. */
export async function control(command, body = {}) {
  const response = await fetch(`/api/control/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let reply;
  try { reply = await response.json(); } catch { reply = { status: 'error', error: { message: `HTTP ${response.status}` } }; }
  if (reply.status !== 'ok') throw new ControlError(command, reply);
  return reply;
}

/** A URL the page can load for a file:// URL the daemon gave out. */
export function fileURL(url) {
  if (!url) return null;
  if (!url.startsWith('file://')) return url;
  return `/api/file?url=${encodeURIComponent(url)}`;
}

/**
 * Opens the pushed stream (server-sent events) and calls `handlers[kind](body)` for each
 * push; reconnects by itself (EventSource does), and then calls `handlers.reconnected`.
 */
export function openStream(withFrames, handlers) {
  const source = new EventSource(`/api/stream${withFrames ? '?frames=1' : ''}`);
  for (const kind of ['daemon', 'event', 'frame']) {
    source.addEventListener(kind, (message) => {
      let body;
      try { body = JSON.parse(message.data); } catch { return; }
      handlers[kind] && handlers[kind](body);
    });
  }
  source.onopen = () => handlers.opened && handlers.opened();
  // EventSource gives up (CLOSED) only when msghost-web answered with an error, such as 401
  // once it restarted with a new token; otherwise it is reconnecting.
  source.onerror = () => handlers.closed && handlers.closed(source.readyState === EventSource.CLOSED);
  return source;
}
