// Alerts: the tab's title on my turn (always), and, when the player turns them on here, a short sound and the
// browser's notification (Notification API, after the browser's own permission prompt). Kept in this browser.

import { h } from './dom.js';
import { t } from '../i18n/i18n.js';

const KEY = 'tabla.alerts';

function settings() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || '{}') || {};
  } catch (e) {
    return {};
  }
}

function save(s) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch (e) {
    /* private mode: the setting lasts for this page */
  }
}

/** The title of a tab whose player must act: "▶ Your turn · Tabla". */
export function turnTitle() {
  return '▶ ' + t('alert.yourTurn') + ' · ' + t('app.title');
}

/** A sound and a notification, as this browser's settings allow; the notification only when the tab is hidden. */
export function alertNow(text) {
  const s = settings();
  if (s.sound) beep();
  if (s.notify && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
    try {
      new Notification(t('app.title'), { body: text, tag: 'tabla' });
    } catch (e) {
      /* some browsers allow notifications only from a service worker: the title still says it */
    }
  }
}

function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.15);
    osc.onended = () => ctx.close();
  } catch (e) {
    /* no audio here */
  }
}

/** The board's "my turn" alert: title while it is my turn, sound and notification when it becomes my turn. */
export class TurnAlert {
  constructor() {
    this.mine = false;
  }

  update(s) {
    const mine = s.you !== null && s.you !== undefined && s.turn === s.you && s.status !== 'finished';
    if (mine && !this.mine) alertNow(t('alert.yourTurn'));
    if (mine) document.title = turnTitle();
    else if (this.mine) document.title = t('app.title');
    this.mine = mine;
  }

  stop() {
    if (this.mine) document.title = t('app.title');
  }
}

/** The two switches (sound, notifications), for the board's settings. */
export function alertSwitches() {
  const s = settings();
  const box = (name, test, label, onOn) => h('label', { class: 'opt' },
    h('input', { type: 'checkbox', 'data-test': test, checked: !!s[name], onchange: async (e) => {
      const on = e.target.checked && (!onOn || await onOn());
      e.target.checked = on;
      save(Object.assign(settings(), { [name]: on }));
    } }), ' ', t(label));
  return [
    box('sound', 'alert-sound', 'alert.sound'),
    'Notification' in window
      ? box('notify', 'alert-notify', 'alert.notify', async () => (await Notification.requestPermission()) === 'granted')
      : null,
  ];
}
