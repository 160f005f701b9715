// The web simulator's page: the daemon's world as phones side by side, the event stream and
// the wire inspector, all kept live by the pushed stream (never polled).
import { control, openStream } from './api.js';
import { el, formatTime } from './render.js';
import { Phone } from './phone.js';
import { SessionRecorder } from './recording.js';

// The printed URL carries msghost-web's token (?token=…); it now sits in an HttpOnly cookie,
// so take it out of the address bar and the history.
if (new URLSearchParams(location.search).has('token')) {
  history.replaceState(null, '', location.pathname + location.hash);
}

const MAX_ROWS = 400;
/**
 * The lifecycle noise "routine" hides: processes coming and going and views changing. What the
 * user did and what it caused (touches, sends, arrivals, refusals) always shows.
 */
const ROUTINE = new Set(['launching', 'launched', 'connected', 'attached', 'terminating', 'terminated',
  'viewChanged', 'transition', 'stickerDrawer']);
/** Events too frequent to read `status` again on: none of them changes a process's state. */
const FREQUENT = new Set(['touch', 'sent', 'arrived', 'staged', 'transition', 'viewChanged']);
/** Events that refuse what an app asked for: each also shows on the phone that asked. */
const REFUSALS = new Set(['sendRefused', 'requestRefused']);
const DEVICE_PARTS = {
  sent: ['transcript', 'input'], arrived: ['transcript', 'held'], staged: ['input'], cancelled: ['input'],
  expired: ['transcript'], liveBubble: ['transcript'], opened: ['view', 'transcript'], closed: ['view'],
  transition: ['view'], viewChanged: ['view'], touch: [],
  parentAppOpened: ['sheet', 'view'], parentAppClosed: ['sheet'], composePresented: ['sheet'], composeFinished: ['sheet', 'transcript'],
};

class Page {
  constructor() {
    this.world = { people: [], devices: [], conversations: [], apps: [], installs: [] };
    this.status = null;
    this.phones = new Map();
    this.pending = { events: [], frames: [] };
    this.stream = null;
    this.statusBusy = false;
    this.statusDirty = false;
  }

  appName(bundleID) {
    const app = this.world.apps.find((a) => a.bundleID === bundleID);
    return app ? app.displayName : bundleID;
  }

  toast(message, kind = 'info') {
    // The same message again while it is still shown (a read failing on every update) is not repeated.
    this.shown = this.shown || new Set();
    if (this.shown.has(message)) return;
    this.shown.add(message);
    setTimeout(() => this.shown.delete(message), kind === 'error' ? 8000 : 4000);
    const node = el('div', { class: `toast ${kind}` }, message);
    document.getElementById('toasts').append(node);
    setTimeout(() => node.remove(), kind === 'error' ? 8000 : 4000);
  }

  async loadWorld() {
    try {
      this.world = await control('world');
    } catch (error) {
      this.toast(error.message, 'error');
      return;
    }
    this.drawPicker();
    this.drawPhones();
    this.refreshStatus();
  }

  chosenDevices() {
    const saved = new URLSearchParams(location.hash.slice(1)).get('devices');
    const ids = this.world.devices.map((d) => d.id);
    if (!saved) return ids;
    return saved.split(',').filter((id) => ids.includes(id));
  }

  drawPicker() {
    const picker = document.getElementById('device-picker');
    const chosen = new Set(this.chosenDevices());
    picker.replaceChildren(el('legend', {}, 'devices'), ...this.world.devices.map((device) => {
      const box = el('input', {
        type: 'checkbox', value: device.id, checked: chosen.has(device.id), 'data-testid': `pick-${device.id}`,
        onchange: () => {
          const ids = [...picker.querySelectorAll('input:checked')].map((i) => i.value);
          location.hash = `devices=${ids.join(',')}`;
          this.drawPhones();
        },
      });
      return el('label', {}, box, ` ${device.id}`);
    }));
  }

  drawPhones() {
    const container = document.getElementById('phones');
    const chosen = this.chosenDevices();
    for (const [id, phone] of this.phones) {
      if (!chosen.includes(id)) { phone.element.remove(); this.phones.delete(id); }
    }
    for (const id of chosen) {
      const device = this.world.devices.find((d) => d.id === id);
      if (!this.phones.has(id)) this.phones.set(id, new Phone(device, this));
      else { this.phones.get(id).device = device; this.phones.get(id).mark('transcript', 'input', 'view', 'held'); }
    }
    container.replaceChildren(...chosen.map((id) => this.phones.get(id).element));
  }

  /** Reads `status` again, at most one read at a time (extension states, the clock). */
  async refreshStatus() {
    if (this.statusBusy) { this.statusDirty = true; return; }
    this.statusBusy = true;
    try {
      this.status = await control('status');
      const manual = this.status.daemon.clock === 'manual';
      document.getElementById('clock').hidden = !manual;
      for (const phone of this.phones.values()) phone.mark();
    } catch (error) {
      // the daemon push says it is down; nothing to add
    }
    setTimeout(() => {
      this.statusBusy = false;
      if (this.statusDirty) { this.statusDirty = false; this.refreshStatus(); }
    }, 200);
  }

  onDaemon(state) {
    const label = document.getElementById('daemon-state');
    label.textContent = state.up ? `msghostd pid ${state.pid} · ${state.clock} clock` : `msghostd not answering${state.error ? `: ${state.error}` : ''}`;
    label.className = `daemon-state ${state.up ? 'up' : 'down'}`;
    // A daemon that came up or restarted is a new world; a push for the recording alone is not.
    const last = this.daemon;
    this.daemon = state;
    if (state.up && (!last || !last.up || last.pid !== state.pid || last.startedAt !== state.startedAt)) {
      document.querySelector('#events tbody').replaceChildren();
      this.loadWorld();
    }
    if (state.up) this.recorder.follow(state.recording);
  }

  onEvent(event) {
    this.pending.events.push(event);
    this.scheduleDraw();
    if (event.device && this.phones.has(event.device)) {
      this.phones.get(event.device).mark(...(DEVICE_PARTS[event.kind] || ['view']));
    }
    if (event.kind === 'sent' && event.conversation) {
      const conversation = this.world.conversations.find((c) => c.id === event.conversation);
      for (const phone of this.phones.values()) {
        if (conversation && conversation.members.includes(phone.device.owner)) phone.mark('transcript', 'held');
      }
    }
    if (REFUSALS.has(event.kind) && event.device && this.phones.has(event.device)) {
      this.phones.get(event.device).refused(event);
    }
    if (!FREQUENT.has(event.kind)) this.refreshStatus();
    // Who is in a conversation changed: every phone's list, title and members follow.
    if (event.kind === 'memberAdded' || event.kind === 'memberRemoved') this.loadWorld();
  }

  onFrame(frame) {
    this.pending.frames.push(frame);
    this.scheduleDraw();
  }

  /** Rows are added once per animation frame, however fast they come. */
  scheduleDraw() {
    if (this.drawScheduled) return;
    this.drawScheduled = true;
    requestAnimationFrame(() => {
      this.drawScheduled = false;
      this.drawEvents();
      this.drawFrames();
    });
  }

  drawEvents() {
    const events = this.pending.events.splice(0);
    if (!events.length) return;
    const body = document.querySelector('#events tbody');
    const rows = events.map((e) => el('tr', {
      class: `event kind-${e.kind}${e.code !== undefined && e.code !== null ? ' refused' : ''}`, 'data-kind': e.kind, 'data-testid': 'event',
      hidden: !this.showsEvent(e.kind),
    },
    el('td', {}, formatTime(e.time)), el('td', {}, e.kind), el('td', {}, e.device || ''), el('td', {}, e.app ? this.appName(e.app) : ''),
    el('td', { class: 'code' }, e.code !== undefined && e.code !== null ? `${e.code} ${e.name || ''}` : (e.name || '')),
    el('td', {}, e.detail || e.instance || '')));
    body.prepend(...rows.reverse());
    while (body.children.length > MAX_ROWS) body.lastElementChild.remove();
  }

  /** Whether the events table shows an event of `kind` ("routine" unchecked hides the lifecycle). */
  showsEvent(kind) {
    return document.getElementById('events-routine').checked || !ROUTINE.has(kind);
  }

  /** Whether the inspector's filter lets a frame through: its device, app (id or name) or type. */
  showsFrame(frame) {
    const filter = document.getElementById('frames-filter').value.trim().toLowerCase();
    if (!filter) return true;
    return [frame.device, frame.app, frame.app && this.appName(frame.app), frame.type].some((v) => v && v.toLowerCase().includes(filter));
  }

  /** "routine" and the filter changed: every row already shown follows, not only those to come. */
  refilter() {
    for (const row of document.querySelectorAll('#events tbody tr')) row.hidden = !this.showsEvent(row.dataset.kind);
    for (const row of document.querySelectorAll('#frames tbody tr')) row.hidden = !this.showsFrame(row.frame);
  }

  drawFrames() {
    const frames = this.pending.frames.splice(0);
    if (!frames.length) return;
    const body = document.querySelector('#frames tbody');
    const rows = frames.map((f) => {
      const row = el('tr', {
        class: `frame dir-${f.direction}${f.error ? ' failed' : ''}`, 'data-testid': 'frame', 'data-type': f.type, hidden: !this.showsFrame(f),
        onclick: () => { document.getElementById('frame-body').textContent = JSON.stringify(f, null, 2); },
      },
      el('td', {}, formatTime(f.time)), el('td', {}, f.device || ''), el('td', {}, f.app ? this.appName(f.app) : ''),
      el('td', { title: f.direction === 'in' ? 'extension → daemon' : 'daemon → extension' }, f.direction === 'in' ? '→' : '←'),
      el('td', {}, f.type), el('td', { class: 'id' }, f.replyTo ? `↩ ${f.replyTo}` : f.id),
      el('td', { class: 'code' }, f.error ? `${f.error.name || ''} ${f.error.code !== undefined ? f.error.code : ''} ${f.error.description || f.error.message || ''}` : ''));
      row.frame = f;  // what the filter reads when it changes
      return row;
    });
    body.prepend(...rows.reverse());
    while (body.children.length > MAX_ROWS) body.lastElementChild.remove();
  }

  connect(withFrames) {
    if (this.stream) this.stream.close();
    this.stream = openStream(withFrames, {
      daemon: (state) => this.onDaemon(state),
      event: (event) => this.onEvent(event),
      frame: (frame) => this.onFrame(frame),
      closed: (refused) => {
        const label = document.getElementById('daemon-state');
        label.textContent = refused
          ? 'msghost-web refused the stream (restarted with a new token?): open the URL it printed'
          : 'msghost-web not answering (reconnecting…)';
        label.className = 'daemon-state down';
      },
    });
  }

  start() {
    document.getElementById('reload-world').onclick = () => this.loadWorld();
    document.getElementById('events-clear').onclick = () => document.querySelector('#events tbody').replaceChildren();
    document.getElementById('frames-clear').onclick = () => document.querySelector('#frames tbody').replaceChildren();
    document.getElementById('events-routine').onchange = () => this.refilter();
    document.getElementById('frames-filter').oninput = () => this.refilter();
    const framesOn = document.getElementById('frames-on');
    framesOn.checked = localStorage.getItem('msghost.frames') === '1';
    framesOn.onchange = () => {
      localStorage.setItem('msghost.frames', framesOn.checked ? '1' : '0');
      document.querySelector('#frames tbody').replaceChildren();
      this.connect(framesOn.checked);
    };
    document.getElementById('clock-advance').onclick = async () => {
      try {
        const reply = await control('advanceClock', { milliseconds: Number(document.getElementById('clock-ms').value) || 0 });
        document.getElementById('clock-now').textContent = formatTime(reply.now);
      } catch (error) {
        this.toast(error.message, 'error');
      }
    };
    window.addEventListener('hashchange', () => { this.drawPicker(); this.drawPhones(); });
    this.recorder = new SessionRecorder(this);
    this.recorder.start();
    this.connect(framesOn.checked);
  }
}

window.msghost = new Page();
window.msghost.start();
