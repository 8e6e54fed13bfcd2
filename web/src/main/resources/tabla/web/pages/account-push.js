// The account page's "Alerts on this device" (issue 28): Web Push to this browser, for the same alerts as the mails
// above (the same choices per kind). Turning it on asks the browser's permission, subscribes with the site's key
// and hands the subscription to the server; off forgets it on both sides.
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { call } from '../net/ops-api.js';
import { pushSupported, currentSubscription, subscribePush } from '../ui/pwa.js';

export function pushSection() {
  const box = h('input', { type: 'checkbox', disabled: true, 'data-test': 'push-device' });
  const msg = h('p', { 'data-test': 'push-status' });
  const say = (cls, text) => { msg.className = cls; put(msg, text); };
  if (!pushSupported()) {
    say('muted', t('account.pushUnsupported'));
  } else {
    currentSubscription().then((s) => { box.checked = !!s; box.disabled = false; },
      (err) => say('err', err.message));
  }
  box.addEventListener('change', async () => {
    box.disabled = true;
    try {
      if (box.checked) {
        if (await Notification.requestPermission() !== 'granted') {
          box.checked = false;
          say('err', t('account.pushBlocked'));
          return;
        }
        const { key } = await call('GET', '/api/me/push');
        const s = await subscribePush(key);
        await call('POST', '/api/me/push', s.toJSON());
        say('ok', t('account.pushOn'));
      } else {
        const s = await currentSubscription();
        if (s) {
          await call('DELETE', '/api/me/push', { endpoint: s.endpoint }).catch((err) => {
            if (err.status !== 404) throw err; // already forgotten by the server: still off here
          });
          await s.unsubscribe();
        }
        say('ok', t('account.pushOff'));
      }
    } catch (err) {
      box.checked = !box.checked;
      say('err', err.message);
    } finally {
      box.disabled = false;
    }
  });
  return h('section', {}, h('h2', {}, t('account.push')), h('p', {}, t('account.pushText')),
    h('label', { class: 'alert-kind' }, box, ' ', t('account.pushDevice')), msg);
}
