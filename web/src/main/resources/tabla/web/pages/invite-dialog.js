// The online list's Invite asks first: a small dialog with the invitation's match length, variant and clock (the
// lobby form's choices preset). Nothing is sent until Confirm; Cancel or Escape sends nothing.

import { h } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';
import { variantLabel } from '../board/game-text.js';

/** The clock choice for correspondence (the other choices are the lobby's live clocks, '' for none). */
export const CORRESPONDENCE = 'correspondence';

/**
 * The rules of an invitation: the lobby form's `rules` with the length and variant chosen in the dialog. A variant
 * other than the form's goes without the form's variant options; what does not apply to the length is off (a money
 * game has no Crawford rule, a match no Jacoby, beavers or automatic doubles, a one-point match no cube), as the form
 * itself does; `cube` false for a variant played without it.
 */
export function inviteRules(rules, matchLength, variant, cube) {
  const base = String(rules.variant || 'backgammon').split(':')[0];
  const money = matchLength === 0;
  const c = rules.cube && cube && matchLength !== 1;
  const { preset, ...own } = rules;
  // a named preset sets the length and variant it was made with: it goes only with those
  const kept = preset !== undefined && variant === base && matchLength === rules.matchLength ? { preset } : {};
  return {
    ...own,
    ...kept,
    variant: variant === base ? rules.variant : variant,
    matchLength,
    cube: c,
    crawford: !money && c && rules.crawford,
    holland: !money && c && rules.holland,
    jacoby: money && c && rules.jacoby,
    beavers: money && c && rules.beavers,
    raccoons: money && c && rules.raccoons,
    automaticDoubles: money && c ? rules.automaticDoubles : 0,
  };
}

/**
 * Asks what to invite `name` to. `start`: { matchLength, variant, variants (names), clock, clocks (values) }.
 * Resolves to { matchLength, variant, clock } on Confirm, null on Cancel.
 */
export function askInvite(name, start) {
  return new Promise((resolve) => {
    const len = h('select', { 'data-test': 'invite-length' },
      h('option', { value: 0, selected: start.matchLength === 0 }, t('lobby.money')),
      Array.from({ length: 25 }, (_, i) => h('option', { value: i + 1, selected: i + 1 === start.matchLength }, tn('matchTo', i + 1))));
    const variant = h('select', { 'data-test': 'invite-variant' },
      start.variants.map((v) => h('option', { value: v, selected: v === start.variant }, variantLabel(v))));
    const clock = h('select', { 'data-test': 'invite-clock' }, start.clocks.map((c) => h('option', { value: c, selected: c === start.clock },
      c === CORRESPONDENCE ? t('mode.correspondence') : c ? t('clock.' + c) : t('time.none'))));
    const title = t('online.inviteTitle', { name });
    const dialog = h('dialog', { class: 'invite-dialog', 'data-test': 'invite-dialog', 'aria-label': title });
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    // Escape closes a modal dialog: that is a Cancel
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      done(null);
    });
    dialog.append(h('h2', {}, title),
      h('label', {}, t('lobby.matchLength'), ' ', len),
      h('label', {}, t('lobby.variant'), ' ', variant),
      h('label', {}, t('lobby.clock'), ' ', clock),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', 'data-test': 'invite-confirm',
          onclick: () => done({ matchLength: Number(len.value), variant: variant.value, clock: clock.value }) }, t('online.inviteSend')),
        ' ',
        h('button', { type: 'button', 'data-test': 'invite-cancel', onclick: () => done(null) }, t('lobby.cancel'))));
    document.body.append(dialog);
    dialog.showModal();
    len.focus();
  });
}
