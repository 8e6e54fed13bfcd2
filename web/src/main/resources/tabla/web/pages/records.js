// Match records (issue 27): upload a .sgf, .mat or .tabla file (or paste one), then the computer's analysis of it as a
// background job with its progress; records.html?id=N shows one record's analysis (a link to share); my records listed.
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { session, call, postText } from '../net/ops-api.js';
import { summary, decisionText, num } from './analysis.js';
import { moveNumbers, rolloutButton, rolloutForm, listRollouts } from './rollout.js';

const main = document.getElementById('main');
const POLL_MS = 1000;
const WORST = 10;

/** The format a file's name says (.sgf, .mat or .txt, .tabla), or '' to let the server tell it from the text. */
function formatOf(name) {
  const ext = (name.split('.').pop() || '').toLowerCase();
  return ['sgf', 'mat', 'txt', 'tabla'].includes(ext) ? ext : '';
}

function title(r) {
  const args = { p0: r.players ? r.players[0] : r.player0, p1: r.players ? r.players[1] : r.player1, length: r.matchLength };
  return r.matchLength > 0 ? t('rec.match', args) : t('rec.money', args);
}

/** The analysis of record `id` in `box`: polled while it waits or runs, then each player's figures and the worst plays. */
async function showAnalysis(box, id, member) {
  const [rec, status] = await Promise.all([call('GET', `/api/records/${id}`), call('GET', `/api/records/${id}/analysis`)]);
  const heading = h('h2', { 'data-test': 'record-title' }, title(rec));
  if (status.state === 'queued' || status.state === 'running') {
    put(box, heading, h('p', { role: 'status', 'data-test': 'record-progress' },
      status.total ? t('rec.progress', { done: status.done, total: status.total }) : t('rec.queued')));
    setTimeout(() => { if (box.isConnected) showAnalysis(box, id, member).catch((e) => put(box, h('p', { class: 'err' }, e.message))); }, POLL_MS);
    return;
  }
  if (status.state === 'failed') {
    put(box, heading, h('p', { class: 'err', 'data-test': 'record-failed' }, t('rec.failed', { error: status.error })));
    return;
  }
  if (status.state !== 'done') {
    put(box, heading);
    return;
  }
  const a = status.analysis;
  const snap = { players: rec.players.map((name) => ({ name })) };
  const worst = (a.decisions || []).filter((d) => !d.forced && d.loss > 0).sort((x, y) => y.loss - x.loss).slice(0, WORST);
  const moves = moveNumbers(rec, a.decisions); // a member may roll out the position before each of these plays
  // the cube's figures beside the checker play's (as ./tabla analyse prints them)
  const cube = (a.players || []).map((p, seat) => t('rec.cube', { name: rec.players[seat], n: p.cubeDecisions,
    loss: num(p.cubeLossEmg, 3), rate: num(p.cubeErrorRateMemg, 1) }));
  put(box, heading, h('section', { class: 'analysis', 'data-test': 'record-analysis' }, h('h3', {}, t('an.title')), summary(snap, a),
    h('div', { class: 'hint', 'data-test': 'cube-figures' }, cube.join(' · '))),
    h('h3', {}, t('rec.worst')),
    h('ol', { 'data-test': 'worst-plays' }, worst.map((d) => h('li', {},
      t('rec.play', { game: d.gameNo, name: rec.players[d.player], dice: d.dice.join(''), played: d.played }), ' — ', decisionText(d),
      member && moves.has(d) ? [' ', rolloutButton({ record: Number(id), game: d.gameNo, move: moves.get(d) })] : null))));
}

function uploadSection(box, list) {
  const file = h('input', { type: 'file', accept: '.sgf,.mat,.txt,.tabla', 'data-test': 'record-file' });
  const paste = h('textarea', { rows: '6', spellcheck: 'false', 'data-test': 'record-text' });
  const depth = h('select', { 'data-test': 'record-depth' },
    [['2', t('rec.depth2')], ['1', t('rec.depth1')], ['0', t('rec.depth0')]].map(([d, text]) => h('option', { value: d }, text)));
  const msg = h('p', { 'data-test': 'record-status' });
  const submit = h('button', { type: 'submit', 'data-test': 'record-upload' }, t('rec.submit'));
  return h('section', {}, h('h2', {}, t('rec.upload')), h('p', {}, t('rec.uploadText')),
    h('form', { onsubmit: async (e) => {
      e.preventDefault();
      const f = file.files && file.files[0];
      const text = f ? await f.text() : paste.value;
      if (!text.trim()) {
        msg.className = 'err';
        put(msg, t('rec.empty'));
        return;
      }
      submit.disabled = true;
      try {
        const fmt = f ? formatOf(f.name) : '';
        const made = await postText('/api/records' + (fmt ? '?format=' + fmt : ''), text);
        await call('POST', `/api/records/${made.id}/analysis?plies=${depth.value}`);
        msg.className = '';
        put(msg, '');
        history.replaceState(null, '', '?id=' + made.id);
        await showAnalysis(box, made.id, true);
        listRecords(list);
      } catch (err) {
        msg.className = 'err';
        put(msg, err.message);
      } finally {
        submit.disabled = false;
      }
    } }, h('label', {}, t('rec.file'), file), h('label', {}, t('rec.paste'), paste), h('label', {}, t('rec.depth'), depth), submit),
    msg);
}

async function listRecords(list) {
  const page = await call('GET', '/api/records');
  put(list, page.records.length === 0 ? h('p', { class: 'muted' }, t('rec.none'))
    : h('ul', {}, page.records.map((r) => h('li', { 'data-test': 'record' }, h('a', { href: '?id=' + r.id }, title(r)), ' · ', r.uploaded.slice(0, 10)))));
}

/** Any position rolled out by its gnubg ID or XGID (the game page shows both), and my rollouts. */
function rolloutSection() {
  const id = h('input', { type: 'text', size: '40', spellcheck: 'false', placeholder: 'POSITIONID:MATCHID / XGID=…', 'data-test': 'rollout-position' });
  const mine = h('div', { 'data-test': 'rollouts' });
  const shown = h('div', { 'data-test': 'rollout-shown' });
  const refresh = () => listRollouts(mine, shown).catch((e) => put(mine, h('p', { class: 'err' }, e.message)));
  const form = h('div', {});
  const open = h('button', { type: 'button', 'data-test': 'rollout-by-id', onclick: () => put(form, rolloutForm(() => ({ position: id.value.trim() }), refresh)) }, t('ro.button'));
  refresh();
  return h('section', {}, h('h2', {}, t('ro.title')), h('p', {}, t('ro.text')), h('label', {}, t('ro.position'), ' ', id), ' ', open, form,
    h('h3', {}, t('ro.mine')), mine, shown);
}

async function start() {
  const user = await session();
  document.title = 'Tabla · ' + t('rec.title');
  const box = h('div', { 'data-test': 'record-view' });
  const shown = new URLSearchParams(location.search).get('id');
  const failed = (e) => put(box, h('p', { class: 'err' }, e.message));
  if (shown) showAnalysis(box, shown, user && !user.guest).catch(failed);
  if (!user || user.guest) {
    put(main, h('h1', {}, t('rec.title')), box, h('p', {}, user ? t('rec.guest') : h('a', { href: '/#/login' }, t('rec.logIn'))));
    return;
  }
  const list = h('div', { 'data-test': 'records' });
  put(main, h('h1', {}, t('rec.title')), uploadSection(box, list), box, h('section', {}, h('h2', {}, t('rec.mine')), list),
    rolloutSection());
  listRecords(list).catch((e) => put(list, h('p', { class: 'err' }, e.message)));
}

start();
