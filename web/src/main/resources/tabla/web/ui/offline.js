// The offline page in the reader's language (the messages come from the service worker's cache).
import { t } from '../i18n/i18n.js';

document.title = 'Tabla · ' + t('offline.title');
document.querySelector('[data-test=offline-title]').textContent = t('offline.title');
document.querySelector('[data-test=offline-text]').textContent = t('offline.text');
document.querySelector('[data-test=offline-retry]').textContent = t('offline.retry');
