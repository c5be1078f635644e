/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof` or the inspector's Profiler domain): where the
 * process spent its time, by function (self time) and by area (our server code, the shared package,
 * PGlite, Fastify, drizzle, node internals, GC, idle), so a benchmark's report can say where the
 * time goes without opening DevTools.
 *
 *   npx tsx bench/support/cpuprofile-summary.ts <file.cpuprofile> [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Profile length, ms. */
  totalMs: number;
  /** Self time by area, ms, largest first. */
  areas: Array<{ area: string; ms: number }>;
  /** Self time by function, ms, largest first. */
  functions: Array<{ name: string; where: string; ms: number }>;
  /** Inclusive (self + callees) time of functions under apps/ and packages/, ms, largest first. */
  inclusive: Array<{ name: string; where: string; ms: number }>;
}

/** The area a frame's URL belongs to. */
function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'program (native, not attributed)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (url.includes('/apps/server/')) return 'server code (apps/server)';
  if (url.includes('/packages/shared/')) return 'shared package';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm: ${pkg[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

function shortWhere(url: string, line: number): string {
  const trimmed = url.replace(/^file:\/\//, '').replace(/^.*?\/(apps|packages|node_modules)\//, '$1/');
  return `${trimmed}:${line + 1}`;
}

export function summarizeProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    // timeDeltas[i] is the time before sample i; attribute the next delta to this sample.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  }
  const areas = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const inclusive = new Map<string, { name: string; where: string; us: number }>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name = functionName || '(anonymous)';
    const where = url ? shortWhere(url, lineNumber) : '';
    const key = `${name} ${where}`;
    const f = functions.get(key) ?? { name, where, us: 0 };
    f.us += us;
    functions.set(key, f);
    // Inclusive time: credit each distinct ancestor frame of ours once per sample's stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !/\/(apps|packages)\//.test(frame.url)) continue;
      const k = `${frame.functionName || '(anonymous)'} ${shortWhere(frame.url, frame.lineNumber)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const entry = inclusive.get(k) ?? { name: frame.functionName || '(anonymous)', where: shortWhere(frame.url, frame.lineNumber), us: 0 };
      entry.us += us;
      inclusive.set(k, entry);
    }
  }
  const ms = (us: number) => us / 1000;
  return {
    totalMs: ms(profile.endTime - profile.startTime),
    areas: [...areas].map(([area, us]) => ({ area, ms: ms(us) })).sort((a, b) => b.ms - a.ms),
    functions: [...functions.values()].map((f) => ({ name: f.name, where: f.where, ms: ms(f.us) })).sort((a, b) => b.ms - a.ms).slice(0, top),
    inclusive: [...inclusive.values()].map((f) => ({ name: f.name, where: f.where, ms: ms(f.us) })).sort((a, b) => b.ms - a.ms).slice(0, top),
  };
}

function printSummary(file: string, s: ProfileSummary): void {
  const pct = (v: number) => ((v / s.totalMs) * 100).toFixed(1).padStart(5);
  console.log(`${file}: ${(s.totalMs / 1000).toFixed(2)} s profiled\n\nself time by area:`);
  for (const a of s.areas.slice(0, 20)) console.log(`  ${a.ms.toFixed(0).padStart(8)} ms ${pct(a.ms)} %  ${a.area}`);
  console.log('\nself time by function:');
  for (const f of s.functions) console.log(`  ${f.ms.toFixed(0).padStart(8)} ms ${pct(f.ms)} %  ${f.name}  ${f.where}`);
  console.log('\ninclusive time of our code (apps/, packages/):');
  for (const f of s.inclusive) console.log(`  ${f.ms.toFixed(0).padStart(8)} ms ${pct(f.ms)} %  ${f.name}  ${f.where}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '25' } }, allowPositionals: true });
  for (const file of positionals) printSummary(file, summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(values.top)));
}
