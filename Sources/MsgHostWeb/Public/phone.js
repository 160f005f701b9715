// One device's screen: its conversations, the shown transcript, the input field, the app drawer
// and the open app's area, and its deliveries. Everything it shows is read back from the daemon
// (control requests) whenever the event stream says the device changed; every control acts
// through the daemon exactly as msghostctl would.
import { control } from './api.js';
import { bubble, declaredView, el } from './render.js';

/** Apple's names for the device models of the world (DeviceModel, PROTOCOL.md §7). */
const MODEL_NAMES = { iPhoneSE: 'iPhone SE', iPhone14: 'iPhone 14', iPhone15: 'iPhone 15', iPhone15ProMax: 'iPhone 15 Pro Max', iPad: 'iPad' };

export class Phone {
  constructor(device, page) {
    this.device = device;
    this.page = page;
    this.conversation = null;
    this.data = { transcript: null, input: null, view: null, held: null, sheet: null };
    this.dirty = new Set(['transcript', 'input', 'view', 'held', 'sheet']);
    this.busy = false;
    this.hasHeld = true;
    this.element = el('article', { class: 'phone', 'data-device': device.id, 'data-testid': `phone-${device.id}` });
    this.render();
    this.flush();
  }

  get owner() { return this.page.world.people.find((p) => p.handle === this.device.owner) || { handle: this.device.owner, name: this.device.owner }; }

  /** Marks parts to read again; they are read at most every 100 ms, one read at a time. */
  mark(...parts) {
    for (const part of parts) this.dirty.add(part);
    if (!this.busy) this.flush();
  }

  async flush() {
    if (this.busy || this.dirty.size === 0) return;
    this.busy = true;
    const parts = new Set(this.dirty);
    this.dirty.clear();
    const device = this.device.id;
    const reads = [];
    if (parts.has('transcript') && this.conversation) {
      reads.push(control('transcript', { device, conversation: this.conversation, limit: 50 })
        .then((r) => { this.data.transcript = r; }, (e) => this.fail(e)));
    }
    if (parts.has('input') && this.conversation && this.isMember()) {
      reads.push(control('inputField', { device, conversation: this.conversation })
        .then((r) => { this.data.input = r; }, (e) => this.fail(e)));
    }
    if (parts.has('view')) {
      reads.push(control('view', { device }).then((r) => { this.data.view = r; }, (e) => this.fail(e)));
    }
    if (parts.has('sheet')) {
      reads.push(control('composeSheet', { device }).then((r) => { this.data.sheet = r; }, (e) => this.fail(e)));
    }
    if (parts.has('held') && this.hasHeld) {
      reads.push(control('held', { device }).then((r) => { this.data.held = r.messages || []; }, () => { this.hasHeld = false; }));
    }
    await Promise.all(reads);
    this.render();
    setTimeout(() => { this.busy = false; this.flush(); }, 100);
  }

  /** Whether the owner is in the shown conversation (a former member only reads it). */
  isMember() {
    const conversation = this.page.world.conversations.find((c) => c.id === this.conversation);
    return !!conversation && conversation.members.includes(this.device.owner);
  }

  fail(error) { this.page.toast(`${this.device.id}: ${error.message}`, 'error'); }

  /** Runs a control request the user asked for; errors are shown, never thrown. */
  async act(command, body, ...parts) {
    try {
      const reply = await control(command, { device: this.device.id, ...body });
      this.mark(...(parts.length ? parts : ['transcript', 'input', 'view', 'held', 'sheet']));
      return reply;
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  async show(conversation) {
    const reply = await this.act('show', conversation ? { conversation } : {});
    if (reply) {
      this.conversation = conversation;
      this.data.transcript = null;
      this.data.input = null;
      this.mark('transcript', 'input');
    }
  }

  conversationTitle(conversation) {
    const names = conversation.members.filter((m) => m !== this.device.owner)
      .map((m) => (this.page.world.people.find((p) => p.handle === m) || { name: m }).name);
    return names.join(', ');
  }

  /**
   * Redraws each part of the screen from what was read. A part that holds the focus (the
   * user is typing in it, or pressing one of its buttons) is left alone and redrawn once the
   * focus leaves it, so an update never eats a keystroke.
   */
  render() {
    if (!this.parts) {
      this.parts = {};
      for (const name of ['header', 'screen', 'app', 'sheet', 'input', 'drawer', 'notices', 'delivery']) {
        const part = el('div', { class: `part part-${name}` });
        part.addEventListener('focusout', () => setTimeout(() => { if (this.stale && !part.contains(document.activeElement)) this.render(); }, 300));
        this.parts[name] = part;
      }
      // The phone keeps its size: the screen and what opens over it share the body, where an
      // expanded app covers the transcript as on iOS and a refusal shows over whatever is there.
      const { header, delivery, ...body } = this.parts;
      this.element.append(header, el('div', { class: 'phone-body' }, ...Object.values(body)), delivery);
    }
    const world = this.page.world;
    const scroll = this.element.querySelector('.transcript');
    const atBottom = !scroll || scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight < 40;
    const status = (this.page.status && this.page.status.extensions || []).filter((x) => x.device === this.device.id);
    const drawn = {
      header: () => el('header', { class: 'phone-header' },
        el('div', { class: 'device-name' }, this.owner.name),
        el('div', { class: 'device-id', 'data-testid': 'device-id' }, [this.device.id, MODEL_NAMES[this.device.model] || this.device.model, this.device.platform].filter(Boolean).join(' · ')),
        el('div', { class: 'processes' }, status.map((x) => el('span', { class: `process state-${x.state}`, title: `pid ${x.pid || '–'}` }, `${this.page.appName(x.app)}${x.role === 'parentApp' ? ' (app)' : ''}: ${x.state}`)))),
      screen: () => this.renderScreen(world),
      app: () => this.renderApp(),
      sheet: () => this.renderSheet(),
      input: () => this.renderInput(),
      drawer: () => this.renderDrawer(world),
      notices: () => this.renderNotices(),
      delivery: () => this.renderDelivery(),
    };
    const active = document.activeElement;
    const typing = active && (active.tagName === 'TEXTAREA' || (active.tagName === 'INPUT' && !['checkbox', 'button'].includes(active.type))) ? active : null;
    this.stale = false;
    for (const [name, draw] of Object.entries(drawn)) {
      const part = this.parts[name];
      if (typing && part.contains(typing)) { this.stale = true; continue; }
      const node = draw();
      if (node) part.replaceChildren(node);  // null: the part was brought up to date in place
    }
    const transcript = this.element.querySelector('.transcript');
    if (transcript && atBottom) transcript.scrollTop = transcript.scrollHeight;
  }

  renderScreen(world) {
    if (!this.conversation) {
      this.screen = null;
      const mine = world.conversations.filter((c) => c.members.includes(this.device.owner));
      return el('section', { class: 'screen conversations', 'data-testid': 'conversations' },
        el('h3', {}, 'Messages'),
        mine.map((c) => el('button', { class: 'conversation', 'data-conversation': c.id, onclick: () => this.show(c.id) },
          el('strong', {}, this.conversationTitle(c)), el('small', {}, c.id))));
    }
    const conversation = world.conversations.find((c) => c.id === this.conversation) || { id: this.conversation, members: [] };
    const members = conversation.members.join(',');
    const fresh = !this.screen || this.screen.conversation !== this.conversation || this.screen.members !== members;
    if (fresh) {
      this.screen = {
        conversation: this.conversation,
        members,
        older: el('div', { class: 'older' }),
        list: el('div', { class: 'transcript', 'data-testid': 'transcript' }),
        entries: new Map(),  // entry id → { key, node }: a bubble is redrawn only when it changed
        order: '',
      };
      this.screen.node = el('section', { class: 'screen' },
        el('div', { class: 'screen-title' },
          el('button', { class: 'back', title: 'conversation list', onclick: () => this.show(null) }, '‹'),
          el('strong', {}, this.conversationTitle(conversation)),
          this.renderMembers(world, conversation)),
        this.screen.list);
    }
    this.updateTranscript();
    return fresh ? this.screen.node : null;
  }

  /**
   * Who is in the conversation, with add and remove (control `addMember`, `removeMember`);
   * the page reads the world again on the events they make, so every phone follows.
   */
  renderMembers(world, conversation) {
    const name = (handle) => (world.people.find((p) => p.handle === handle) || { name: handle }).name;
    const others = world.people.filter((p) => !conversation.members.includes(p.handle));
    const pick = el('select', { 'data-testid': 'add-member-person', 'aria-label': 'person to add' },
      others.map((p) => el('option', { value: p.handle }, p.name)));
    const change = async (command, person) => {
      try {
        await control(command, { conversation: conversation.id, person });
      } catch (error) {
        this.fail(error);
      }
    };
    return el('details', { class: 'members', 'data-testid': 'members' },
      el('summary', {}, `${conversation.members.length} people`),
      el('ul', {}, conversation.members.map((m) => el('li', { 'data-member': m }, name(m), ' ',
        el('button', { class: 'remove-member', 'data-testid': `remove-member-${m}`, title: `remove ${name(m)}`, onclick: () => change('removeMember', m) }, '−')))),
      others.length ? el('div', { class: 'add-member' }, pick,
        el('button', { 'data-testid': 'add-member', onclick: () => change('addMember', pick.value) }, 'add')) : null);
  }

  /**
   * Brings the transcript up to date with the newest page read, touching only the bubbles
   * that changed: under a flood of messages most of the fifty on screen are the same as at
   * the last read, and redrawing them (images included) ten times a second is what would
   * make the page fall behind.
   */
  updateTranscript() {
    const screen = this.screen;
    const transcript = this.data.transcript;
    const entries = transcript ? transcript.entries : [];
    const kept = new Map();
    let changed = false;
    const nodes = entries.map((entry) => {
      const key = JSON.stringify(entry);
      const known = screen.entries.get(entry.entry);
      if (known && known.key === key) {
        kept.set(entry.entry, known);
        return known.node;
      }
      changed = true;
      const node = bubble(entry, {
        mine: entry.sender === this.device.owner,
        appName: entry.app && this.page.appName(entry.app),
        onTap: (e) => this.tap(e),
        onDropSticker: (e, index) => this.peel(index, e),
      });
      kept.set(entry.entry, { key, node });
      return node;
    });
    const order = entries.map((e) => e.entry).join(',');
    screen.entries = kept;
    screen.older.textContent = transcript && transcript.more ? `${transcript.olderCount} older` : '';
    if (!changed && order === screen.order) return;
    screen.order = order;
    screen.list.replaceChildren(screen.older, ...nodes);
  }

  async tap(entry) {
    if (this.peeling !== undefined && this.peeling !== null) {
      const index = this.peeling;
      this.peeling = null;
      this.mark('view');
      return this.peel(index, entry);
    }
    const reply = await this.act('tap', { conversation: this.conversation, entry: entry.entry });
    if (reply && reply.action === 'openedURL') this.page.toast(`${this.device.id}: opened ${reply.url}`);
    if (reply && reply.action === 'none') this.page.toast(`${this.device.id}: nothing opens this bubble${reply.reason ? ` (${reply.reason})` : ''}`);
  }

  /**
   * A sticker of the app's view, tapped into the input field (`onto` absent) or peeled onto a
   * bubble: the page opens the app's stickers (`stickers`, which the app answers with its
   * view's stickers) and picks the one the element names (`chooseSticker`), PROTOCOL.md §4.11.
   */
  async peel(index, entry) {
    if (!(await this.act('stickers', {}, 'view'))) return;
    const body = entry ? { sticker: index, onto: entry.entry } : { sticker: index };
    const reply = await this.act('chooseSticker', body);
    if (reply && entry) this.page.toast(`${this.device.id}: peeled the sticker onto a bubble`);
  }

  renderApp() {
    const view = this.data.view;
    if (!view || !view.app) return el('section', { class: 'app-area closed', 'data-testid': 'app-area' });
    const style = view.presentationStyle || 'compact';
    const payload = el('input', {
      class: 'payload', placeholder: 'payload (JSON, optional)', 'aria-label': 'touch payload', value: this.payloadText || '',
      'aria-invalid': this.payloadError ? 'true' : null,
      oninput: () => { this.payloadText = payload.value; },
    });
    const peeling = this.peeling !== undefined && this.peeling !== null;
    return el('section', { class: `app-area ${style}${peeling ? ' peeling' : ''}`, 'data-testid': 'app-area', 'data-app': view.app, 'data-style': style },
      el('div', { class: 'app-bar' },
        el('strong', {}, this.page.appName(view.app)),
        el('span', { class: 'style' }, style),
        el('button', { class: 'chevron', 'data-testid': 'chevron', title: style === 'compact' ? 'expand' : 'compact', onclick: () => this.act('chevron', {}, 'view') }, style === 'compact' ? '⌃' : '⌄'),
        el('button', { class: 'close', 'data-testid': 'close-app', title: 'close the app', onclick: () => this.act('close', {}, 'view') }, '✕')),
      peeling
        ? el('div', { class: 'peeling', 'data-testid': 'peeling' }, 'Tap a bubble to peel the sticker onto it',
          el('button', { type: 'button', onclick: () => { this.peeling = null; this.mark('view'); } }, 'cancel'))
        : null,
      view.view ? declaredView(view.view, {
        onActivate: (button, fields) => this.act('activate', { button, fields }),
        onInsertSticker: (index) => this.peel(index, null),
        onPeelSticker: (index) => { this.peeling = index; this.mark('view'); },
        onTapScreen: (x, y, extra) => this.act('tapScreen', { x, y, ...extra }),
      })
        : el('div', { class: 'no-view' }, 'the extension has not declared a view'),
      el('div', { class: 'touch-row' }, payload,
        el('button', { 'data-testid': 'touch', onclick: () => this.touch(payload.value) }, 'touch')),
      this.payloadError ? el('div', { class: 'payload-error', 'data-testid': 'payload-error', role: 'alert' }, this.payloadError) : null);
  }

  /**
   * The user touches the app, with the payload box's JSON (PROTOCOL.md §7, `touch`). Text that
   * is not JSON is refused here with the parser's message and nothing is sent: the app would
   * otherwise act on a string nobody meant to give it.
   */
  async touch(text) {
    let body = {};
    if (text.trim()) {
      try {
        body = { payload: JSON.parse(text) };
      } catch (error) {
        this.payloadError = `payload is not JSON, nothing was sent: ${error.message}`;
        this.mark('view');
        return;
      }
    }
    this.payloadError = null;
    this.mark('view');
    await this.act('touch', body);
  }

  /**
   * A send or request of an app on this phone was refused (event `sendRefused` or
   * `requestRefused`): shown on the phone, by Apple's name and code, as well as in the events
   * table, until dismissed or for ten seconds.
   */
  refused(event) {
    const app = event.app ? this.page.appName(event.app) : 'an app';
    const notice = { id: `${event.seq}`, text: `${app}: ${event.kind === 'sendRefused' ? 'send' : 'request'} refused, ${event.name || 'error'} (${event.code})${event.detail ? ` · ${event.detail}` : ''}` };
    this.notices = [...(this.notices || []).slice(-2), notice];
    setTimeout(() => this.dismiss(notice.id), 10000);
    this.parts.notices.replaceChildren(this.renderNotices());
  }

  dismiss(id) {
    this.notices = (this.notices || []).filter((n) => n.id !== id);
    this.parts.notices.replaceChildren(this.renderNotices());
  }

  renderNotices() {
    return el('div', { class: 'notices', 'data-testid': 'notices' }, (this.notices || []).map((notice) => el('div', { class: 'notice refusal', 'data-testid': 'refusal', role: 'alert' },
      el('span', {}, notice.text),
      el('button', { class: 'dismiss', title: 'dismiss', onclick: () => this.dismiss(notice.id) }, '✕'))));
  }

  /**
   * The parent app in the foreground (PROTOCOL.md §4.10) and the compose sheet it presented:
   * the user sends or cancels it here (control `compose`), never the app.
   */
  renderSheet() {
    const read = this.data.sheet;
    if (!read || !read.parentApp) return el('section', { class: 'parent-app closed', 'data-testid': 'parent-app' });
    const sheet = read.sheet;
    return el('section', { class: 'parent-app', 'data-testid': 'parent-app', 'data-app': read.parentApp },
      el('div', { class: 'app-bar' },
        el('strong', {}, `${this.page.appName(read.parentApp)} (app)`),
        el('button', { 'data-testid': 'parent-touch', title: 'touch the app', onclick: () => this.act('touch', {}, 'sheet') }, 'touch'),
        el('button', { class: 'close', 'data-testid': 'close-parent-app', title: 'close the app', onclick: () => this.act('closeParentApp', {}, 'sheet') }, '✕')),
      sheet ? el('div', { class: 'compose-sheet', 'data-testid': 'compose-sheet' },
        el('div', { class: 'sheet-to' }, `To: ${sheet.recipients.join(', ')}`),
        sheet.message ? bubble(sheet.message, { mine: true, appName: this.page.appName(sheet.app), onTap: () => {} }) : null,
        sheet.body ? el('div', { class: 'sheet-body' }, sheet.body) : null,
        el('div', { class: 'sheet-buttons' },
          el('button', { 'data-testid': 'compose-cancel', onclick: () => this.act('compose', { action: 'cancel' }, 'sheet') }, 'Cancel'),
          el('button', { class: 'send', 'data-testid': 'compose-send', onclick: () => this.act('compose', { action: 'send' }, 'sheet', 'transcript') }, 'Send')))
        : el('div', { class: 'no-view' }, 'no compose sheet'));
  }

  renderInput() {
    if (!this.conversation) return el('section', { class: 'input-row hidden' });
    if (!this.isMember()) return el('section', { class: 'input-row left', 'data-testid': 'left' }, 'You are no longer in this conversation.');
    const input = this.data.input || { text: '', staged: null };
    const field = el('input', { class: 'compose', 'data-testid': 'compose', placeholder: 'iMessage', value: input.text || '' });
    const pushText = () => (field.value !== (input.text || '') ? this.act('typeText', { conversation: this.conversation, text: field.value }, 'input') : Promise.resolve());
    field.addEventListener('change', pushText);
    field.addEventListener('keydown', async (event) => {
      if (event.key === 'Enter') { await pushText(); field.blur(); this.act('send', { conversation: this.conversation }); }
    });
    return el('section', { class: 'input-row', 'data-testid': 'input-row' },
      input.staged ? el('div', { class: 'staged', 'data-testid': 'staged' },
        bubble(input.staged, { mine: true, appName: input.staged.app && this.page.appName(input.staged.app), onTap: () => {} }),
        el('button', { class: 'delete', 'data-testid': 'delete-staged', title: 'delete (cancel)', onclick: () => this.act('cancel', { conversation: this.conversation }) }, '✕')) : null,
      el('div', { class: 'compose-row' }, field,
        el('button', {
          class: 'send', 'data-testid': 'send',
          onclick: async () => { await pushText(); this.act('send', { conversation: this.conversation }); },
        }, 'Send')));
  }

  renderDrawer(world) {
    const installs = world.installs.filter((i) => i.device === this.device.id);
    return el('section', { class: 'drawer', 'data-testid': 'drawer' },
      installs.map((install) => el('button', {
        class: 'app-icon', 'data-app': install.app, disabled: !this.conversation,
        title: this.conversation ? `open ${this.page.appName(install.app)}` : 'show a conversation first',
        onclick: () => this.act('open', { conversation: this.conversation, app: install.app }, 'view', 'transcript'),
      }, this.page.appName(install.app))));
  }

  renderDelivery() {
    const held = this.data.held || [];
    const hold = el('input', { type: 'checkbox', 'data-testid': 'hold', checked: this.holding });
    const latency = el('input', { type: 'number', min: 0, max: 86400000, value: this.latency || 0, 'aria-label': 'latency ms' });
    const details = el('details', { class: 'delivery', open: this.deliveryOpen || this.holding || held.length > 0 },
      el('summary', { 'data-testid': 'deliveries' }, `deliveries${held.length ? ` · ${held.length} held` : ''}`),
      el('div', { class: 'delivery-row' },
        el('label', {}, hold, ' hold'),
        el('label', {}, 'latency ', latency, ' ms'),
        el('button', {
          'data-testid': 'apply-delivery', onclick: () => {
            this.holding = hold.checked;
            this.latency = Number(latency.value) || 0;
            this.act('delivery', { hold: this.holding, latencyMs: this.latency }, 'held');
          },
        }, 'apply')),
      el('ol', { class: 'held', 'data-testid': 'held' }, held.map((m) => el('li', {}, `${m.sender || ''}: ${m.text || m.kind || m.id}`))),
      el('div', { class: 'delivery-row' },
        el('button', { 'data-testid': 'release-sent', onclick: () => this.act('release', { order: 'sent' }) }, 'release in order'),
        el('button', { 'data-testid': 'release-reverse', onclick: () => this.act('release', { order: 'reverse' }) }, 'release reversed')));
    details.addEventListener('toggle', () => { this.deliveryOpen = details.open; });
    return details;
  }
}
