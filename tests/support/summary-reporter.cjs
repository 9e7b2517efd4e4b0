// The spec reporter plus one closing line CI can read: "N passed, N failed, N skipped".
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const s = runner.stats;
      process.stdout.write(`\n${s.passes} passed, ${s.failures} failed, ${s.pending} skipped\n`);
    });
  }
}

module.exports = SummaryReporter;
