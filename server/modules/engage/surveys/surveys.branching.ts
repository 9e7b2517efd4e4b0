/**
 * The walk through a survey's questions (engage CONTEXT.md, "Online surveys: branching"): after a
 * question comes the chosen option's `nextQuestionId`, else the question's own `nextQuestionId`,
 * else the next question in order, else the end. Pure: the service and the editor's checks use it.
 */
export interface BranchQuestion {
  id: number;
  nextQuestionId: number | null;
  previousQuestionId?: number | null;
  options: { id?: number; nextQuestionId: number | null }[];
}

/** `null` = the end of the survey. */
export function nextAfter(questions: readonly BranchQuestion[], questionId: number, optionId: number | null): number | null {
  const index = questions.findIndex((q) => q.id === questionId);
  if (index < 0) return null;
  const q = questions[index];
  const option = optionId === null ? undefined : q.options.find((o) => o.id === optionId);
  return option?.nextQuestionId ?? q.nextQuestionId ?? questions[index + 1]?.id ?? null;
}

export interface BranchProblem {
  /** The index in `questions` of the question at fault. */
  index: number;
  /** `nextQuestionId`, `previousQuestionId` or `answers[i].nextQuestionId`. */
  field: string;
  kind: 'unknown' | 'self' | 'endless';
}

/**
 * Dangling ids (not a question of this survey), a question pointing at itself, and questions from
 * which no walk can reach the end (a loop that can never end). A loop with a way out is allowed:
 * the respondent may go round it, and each answer replaces the one before.
 */
export function branchProblems(questions: readonly BranchQuestion[]): BranchProblem[] {
  const ids = new Set(questions.map((q) => q.id));
  const problems: BranchProblem[] = [];
  const check = (index: number, field: string, target: number | null | undefined, self: number) => {
    if (target == null) return;
    if (!ids.has(target)) problems.push({ index, field, kind: 'unknown' });
    else if (target === self) problems.push({ index, field, kind: 'self' });
  };
  questions.forEach((q, i) => {
    check(i, 'nextQuestionId', q.nextQuestionId, q.id);
    check(i, 'previousQuestionId', q.previousQuestionId, q.id);
    q.options.forEach((o, j) => check(i, `answers[${j}].nextQuestionId`, o.nextQuestionId, q.id));
  });
  if (problems.length) return problems;

  // Successors of each question; END is reached when a successor is null.
  const successors = new Map<number, (number | null)[]>();
  questions.forEach((q, i) => {
    const fallback = q.nextQuestionId ?? questions[i + 1]?.id ?? null;
    const next = q.options.length ? q.options.map((o) => o.nextQuestionId ?? fallback) : [fallback];
    successors.set(q.id, next);
  });
  // Which questions can reach the end: grow the set until nothing changes (the graph is small).
  const ends = new Set<number>();
  for (let changed = true; changed;) {
    changed = false;
    for (const q of questions) {
      if (ends.has(q.id)) continue;
      if ((successors.get(q.id) ?? []).some((s) => s === null || ends.has(s))) { ends.add(q.id); changed = true; }
    }
  }
  questions.forEach((q, i) => { if (!ends.has(q.id)) problems.push({ index: i, field: 'nextQuestionId', kind: 'endless' }); });
  return problems;
}
