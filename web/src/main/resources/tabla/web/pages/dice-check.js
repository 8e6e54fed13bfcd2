// #/dice/ID: commitments, revealed seeds, and every roll recomputed in this browser.

import { api } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { hexToBytes, commitmentOf, hmacKey, rollValues, gameKey } from '../board/dice-verify.js';

export function diceCheckPage(root, id) {
  const body = h('div', { class: 'dice-check' }, t('common.loading'));
  put(root, 
    h('h2', {}, t('dice.title'), ' ', h('a', { href: '#/game/' + encodeURIComponent(id), class: 'small' }, t('dice.backToGame'))),
    h('p', { class: 'lead' }, t('dice.intro')),
    h('details', { class: 'how' }, h('summary', {}, t('dice.howTitle')), h('p', {}, t('dice.how'))),
    body);
  api.dice(id).then((data) => show(body, data.games || []), (e) => {
    put(body, h('div', { class: 'error', 'data-test': 'error' }, e.message));
  });
}

function show(body, games) {
  const marks = [];
  const result = h('div', { class: 'verify-result', 'data-test': 'verify-result', hidden: true });
  const revealed = games.filter((g) => g.seed);
  const button = h('button', { type: 'button', class: 'primary', 'data-test': 'verify-dice', disabled: !revealed.length, onclick: () => verify() }, t('dice.verify'));
  const sections = games.map((g) => {
    const commitCell = h('td', { class: 'check' });
    const rows = (g.rolls || []).map((r, i) => {
      const dice = Array.isArray(r) ? r : r.dice || r.values || [];
      const n = r.n ?? i;
      const cell = h('td', { class: 'check' });
      marks.push({ g, n, dice, cell });
      return h('tr', {}, h('td', {}, n), h('td', {}, dice.length === 1 ? t('dice.single', { d: dice[0] }) : dice.join('-')), cell);
    });
    g.commitCell = commitCell;
    return h('section', { class: 'card', 'data-test': 'dice-game' },
      h('h3', {}, t('game.gameNo', { n: g.gameNo })),
      h('table', { class: 'kv' },
        h('tr', {}, h('th', {}, t('dice.commitment')), h('td', {}, h('code', { 'data-test': 'commitment' }, g.commitment)), commitCell),
        h('tr', {}, h('th', {}, t('dice.seed')), h('td', {}, g.seed ? h('code', { 'data-test': 'seed' }, g.seed) : h('span', { class: 'muted' }, t('dice.secret'))), h('td', {})),
        [0, 1].map((p) => h('tr', {}, h('th', {}, t('dice.playerSeed', { n: p + 1 })),
          h('td', {}, g['seed' + p] ? h('code', { 'data-test': 'player-seed-' + p }, g['seed' + p]) : h('span', { class: 'muted' }, t('dice.noPlayerSeed'))), h('td', {})))),
      rows.length
        ? h('table', { class: 'rolls' }, h('thead', {}, h('tr', {}, h('th', {}, t('dice.rollNo')), h('th', {}, t('dice.dice')), h('th', {}, ''))), h('tbody', {}, rows))
        : h('p', { class: 'muted' }, t('dice.noRolls')));
  });
  put(body, h('div', { class: 'buttons' }, button), result, games.length ? sections : h('p', { class: 'muted' }, t('dice.none')));

  async function verify() {
    button.disabled = true;
    let ok = 0;
    let bad = 0;
    try {
      for (const g of revealed) {
        const seed = hexToBytes(g.seed);
        const good = (await commitmentOf(seed)) === String(g.commitment).toLowerCase();
        g.commitCell.textContent = good ? '✓' : '✗';
        g.commitCell.className = 'check ' + (good ? 'ok' : 'bad');
        good ? ok++ : bad++;
        const key = await hmacKey(seed);
        // version 2: pairs by the game key of all three seeds; single dice (the roll-off) by the server seed
        const v2 = g.seed0 && g.seed1;
        const pairKey = v2 ? await hmacKey(await gameKey(seed, hexToBytes(g.seed0), hexToBytes(g.seed1))) : key;
        for (const m of marks.filter((x) => x.g === g)) {
          const want = await rollValues(m.dice.length === 1 ? key : pairKey, m.n, m.dice.length);
          const same = want.length === m.dice.length && want.every((v, i) => v === Number(m.dice[i]));
          m.cell.textContent = same ? '✓' : '✗ ' + want.join('-');
          m.cell.className = 'check ' + (same ? 'ok' : 'bad');
          same ? ok++ : bad++;
        }
      }
      result.textContent = bad ? t('dice.failed', { bad, ok }) : t('dice.verified', { ok });
      result.className = 'verify-result ' + (bad ? 'bad' : 'ok');
    } catch (e) {
      result.textContent = e.message;
      result.className = 'verify-result bad';
    }
    result.hidden = false;
    button.disabled = false;
  }
}
