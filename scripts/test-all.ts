import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * `npm test`: every check, cheapest first, stopping after the first stage that fails. Steps of a stage run side by
 * side: typecheck and lint are each one single-threaded process; the PostgreSQL pass (mostly waiting on its
 * database) runs beside the browser suite, whose one browser leaves a core mostly idle. One step of a stage shows
 * its output as it goes; the others' is held and printed whole when the stage ends. Ends with each step's time and
 * the CPU time it used, the figures issue notes quote (CPU over wall time says whether a step could use more cores).
 */

interface Step {
  name: string;
  script: string;
  env?: Record<string, string>;
}

/**
 * For the steps that run beside a build: the messages compiled by the first step are left as they are
 * (MESSAGES_COMPILED_BEFOREHAND). Only there: Vitest without the compiler's plugin measured twice the import time
 * (unit step, 61 s to 137 s), for reasons not yet known.
 */
const MESSAGES_KEPT = { MESSAGES_COMPILED: '1' };

/** The steps of a stage; the first of a stage of several is the one whose output is shown live. */
const STAGES: Step[][] = [
  // The message modules everything else reads (compiled, not committed).
  [{ name: 'messages', script: 'i18n:compile' }],
  [
    { name: 'typecheck', script: 'typecheck:ts' },
    { name: 'lint', script: 'lint' },
  ],
  [{ name: 'unit', script: 'test:unit' }],
  [
    { name: 'e2e', script: 'test:e2e', env: MESSAGES_KEPT },
    { name: 'postgres', script: 'test:postgres', env: MESSAGES_KEPT },
  ],
];

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
  cpuSeconds: number | undefined;
  output: string;
}

/**
 * CPU seconds used by this process's ended children so far (Linux's /proc: user and system time of waited-for
 * children), or undefined elsewhere. A step's npm waits for everything it starts, so its whole tree is counted
 * when it ends.
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command's name: state is field 3 of proc(5), cutime 16 and cstime 17, in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

let cpuAccounted = childrenCpuSeconds();

function run(step: Step, live: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      const cpuNow = childrenCpuSeconds();
      const cpuSeconds = cpuNow !== undefined && cpuAccounted !== undefined ? cpuNow - cpuAccounted : undefined;
      cpuAccounted = cpuNow;
      resolve({
        step,
        code: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - started) / 1000,
        cpuSeconds,
        output,
      });
    });
  });
}

const timings: Outcome[] = [];
let failed: Outcome | undefined;
for (const stage of STAGES) {
  const live = stage[0];
  const outcomes = await Promise.all(stage.map((step) => run(step, step === live)));
  for (const outcome of outcomes) {
    if (outcome.step !== live) process.stdout.write(`\n== ${outcome.step.name}\n${outcome.output}`);
    timings.push(outcome);
  }
  failed = outcomes.find((outcome) => outcome.code !== 0);
  if (failed) break;
}

console.log('\nStep times (wall, and CPU time on all cores):');
for (const { step, seconds, cpuSeconds, code } of timings) {
  const cpu = cpuSeconds === undefined ? '' : `  CPU ${cpuSeconds.toFixed(0).padStart(5)} s`;
  console.log(`  ${step.name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s${cpu}${code === 0 ? '' : '  FAILED'}`);
}
if (failed) {
  console.error(`\nnpm test: ${failed.step.name} failed.`);
  process.exit(failed.code || 1);
}
