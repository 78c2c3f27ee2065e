import fs from 'node:fs';
const profile = JSON.parse(fs.readFileSync('/tmp/shell-scratch/profile.cpuprofile', 'utf8'));
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = profile.startTime;
type Task = { start: number; end: number; self: Map<string, number>; roots: Map<string, number> };
const tasks: Task[] = [];
let cur: Task | null = null;
let idleRun = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const n: any = byId.get(profile.samples[i]);
  const name = n.callFrame.functionName;
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  if (name === '(idle)') { idleRun += dt; if (idleRun > 1 && cur) { tasks.push(cur); cur = null; } continue; }
  idleRun = 0;
  if (!cur) cur = { start: t / 1000, end: t / 1000, self: new Map(), roots: new Map() };
  cur.end = t / 1000;
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.columnNumber}`;
  cur.self.set(key, (cur.self.get(key) ?? 0) + dt);
  // the outermost JS frame below (root)
  let id = n.id; let chain: any[] = [];
  while (id !== undefined) { chain.push(byId.get(id)); id = parent.get(id)!; }
  const outer = chain.reverse().slice(1, 4).map((x: any) => `${x.callFrame.functionName || '(anon)'}@${x.callFrame.url.split('/').pop()}:${x.callFrame.columnNumber}`).join(' > ');
  cur.roots.set(outer, (cur.roots.get(outer) ?? 0) + dt);
}
if (cur) tasks.push(cur);
const t0 = profile.startTime / 1000;
for (const task of tasks.filter((x) => x.end - x.start > 40)) {
  console.log(`\n== task at ${(task.start - t0).toFixed(0)} ms, ${(task.end - task.start).toFixed(0)} ms`);
  for (const [k, v] of [...task.roots].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log('  root', v.toFixed(1), k);
  for (const [k, v] of [...task.self].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log('  self', v.toFixed(1), k);
}
