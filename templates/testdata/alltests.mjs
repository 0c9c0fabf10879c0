// Runs every unit test of the front end (the *.test.js files of the folder
// given as the first argument) in this one Node process: node:test reports
// them together in TAP and sets a failing exit status if one fails.
// `node --test` starts a process a file (about 0.4 s each on two cores);
// TestNodeUnitTests runs that too under THINCHESS_FULL_TESTS, which
// catches a test that passes only after another file's.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const files = readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort();
if (files.length === 0) {
	console.error(`alltests: no *.test.js in ${dir}`);
	process.exit(2);
}
for (const f of files) {
	await import(pathToFileURL(resolve(dir, f)).href);
}
