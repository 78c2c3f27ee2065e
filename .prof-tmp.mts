import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/fixtures/chromium';
import { signUp } from './bench/lib/harness';
const root = process.cwd();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-prof-'));
const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { cwd: root, env: { ...process.env, NODE_OPTIONS: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
let out = '';
child.stdout!.on('data', (d) => (out += d)); child.stderr!.on('data', (d) => (out += d));
let base: string | undefined;
while (!(base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1])) await new Promise((r) => setTimeout(r, 100));
const cookie = await signUp(base, `prof-${Date.now()}@example.com`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { cookie } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(base + (process.argv[2] ?? '/think-tanks/physiological'));
await page.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop');
// self time per function
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const dts = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n: any = byId.get(profile.samples[i]);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dts[i + 1] ?? 0) / 1000);
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, v] of top) console.log(v.toFixed(1).padStart(8), k);
// by url
const byUrl = new Map<string, number>();
for (const [k, v] of self) { const u = k.split(' ').pop()!.split(':')[0]!; byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15));
fs.writeFileSync('/tmp/shell-scratch/profile.cpuprofile', JSON.stringify(profile));
await browser.close(); child.kill();
