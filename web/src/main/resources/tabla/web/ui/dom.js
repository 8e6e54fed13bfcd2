// A tiny element builder: h('button', {class: 'x', 'data-test': 'roll', onclick}, 'Roll').

export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked') el.checked = !!v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  append(el, kids);
  return el;
}

function append(el, kids) {
  for (const k of kids) {
    if (k === null || k === undefined || k === false) continue;
    if (Array.isArray(k)) append(el, k);
    else el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replaces el's children (null, false and nested arrays allowed, as in h). */
export function put(el, ...kids) {
  clear(el);
  append(el, kids);
  return el;
}

// what each box a timer redraws was last drawn from (the JSON of its data)
const drawnFrom = new WeakMap();

/**
 * Whether {@code data} differs from what {@code box} was last drawn from; remembers it. A list polled every few seconds
 * is drawn anew only when it changed: the same rows drawn again would drop the keyboard's focus on one of their
 * buttons, and a press held on one across the redraw would click nothing.
 */
export function changed(box, data) {
  const key = JSON.stringify(data);
  if (drawnFrom.get(box) === key) return false;
  drawnFrom.set(box, key);
  return true;
}

export function fmtPercent(part, total) {
  return total > 0 ? ((100 * part) / total).toFixed(2) + ' %' : '–';
}
