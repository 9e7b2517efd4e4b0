// The spec reporter plus one closing line CI can read: "N passed, N failed, N skipped".
// Under `npm test` each lane also writes its counts, its failures and each test file's time to the
// JSON file PEYK_TEST_REPORT names, so scripts/test.mjs can print one summary for all lanes and
// balance the next run's lanes by measured file times.
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const fileStarted = new Map();
    const fileMs = {};
    const failures = [];
    runner.on('suite', (suite) => {
      if (suite.file && suite.parent && suite.parent.root && !fileStarted.has(suite.file)) fileStarted.set(suite.file, Date.now());
    });
    runner.on('suite end', (suite) => {
      if (!suite.file || !suite.parent || !suite.parent.root) return;
      const started = fileStarted.get(suite.file);
      const rel = path.relative(process.cwd(), suite.file).split(path.sep).join('/');
      if (started !== undefined) fileMs[rel] = (fileMs[rel] ?? 0) + (Date.now() - started);
      fileStarted.delete(suite.file);
    });
    runner.on('fail', (test, err) => {
      failures.push({ title: typeof test.fullTitle === 'function' ? test.fullTitle() : String(test.title), file: test.file ? path.relative(process.cwd(), test.file) : undefined, error: String(err && err.message || err).slice(0, 2000) });
    });
    runner.once('end', () => {
      const s = runner.stats;
      // Under npm test the lanes' counts go to the runner, which prints the one closing line.
      if (!process.env.PEYK_TEST_REPORT) process.stdout.write(`\n${s.passes} passed, ${s.failures} failed, ${s.pending} skipped\n`);
      else {
        writeFileSync(process.env.PEYK_TEST_REPORT, JSON.stringify({ passes: s.passes, failures: s.failures, pending: s.pending, failed: failures, fileMs }));
      }
    });
  }
}

module.exports = SummaryReporter;
