import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * CPU profiles of the benchmark's server (issue 23, docs/performance.md "Where a request's time goes"). With
 * BENCH_CPU_PROFILE=<file prefix>, scripts/bench/serve.ts profiles its server from the moment it is ready until
 * it stops (so the profile holds the measured load, not the start-up), and writes <prefix>-<database>.cpuprofile.
 * Run as a script, this file summarises a profile: self time by function and by package.
 *
 *   BENCH_CPU_PROFILE=.tmp/profile npm run bench -- --only=server-speed
 *   npx tsx scripts/bench/cpu-profile.ts .tmp/profile-pglite.cpuprofile
 */

/** Starts the V8 profiler in this process; the function returned stops it and writes the profile. */
export async function startCpuProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 200 µs between samples: fine enough for requests of a millisecond or less.
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: a package of node_modules, a file of Basha's, or Node itself. */
function placeOf(url: string): string {
  if (!url) return '(native / V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  const root = process.cwd();
  const local = url.replace(/^file:\/\//, '');
  return local.startsWith(root) ? path.relative(root, local) : local;
}

export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
      idle += us;
      continue;
    }
    total += us;
    const place = placeOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  const list = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${share(us)}  ${name}`)
      .join('\n');
  return [
    `busy ${(total / 1e6).toFixed(1)} s, idle or outside JavaScript ${(idle / 1e6).toFixed(1)} s`,
    '',
    'Self time by place:',
    list(byPlace),
    '',
    'Self time by function:',
    list(byFunction),
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx scripts/bench/cpu-profile.ts <file.cpuprofile>');
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile));
}
