import { expect } from 'chai';
import { branchProblems, nextAfter, type BranchQuestion } from '../../../server/modules/engage/surveys/surveys.branching.js';

const q = (id: number, nextQuestionId: number | null = null, options: [number, number | null][] = []): BranchQuestion =>
  ({ id, nextQuestionId, options: options.map(([oid, next]) => ({ id: oid, nextQuestionId: next })) });

describe('online surveys: the walk through branches (surveys.branching.ts)', () => {
  // 1 select (a → 3, b → own next), 2 text → 4, 3 text (falls to 4 by order), 4 text (the end).
  const survey = [q(1, 2, [[11, 3], [12, null]]), q(2, 4), q(3), q(4)];

  it('takes the option\'s branch, else the question\'s next, else the order, else the end', () => {
    expect(nextAfter(survey, 1, 11)).to.equal(3);
    expect(nextAfter(survey, 1, 12)).to.equal(2);
    expect(nextAfter(survey, 1, null)).to.equal(2);
    expect(nextAfter(survey, 2, null)).to.equal(4);
    expect(nextAfter(survey, 3, null)).to.equal(4);
    expect(nextAfter(survey, 4, null)).to.equal(null);
  });

  it('finds no problem in a survey whose every question reaches the end, loops with a way out included', () => {
    expect(branchProblems(survey)).to.deep.equal([]);
    // 2 goes back to 1, but 1's option b ends the survey.
    expect(branchProblems([q(1, null, [[11, 2], [12, 3]]), q(2, 1), q(3)])).to.deep.equal([]);
  });

  it('names dangling and self targets on their fields, and every question caught in a loop that never ends', () => {
    expect(branchProblems([q(1, 9), q(2)])).to.deep.equal([{ index: 0, field: 'nextQuestionId', kind: 'unknown' }]);
    expect(branchProblems([q(1, null, [[11, 1], [12, null]]), q(2)])).to.deep.equal([{ index: 0, field: 'answers[0].nextQuestionId', kind: 'self' }]);
    // 2 ↔ 3 with no way out; 1 falls to 2 by order, so it cannot end either.
    expect(branchProblems([q(1), q(2, 3), q(3, 2)])).to.deep.equal([
      { index: 0, field: 'nextQuestionId', kind: 'endless' }, { index: 1, field: 'nextQuestionId', kind: 'endless' }, { index: 2, field: 'nextQuestionId', kind: 'endless' },
    ]);
  });
});
