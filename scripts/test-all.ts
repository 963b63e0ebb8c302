import { spawn } from 'node:child_process';

/**
 * `npm test`: every check, cheapest first, stopping at the first that fails. Typecheck and lint are each one
 * single-threaded process, so they run side by side on the two cores (their output is held and printed whole, one
 * after the other); the test steps use both cores themselves and run one after another. Ends with the time of
 * each step, the figures issue notes quote.
 */

interface Step {
  name: string;
  script: string;
}

const STAGES: Step[][] = [
  // The message modules typecheck and lint both read (compiled, not committed).
  [{ name: 'messages', script: 'i18n:compile' }],
  [
    { name: 'typecheck', script: 'typecheck:ts' },
    { name: 'lint', script: 'lint' },
  ],
  [{ name: 'unit', script: 'test:unit' }],
  [{ name: 'postgres', script: 'test:postgres' }],
  [{ name: 'e2e', script: 'test:e2e' }],
];

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
  output: string;
}

function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) =>
      resolve({ step, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000, output }),
    );
  });
}

const timings: Outcome[] = [];
let failed: Outcome | undefined;
for (const stage of STAGES) {
  const alone = stage.length === 1;
  const outcomes = await Promise.all(stage.map((step) => run(step, alone)));
  for (const outcome of outcomes) {
    if (!alone) process.stdout.write(`\n== ${outcome.step.name}\n${outcome.output}`);
    timings.push(outcome);
  }
  failed = outcomes.find((outcome) => outcome.code !== 0);
  if (failed) break;
}

console.log('\nStep times:');
for (const { step, seconds, code } of timings) {
  console.log(`  ${step.name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s${code === 0 ? '' : '  FAILED'}`);
}
if (failed) {
  console.error(`\nnpm test: ${failed.step.name} failed.`);
  process.exit(failed.code || 1);
}
