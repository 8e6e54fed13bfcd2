// Rollouts (issue 29): ask for the rollout of a position as a background job on the server (POST /api/rollouts),
// follow its progress by polling, cancel it, and show its figures. Used on the records page (a form per position
// shown in an analysis, the position before a play of a record, and one for any position by its gnubg ID or XGID)
// and on a finished game's replay (the position of the play asked about). `send(method, path, body)` is the page's
// HTTP helper (the records page's ops-api call, the app's api request: each holds its session's CSRF token).
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { call } from '../net/ops-api.js';
import { num } from './analysis.js';

const POLL_MS = 1000;
// the server's bounds (Rollouts.DEFAULT_TRIALS, MAX_TRIALS, MAX_TRUNCATE); it refuses anything beyond them
const DEFAULT_TRIALS = 1296;
const MAX_TRIALS = 10368;
const MAX_TRUNCATE = 100;
/** The five chances, in the rollout's order: their message keys (each named in full, so the i18n check finds them). */
const ENDINGS = ['ro.win', 'ro.winGammon', 'ro.winBackgammon', 'ro.loseGammon', 'ro.loseBackgammon'];

const pm = (x, e, digits) => (x === null || x === undefined ? '–' : num(x, digits) + (e === null || e === undefined ? '' : ' ± ' + num(e, digits)));

/**
 * The move number (from 1, passes counted, as the API's `move`) in its game of each analysed checker play:
 * Map(decision → n). The analysis lists the plays but passes, in order, so they are paired with the game's move
 * lines, checking the player and the play.
 */
export function moveNumbers(rec, decisions) {
  const out = new Map();
  for (const g of rec.games || []) {
    const mine = (decisions || []).filter((d) => d.gameNo === g.number);
    let next = 0;
    let moves = 0;
    for (const line of g.lines) {
      if (!line.action.startsWith('move ')) continue;
      moves++;
      const d = mine[next];
      if (d && d.player === line.player && line.action === 'move ' + d.played) {
        out.set(d, moves);
        next++;
      }
    }
  }
  return out;
}

/** A rollout's settings as a line: trials, cubeless or cubeful, truncation. */
function settingsText(r) {
  return t('ro.settings', { trials: r.trials, kind: t(r.cubeful ? 'ro.cubeful' : 'ro.cubeless'),
    truncate: r.truncate ? t('ro.truncated', { plies: r.truncate }) : t('ro.full') });
}

/** The figures of a finished (or cancelled) rollout: equity, the five chances, each with its standard error. */
export function figures(r) {
  const f = r.result;
  if (!f) return null;
  const rows = [];
  if (f.cubeful !== null && f.cubeful !== undefined) rows.push(['ro.cubefulEquity', pm(f.cubeful, f.cubefulError, 3), 'ro-cubeful']);
  rows.push(['ro.cubelessEquity', pm(f.equity, f.equityError, 3), 'ro-equity']);
  ENDINGS.forEach((k, i) => rows.push([k, pm(100 * f.probabilities[i], f.probabilityErrors[i] === null ? null : 100 * f.probabilityErrors[i], 1) + ' %', k.replace('.', '-')]));
  return h('div', { class: 'rollout-figures', 'data-test': 'rollout-result' },
    h('table', {}, h('tbody', {}, rows.map(([key, text, test]) => h('tr', {}, h('th', {}, t(key)), h('td', { 'data-test': test }, text))))),
    h('div', { class: 'hint', 'data-test': 'rollout-trials' }, t('ro.played', { trials: f.trials, seconds: num(f.seconds, 1) }),
      f.complete ? '' : ' ' + t('ro.partial')));
}

/** Follows rollout `id` in `box`: its progress while it waits or runs (with a cancel button), then its figures. */
export async function followRollout(box, id, send = call) {
  const r = await send('GET', `/api/rollouts/${id}`);
  const live = r.state === 'queued' || r.state === 'running';
  const progress = r.state === 'queued' ? t('ro.queued')
    : t('ro.progress', { done: r.done, trials: r.trials, equity: pm(r.equity, r.equityError, 3) });
  const cancel = h('button', { type: 'button', 'data-test': 'rollout-cancel', onclick: async () => {
    cancel.disabled = true;
    try {
      await send('POST', `/api/rollouts/${id}/cancel`);
    } catch (e) {
      put(box, h('p', { class: 'err' }, e.message));
    }
  } }, t('ro.cancel'));
  put(box, h('div', { class: 'hint' }, h('code', {}, r.position), ' · ', settingsText(r)),
    live ? h('p', { role: 'status', 'data-test': 'rollout-progress' }, progress, ' ', cancel) : null,
    r.state === 'cancelled' ? h('p', { 'data-test': 'rollout-state' }, t('ro.cancelled')) : null,
    r.error ? h('p', { class: 'err', 'data-test': 'rollout-error' }, r.error) : null,
    figures(r));
  if (live) setTimeout(() => { if (box.isConnected) followRollout(box, id, send).catch((e) => put(box, h('p', { class: 'err' }, e.message))); }, POLL_MS);
}

/**
 * The "Roll out" form for a position: `where` is {position} or {record, game, move} (or a function giving one); trials, cubeless or cubeful at
 * the position's score, truncation. On submit the job is asked for and followed below the form; onStarted runs then.
 */
export function rolloutForm(where, onStarted = () => {}, send = call) {
  const trials = h('input', { type: 'number', min: '2', max: String(MAX_TRIALS), value: String(DEFAULT_TRIALS), 'data-test': 'rollout-trials-input' });
  const truncate = h('input', { type: 'number', min: '0', max: String(MAX_TRUNCATE), value: '0', 'data-test': 'rollout-truncate' });
  const cubeful = h('input', { type: 'checkbox', 'data-test': 'rollout-cubeful' });
  const out = h('div', { 'data-test': 'rollout' });
  const submit = h('button', { type: 'submit', 'data-test': 'rollout-start' }, t('ro.start'));
  return h('form', { class: 'rollout-form', onsubmit: async (e) => {
    e.preventDefault();
    submit.disabled = true;
    try {
      const made = await send('POST', '/api/rollouts', { ...(typeof where === 'function' ? where() : where), trials: Number(trials.value), truncate: Number(truncate.value), cubeful: cubeful.checked });
      onStarted(made);
      await followRollout(out, made.id, send);
    } catch (err) {
      put(out, h('p', { class: 'err', 'data-test': 'rollout-error' }, err.message));
    } finally {
      submit.disabled = false;
    }
  } },
  h('label', {}, t('ro.trials'), ' ', trials), ' ',
  h('label', {}, cubeful, ' ', t('ro.cubefulOption')), ' ',
  h('label', { title: t('ro.truncateHint') }, t('ro.truncate'), ' ', truncate), ' ',
  submit, out);
}

/** A "Roll out" button that opens the form for `where` in place (one per position shown). */
export function rolloutButton(where, send = call) {
  const slot = h('div', { class: 'rollout-slot' });
  const button = h('button', { type: 'button', class: 'link', 'data-test': 'rollout-open', onclick: () => {
    button.hidden = true;
    put(slot, rolloutForm(where, () => {}, send));
  } }, t('ro.button'));
  return h('span', {}, button, slot);
}

/** The account's rollouts, newest first, each with its state and headline equity; a click follows it in `box`. */
export async function listRollouts(list, box) {
  const page = await call('GET', '/api/rollouts');
  put(list, page.rollouts.length === 0 ? h('p', { class: 'muted' }, t('ro.none'))
    : h('ul', {}, page.rollouts.map((r) => h('li', { 'data-test': 'rollout-item', 'data-state': r.state },
      h('a', { href: '#', onclick: (e) => {
        e.preventDefault();
        followRollout(box, r.id).catch((err) => put(box, h('p', { class: 'err' }, err.message)));
      } }, h('code', {}, r.position)), ' · ', t('ro.state.' + r.state), r.equity === null ? '' : ' · ' + pm(r.equity, r.equityError, 3)))));
}
