// Drawing what the daemon says a device shows: bubbles from transcript entries, and the view an
// extension declared (PROTOCOL.md §4.4, setView). Pure functions from values to DOM nodes.
import { fileURL } from './api.js';

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'style' && typeof value === 'object') Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function formatTime(ms) {
  const date = new Date(ms);
  return date.toISOString().slice(11, 23);
}

/** The template a bubble shows: the device's rendering ($uuid → its contact names) over the layout. */
function template(entry) {
  const layout = entry.message && entry.message.layout;
  const base = layout ? (layout.type === 'live' ? layout.alternateLayout || {} : layout) : {};
  const rendered = entry.rendered || {};
  const pick = (key) => (rendered[key] !== undefined && rendered[key] !== null ? rendered[key] : base[key]);
  return {
    caption: pick('caption'), subcaption: pick('subcaption'),
    trailingCaption: pick('trailingCaption'), trailingSubcaption: pick('trailingSubcaption'),
    imageTitle: pick('imageTitle'), imageSubtitle: pick('imageSubtitle'),
    image: base.image && base.image.url, media: base.mediaFileURL,
  };
}

/**
 * One transcript entry as Messages draws it on this device. `mine` when the device's owner
 * sent it; `appName` names the bubble's app; `onTap` opens the app on the bubble.
 */
export function bubble(entry, { mine, appName, onTap, onDropSticker }) {
  const classes = ['entry', mine ? 'mine' : 'theirs', `kind-${entry.kind}`];
  if (entry.expiring) classes.push('expiring');
  const meta = el('div', { class: 'meta' },
    mine ? null : el('span', { class: 'sender', 'data-testid': 'sender-name' }, entry.senderName),
    entry.expiring ? el('span', { class: 'badge', title: 'expires after it is shown, unless kept' }, entry.kept ? 'kept' : '⏱ expiring') : null);
  const wrap = el('div', { class: classes.join(' '), 'data-entry': entry.entry, 'data-kind': entry.kind, 'data-testid': 'entry' }, meta);
  // A sticker of the app's view dragged here is peeled onto this bubble (PROTOCOL.md §4.11).
  if (onDropSticker) {
    wrap.addEventListener('dragover', (event) => {
      if (event.dataTransfer.types.includes(STICKER_DRAG)) event.preventDefault();
    });
    wrap.addEventListener('drop', (event) => {
      const index = event.dataTransfer.getData(STICKER_DRAG);
      if (index === '') return;
      event.preventDefault();
      onDropSticker(entry, Number(index));
    });
  }
  switch (entry.kind) {
    case 'message': {
      const t = template(entry);
      const live = entry.rendering === 'live';
      const card = el('button', {
        class: `bubble app-bubble rendering-${entry.rendering || 'template'}`,
        'data-testid': 'app-bubble', title: 'tap: open the app on this message',
        onclick: () => onTap(entry),
      });
      if (live && entry.liveSize) {
        card.style.width = `${Math.min(entry.liveSize.width, 300)}px`;
        card.append(el('div', { class: 'live', style: { height: `${Math.min(entry.liveSize.height, 400)}px` } },
          el('span', {}, `live layout · ${entry.liveSize.width}×${entry.liveSize.height}`)));
      } else {
        const image = t.image ? el('img', { src: fileURL(t.image), alt: (entry.message && entry.message.accessibilityLabel) || '' }) : null;
        const media = !image && t.media ? el('div', { class: 'media' }, '▶ media') : null;
        if (image || media || t.imageTitle || t.imageSubtitle) {
          card.append(el('div', { class: 'image' }, image, media,
            el('div', { class: 'image-text' },
              t.imageTitle ? el('div', { class: 'image-title', 'data-testid': 'image-title' }, t.imageTitle) : null,
              t.imageSubtitle ? el('div', { class: 'image-subtitle' }, t.imageSubtitle) : null)));
        }
      }
      card.append(el('div', { class: 'captions' },
        el('div', { class: 'caption-row' },
          el('span', { class: 'caption', 'data-testid': 'caption' }, t.caption || ''),
          el('span', { class: 'trailing' }, t.trailingCaption || '')),
        el('div', { class: 'caption-row sub' },
          el('span', { class: 'subcaption' }, t.subcaption || ''),
          el('span', { class: 'trailing' }, t.trailingSubcaption || ''))));
      const footer = [appName || entry.app];
      if (entry.rendering === 'alternate') footer.push('alternate layout');
      if (!entry.message) footer.push('app not installed here');
      card.append(el('div', { class: 'app-name' }, footer.join(' · ')));
      wrap.append(card);
      break;
    }
    case 'summary':
      wrap.append(el('div', { class: 'bubble summary', 'data-testid': 'summary' }, (entry.rendered && entry.rendered.summaryText) || entry.text || ''));
      break;
    case 'text':
      wrap.append(el('div', { class: 'bubble text' }, entry.text || ''));
      break;
    case 'sticker':
      wrap.append(el('img', { class: 'sticker', src: fileURL(entry.file && entry.file.url), alt: entry.text || 'sticker' }));
      // Peeled onto a bubble (PROTOCOL.md §4.11): say which, as the page draws no overlay.
      if (entry.peeledOnto) {
        wrap.dataset.peeledOnto = entry.peeledOnto;
        wrap.append(el('div', { class: 'peeled', 'data-testid': 'peeled' }, 'peeled onto an earlier bubble'));
      }
      break;
    case 'attachment':
    case 'legacyImage':
      if (entry.file && entry.file.mediaType && entry.file.mediaType.startsWith('image/')) {
        wrap.append(el('img', { class: 'bubble attachment', src: fileURL(entry.file.url), alt: entry.file.filename || '' }));
      } else {
        wrap.append(el('div', { class: 'bubble attachment' }, `📎 ${(entry.file && entry.file.filename) || entry.text || 'attachment'}`));
      }
      break;
    case 'legacyURL':
      wrap.append(el('div', { class: 'bubble text' }, el('a', { href: entry.text, target: '_blank', rel: 'noreferrer' }, entry.text || '')));
      break;
    default:
      wrap.append(el('div', { class: 'bubble text' }, entry.text || entry.kind));
  }
  return wrap;
}

/** The drag type that carries a view sticker's index from the app area to a bubble. */
const STICKER_DRAG = 'application/x-msghost-sticker';

/** What an input of the view delivers to `activate`, as a string (PROTOCOL.md §4.9). */
function inputValue(node) {
  if (node.type === 'checkbox') return node.checked ? 'true' : 'false';
  if (node.dataset.choice !== undefined) return node.dataset.value || '';
  return node.value;
}

/** A choice: segments side by side (UISegmentedControl), or a list (UIPickerView). */
function choice(element) {
  if (element.style === 'picker') {
    const select = el('select', { class: 'view-picker', 'data-field': element.id, 'data-testid': 'view-choice', 'aria-label': element.id },
      element.selected ? null : el('option', { value: '', disabled: true, selected: true }, '—'),
      element.options.map((option) => el('option', { value: option.id, selected: option.id === element.selected }, option.title)));
    return select;
  }
  const group = el('div', {
    class: 'view-segments', role: 'radiogroup', 'aria-label': element.id,
    'data-field': element.id, 'data-choice': '', 'data-value': element.selected || '', 'data-testid': 'view-choice',
  });
  const pick = (id) => {
    group.dataset.value = id;
    for (const segment of group.children) segment.setAttribute('aria-checked', segment.dataset.option === id ? 'true' : 'false');
  };
  group.append(...element.options.map((option) => el('button', {
    type: 'button', class: 'view-segment', role: 'radio', 'data-option': option.id,
    'aria-checked': option.id === element.selected ? 'true' : 'false', onclick: () => pick(option.id),
  }, option.title)));
  return group;
}

/** A date, time or both (UIDatePicker), as the browser's own input of that kind. */
function dateInput(element) {
  const type = { date: 'date', time: 'time', dateAndTime: 'datetime-local' }[element.mode || 'date'];
  const input = el('input', {
    class: 'view-date', type, 'data-field': element.id, 'data-testid': 'view-date', 'aria-label': element.title || element.id,
    value: element.value || '', min: element.minimum, max: element.maximum,
  });
  return element.title ? el('label', { class: 'view-label' }, el('span', {}, element.title), input) : input;
}

/**
 * A sticker of the app's own screen (MSStickerView): tap "Insert" to put it in the input field,
 * or peel it onto a bubble: drag it there, or tap "Peel" and then the bubble.
 */
function sticker(element, { onInsertSticker, onPeelSticker }) {
  const image = element.image && element.image.url;
  const side = element.width ? `${Math.min(element.width, 320)}px` : null;
  return el('figure', { class: 'view-sticker', 'data-sticker': element.sticker, 'data-testid': 'view-sticker' },
    el('img', {
      src: image ? fileURL(image) : null, alt: element.accessibilityLabel || 'sticker', draggable: 'true', style: { width: side },
      ondragstart: (event) => {
        event.dataTransfer.setData(STICKER_DRAG, String(element.sticker));
        event.dataTransfer.effectAllowed = 'copy';
        // The transcript is where it goes: an expanded app steps aside while it is dragged.
        const phone = event.target.closest('.phone');
        if (phone) phone.classList.add('dragging-sticker');
      },
      ondragend: (event) => {
        const phone = event.target.closest('.phone');
        if (phone) phone.classList.remove('dragging-sticker');
      },
    }),
    el('figcaption', {},
      el('button', { type: 'button', 'data-testid': 'sticker-insert', onclick: () => onInsertSticker(element.sticker) }, 'Insert'),
      el('button', { type: 'button', 'data-testid': 'sticker-peel', title: 'then tap a bubble', onclick: () => onPeelSticker(element.sticker) }, 'Peel')));
}

/**
 * The app's own screen, drawn from its UIKit views (PROTOCOL.md §4.9, `screen`): its picture,
 * scaled to the app area, where a click is a tap at that point (control `tapScreen`), a right
 * click a long press, and a drag with the mouse (or a finger) a drag from where it went down
 * to where it was let go (`tapScreen` with `to`): a game's piece moved; over it, one
 * transparent button per item, named by its label, so that a keyboard, a screen reader or a
 * test finds "Send" by name. Clicking a text field asks for what to type, and sends it with
 * the tap.
 */
function screen(element, { onTapScreen, onInsertSticker, onPeelSticker }) {
  const figure = el('div', { class: 'view-screen', 'data-testid': 'view-screen', style: { aspectRatio: `${element.width} / ${element.height}` } });
  const at = (event) => {
    const box = figure.getBoundingClientRect();
    const x = Math.min(element.width - 0.01, Math.max(0, (event.clientX - box.left) * (element.width / box.width)));
    const y = Math.min(element.height - 0.01, Math.max(0, (event.clientY - box.top) * (element.height / box.height)));
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  };
  const image = el('img', { src: fileURL(element.image && element.image.url), alt: 'the app\'s screen', draggable: 'false' });
  figure.append(image);
  const typing = el('form', { class: 'screen-typing', hidden: true });
  const typed = el('input', { 'data-testid': 'screen-text', 'aria-label': 'text to type' });
  typing.append(typed, el('button', { type: 'submit' }, 'type'));
  let typingAt = null;
  typing.addEventListener('submit', (event) => {
    event.preventDefault();
    if (typingAt) onTapScreen(typingAt.x, typingAt.y, { text: typed.value });
    // Let go of the focus, so the phone redraws the screen the typing changed.
    typed.blur();
    typing.hidden = true;
  });
  for (const item of element.items || []) {
    const centre = { x: item.x + item.width / 2, y: item.y + item.height / 2 };
    const box = el('button', {
      type: 'button', class: `screen-item role-${item.role}`, 'data-testid': 'screen-item', 'data-role': item.role,
      'aria-label': item.label || item.role, title: [item.label, item.value].filter(Boolean).join(': ') || item.role,
      disabled: item.enabled === false,
      style: {
        left: `${(item.x / element.width) * 100}%`, top: `${(item.y / element.height) * 100}%`,
        width: `${(item.width / element.width) * 100}%`, height: `${(item.height / element.height) * 100}%`,
      },
      onclick: (event) => {
        event.stopPropagation();
        if (item.role === 'textField') {
          typingAt = centre;
          typed.value = '';
          typing.hidden = false;
          typed.focus();
          return;
        }
        onTapScreen(centre.x, centre.y, {});
      },
    });
    // Only what can be acted on takes clicks itself; the rest lets them through to the picture.
    if (!['button', 'textField', 'switch', 'segmentedControl', 'control', 'sticker'].includes(item.role)) box.style.pointerEvents = 'none';
    figure.append(box);
    // A sticker view: a click taps it (the app stages it); Insert and Peel, over its bottom
    // edge, are the host's, as for a declared sticker (the app's stickers, by the item's index).
    if (item.role === 'sticker' && onInsertSticker) {
      const index = Number(item.value);
      figure.append(el('div', {
        class: 'screen-sticker', style: { left: `${(item.x / element.width) * 100}%`, top: `${((item.y + item.height) / element.height) * 100}%` },
        onclick: (event) => event.stopPropagation(),
      },
        el('button', { type: 'button', 'data-testid': 'sticker-insert', onclick: () => onInsertSticker(index) }, 'Insert'),
        el('button', { type: 'button', 'data-testid': 'sticker-peel', title: 'then tap a bubble', onclick: () => onPeelSticker(index) }, 'Peel')));
    }
  }
  // A press that moves more than 10 of the screen's points before it is let go is a drag (a
  // pan begins there in UIKit): sent once, on release, and the click that follows is no tap.
  let pressed = null;
  let dragged = false;
  figure.addEventListener('pointerdown', (event) => { if (event.button === 0) pressed = at(event); });
  figure.addEventListener('pointerup', (event) => {
    const start = pressed;
    pressed = null;
    if (!start || event.button !== 0) return;
    const end = at(event);
    if (Math.hypot(end.x - start.x, end.y - start.y) <= 10) return;
    dragged = true;
    onTapScreen(start.x, start.y, { to: end });
  });
  figure.addEventListener('click', (event) => {
    if (!dragged) return;
    dragged = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  figure.addEventListener('click', (event) => { const p = at(event); onTapScreen(p.x, p.y, {}); });
  figure.addEventListener('contextmenu', (event) => { event.preventDefault(); const p = at(event); onTapScreen(p.x, p.y, { long: true }); });
  return el('div', { class: 'view-screen-wrap' }, figure, typing);
}

/**
 * The view an extension declared, drawn in its app area. Buttons activate (a user touch with
 * the button's payload, control `activate`), carrying every input's current value: text
 * fields' texts, choices' option ids, toggles' "true"/"false", dates in their mode's format.
 */
export function declaredView(view, { onActivate, onInsertSticker, onPeelSticker, onTapScreen }) {
  const root = el('div', { class: 'declared-view', 'data-testid': 'declared-view' });
  const fields = () => {
    const values = {};
    for (const node of root.querySelectorAll('[data-field]')) values[node.dataset.field] = inputValue(node);
    return values;
  };
  const draw = (elements, depth) => elements.map((element) => {
    switch (element.type) {
      case 'text':
        return el('div', { class: `view-text style-${element.style || 'body'}` }, element.text);
      case 'image': {
        const image = element.image && (element.image.url || element.image);
        return el('img', {
          class: 'view-image', src: typeof image === 'string' ? fileURL(image) : null, alt: element.accessibilityLabel || '',
          style: { width: element.width ? `${Math.min(element.width, 320)}px` : null },
        });
      }
      case 'button':
        return el('button', {
          class: 'view-button', 'data-button': element.id, 'data-testid': 'view-button',
          disabled: element.enabled === false,
          onclick: () => onActivate(element.id, fields()),
        }, element.title);
      case 'textField':
        return el('input', { class: 'view-field', 'data-field': element.id, placeholder: element.placeholder || '', value: element.text || '' });
      case 'choice':
        return choice(element);
      case 'toggle':
        return el('label', { class: 'view-label view-toggle' },
          el('input', { type: 'checkbox', role: 'switch', 'data-field': element.id, 'data-testid': 'view-toggle', checked: element.on === true }),
          el('span', {}, element.title));
      case 'date':
        return dateInput(element);
      case 'sticker':
        return sticker(element, { onInsertSticker, onPeelSticker });
      case 'row':
        return el('div', { class: 'view-row' }, depth < 8 ? draw(element.elements || [], depth + 1) : []);
      case 'screen':
        return screen(element, { onTapScreen, onInsertSticker, onPeelSticker });
      default:
        return el('div', { class: 'view-text' }, `(${element.type})`);
    }
  });
  root.append(...draw(view.elements || [], 0));
  return root;
}
