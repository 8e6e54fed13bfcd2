// Every relative import of every module, and every script and stylesheet of every page, names a file that exists:
// the browser tests catch a missing file only on the pages they open; this checks them all, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { WEB } from './web.js';

function walk(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(WEB);
const IMPORT = /(?:^|\n)\s*import\s[^;]*?from\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;
const LINK = /<(?:script|link)\b[^>]*?\b(?:src|href)="([^":#?]+)"/g;

function missing(file, pattern) {
  const out = [];
  for (const m of readFileSync(file, 'utf8').matchAll(pattern)) {
    const target = m[1] || m[2];
    if (!existsSync(join(dirname(file), target))) out.push(`${relative(WEB, file)} → ${target}`);
  }
  return out;
}

test('every relative import names an existing module', () => {
  const modules = files.filter((f) => f.endsWith('.js'));
  assert.ok(modules.length > 30, `modules found under ${WEB}: ${modules.length}`);
  assert.deepEqual(modules.flatMap((f) => missing(f, IMPORT)), []);
});

test("every page's scripts and stylesheets exist", () => {
  const pages = files.filter((f) => f.endsWith('.html'));
  assert.ok(pages.length >= 6, `pages found: ${pages.length}`);
  assert.deepEqual(pages.flatMap((f) => missing(f, LINK)), []);
});

test('the pages stay where users and links know them', () => {
  for (const p of ['index.html', 'tournament.html', 'account.html', 'admin.html', 'invite.html', 'reset.html']) {
    assert.ok(existsSync(join(WEB, p)), p);
  }
});
