// Measures rpg-dice-roller: rolls/second for each expression given as argv JSON
// [[label, notation], ...]; prints {label: rate}. Used by bench/roll-vs-peers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [prefix, seconds, cases] = [process.argv[2], Number(process.argv[3]), JSON.parse(process.argv[4])];
const pkgDir = join(prefix, 'node_modules', '@dice-roller', 'rpg-dice-roller');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const { DiceRoll } = await import(pathToFileURL(join(pkgDir, pkg.module || pkg.main)).href);

const rates = {};
for (const [label, notation] of cases) {
  let acc = 0;
  // Warm-up, so the JIT has compiled the hot paths before the clock starts.
  const warm = performance.now() + Math.max(200, seconds * 300);
  while (performance.now() < warm) for (let i = 0; i < 500; i++) acc += new DiceRoll(notation).total;
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 500; i++) acc += new DiceRoll(notation).total;
    n += 500;
  }
  rates[label] = n / ((performance.now() - start) / 1000);
  if (Number.isNaN(acc)) throw new Error('bad total');
}
console.log(JSON.stringify(rates));
