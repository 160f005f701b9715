// Recording a session from the page (docs/RECORDING.md): Record and Stop (control
// startRecording and stopRecording), the session and its pytest to download (msghost-web's
// /api/recording/… routes, which read the recording through the control API), and a session
// file to step through: every phone as it was after a step, and that step's frames.
import { control } from './api.js';
import { bubble, el, formatTime } from './render.js';

export class SessionRecorder {
  constructor(page) {
    this.page = page;
    this.session = null;  // { start, steps, end } of an opened file
    this.step = 0;        // 0: the world as the recording found it
  }

  start() {
    document.getElementById('record-start').onclick = () => this.record();
    document.getElementById('record-stop').onclick = () => this.stop();
    document.getElementById('session-file').onchange = (event) => this.open(event.target.files[0]);
    document.getElementById('step-previous').onclick = () => this.show(this.step - 1);
    document.getElementById('step-next').onclick = () => this.show(this.step + 1);
    document.getElementById('session-close').onclick = () => { document.getElementById('session-panel').hidden = true; };
  }

  setState(recording, text) {
    document.getElementById('record-start').disabled = recording;
    document.getElementById('record-stop').disabled = !recording;
    document.getElementById('record-state').textContent = text;
  }

  /**
   * Where the daemon's recording stands (`status` `recording`, pushed with the daemon's state
   * whenever it changes): the label follows it whoever started or stopped the recording,
   * msghostctl as much as this page.
   */
  follow(recording) {
    if (!recording) {
      this.setState(false, '');
      document.getElementById('record-downloads').hidden = true;
    } else if (recording.recording) {
      this.setState(true, `● recording since ${formatTime(recording.startedAt)}`);
      document.getElementById('record-downloads').hidden = true;
    } else {
      this.setState(false, `recorded ${recording.steps} steps`);
      document.getElementById('record-downloads').hidden = false;
    }
  }

  async record() {
    try {
      const result = await control('startRecording');
      this.follow(result);
    } catch (error) {
      this.page.toast(error.message, 'error');
    }
  }

  async stop() {
    try {
      this.follow(await control('stopRecording'));
    } catch (error) {
      this.page.toast(error.message, 'error');
    }
  }

  // -- stepping through a session file ------------------------------------------------------

  async open(file) {
    if (!file) return;
    let session;
    try {
      session = parseSession(await file.text());
    } catch (error) {
      this.page.toast(`${file.name}: ${error.message}`, 'error');
      return;
    }
    this.session = session;
    document.getElementById('session-name').textContent = file.name;
    document.getElementById('session-panel').hidden = false;
    const findings = session.end.findings || [];
    this.showFindings(findings);
    // An explorer's shrunk run ends where its finding shows: open it there.
    this.show(findings.length ? session.steps.length : 0);
  }

  /**
   * What `msghostctl explore` found in the run (the end line's `findings`, docs/EXPLORE.md):
   * each with its step and app, a lost screen's two sides, and a button to go to the end.
   */
  showFindings(findings) {
    const panel = document.getElementById('session-findings');
    panel.hidden = findings.length === 0;
    panel.replaceChildren(...findings.map((finding) => el('div', { class: 'session-finding', 'data-testid': 'session-finding', 'data-kind': finding.kind },
      el('strong', {}, `${finding.kind}`),
      ` at the explorer's step ${finding.step}${finding.app ? ` — ${finding.app}` : ''}${finding.device ? ` on ${finding.device}` : ''}: ${finding.detail}`,
      finding.before !== undefined && finding.after !== undefined
        ? el('div', { class: 'finding-screens' },
          el('pre', { 'data-testid': 'finding-before' }, `before it was ended:\n${finding.before}`),
          el('pre', { 'data-testid': 'finding-after' }, `opened again:\n${finding.after}`))
        : null,
      el('button', { onclick: () => this.show(this.session.steps.length) }, 'go to the last step'))));
  }

  /** Draws the session as it stood after step `index` (0: at the start). */
  show(index) {
    const session = this.session;
    if (!session) return;
    this.step = Math.max(0, Math.min(index, session.steps.length));
    const views = new Map();
    for (const view of session.start.transcripts) applyView(views, view);
    for (const step of session.steps.slice(0, this.step)) {
      for (const change of step.transcripts) applyView(views, change);
    }
    const step = this.step > 0 ? session.steps[this.step - 1] : null;
    document.getElementById('step-previous').disabled = this.step === 0;
    document.getElementById('step-next').disabled = this.step === session.steps.length;
    document.getElementById('step-title').textContent = step
      ? `step ${step.step} of ${session.steps.length} · ${formatTime(session.start.startedAt + step.time)} · ${describe(step)}`
      : `the start · ${session.steps.length} steps`;
    document.getElementById('step-reply').textContent = step ? replyText(step.reply) : '';
    const owners = new Map(session.start.world.people.map((p) => [p.handle, p.name]));
    const devices = [...new Set([...session.start.world.devices.map((d) => d.id), ...[...views.values()].map((v) => v.device)])];
    document.getElementById('session-phones').replaceChildren(...devices.map((id) => {
      const device = session.start.world.devices.find((d) => d.id === id);
      const shown = [...views.values()].filter((v) => v.device === id);
      return el('div', { class: 'session-phone', 'data-testid': 'session-phone', 'data-device': id },
        el('div', { class: 'session-phone-title' }, `${id} · ${device ? owners.get(device.owner) || device.owner : ''}`),
        ...shown.map((view) => el('div', { class: 'session-view', 'data-conversation': view.conversation },
          el('div', { class: 'session-view-title' }, view.conversation),
          ...view.entries.map((entry) => bubble(entry, { mine: entry.senderDevice === id, appName: this.page.appName(entry.app), onTap: () => {} })),
          view.staged || view.text
            ? el('div', { class: 'session-input', 'data-testid': 'session-input' },
              view.staged ? bubble(view.staged, { mine: true, appName: this.page.appName(view.staged.app), onTap: () => {} }) : null,
              view.text ? el('div', { class: 'input-text' }, view.text) : null)
            : null)));
    }));
    const events = step ? step.events : [];
    document.querySelector('#session-events tbody').replaceChildren(...events.map((e) => el('tr', { 'data-testid': 'session-event', 'data-kind': e.kind },
      el('td', {}, e.kind), el('td', {}, e.device || ''), el('td', {}, e.code !== undefined && e.code !== null ? `${e.code} ${e.name || ''}` : (e.name || '')))));
    const frames = step ? step.frames : [];
    document.querySelector('#session-frames tbody').replaceChildren(...frames.map((f) => el('tr', {
      class: `frame dir-${f.direction}${f.error ? ' failed' : ''}`, 'data-testid': 'session-frame', 'data-type': f.type,
      onclick: () => { document.getElementById('session-frame-body').textContent = JSON.stringify(f, null, 2); },
    },
    el('td', {}, formatTime(f.time)), el('td', {}, f.device || ''), el('td', {}, f.app || ''),
    el('td', {}, f.direction === 'in' ? '→' : '←'), el('td', {}, f.type), el('td', { class: 'id' }, f.replyTo ? `↩ ${f.replyTo}` : f.id))));
  }
}

/**
 * A step's change to a view (or a whole view): entries by id, those removed gone, the newest
 * screenful kept (docs/RECORDING.md; SessionViews does the same in Swift).
 */
function applyView(views, change) {
  const key = `${change.device}\n${change.conversation}`;
  const byID = new Map(((views.get(key) || {}).entries || []).map((entry) => [entry.entry, entry]));
  for (const id of change.removed || []) byID.delete(id);
  for (const entry of change.entries) byID.set(entry.entry, entry);
  const entries = [...byID.values()].sort((a, b) => a.entry - b.entry).slice(-SCREENFUL);
  views.set(key, { ...change, entries });
}

const SCREENFUL = 50;

/** A session file's lines, checked as far as the page needs: a session, its steps, its end. */
export function parseSession(text) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const values = lines.map((line, index) => {
    try { return JSON.parse(line); } catch { throw new Error(`line ${index + 1} is not JSON: not a msghost session`); }
  });
  const [start, ...rest] = values;
  if (!start || start.type !== 'session' || start.format !== 'msghost-session') throw new Error('not a msghost session (its first line is of type "session")');
  if (start.version !== 1) throw new Error(`session format version ${start.version}; this page reads version 1`);
  const end = rest.pop();
  if (!end || end.type !== 'end') throw new Error('truncated: no end line');
  if (rest.some((line) => line.type !== 'step')) throw new Error('a line that is not a step between the session line and the end');
  return { start, steps: rest, end };
}

function describe(step) {
  const body = step.body || {};
  const where = [body.device, body.conversation].filter(Boolean).join(' · ');
  const what = body.button ? ` ${body.button}` : body.app ? ` ${body.app}` : body.text !== undefined ? ` "${body.text}"` : '';
  return `${step.command}${what}${where ? ` on ${where}` : ''}`;
}

function replyText(reply) {
  if (!reply) return 'no reply recorded';
  if (reply.status === 'ok') return 'ok';
  const error = reply.error || {};
  return `refused: ${error.name} (${error.domain} ${error.code}) ${error.description || ''}`;
}
