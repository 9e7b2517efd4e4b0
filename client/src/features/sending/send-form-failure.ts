import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/api-client';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { revealFirstError } from '../../shared/ui/form/reveal-first-error';
import type { FieldErrors } from '../admin-common/kit';

/**
 * A send form's failures where the eye is (issue 14): a failed submit puts its errors on their
 * fields, brings the first into view and focus once they are in the DOM, and a toast says why —
 * the server's message, a general error of the form, or `fallback`. `formRef` goes on the form.
 */
export function useFormFailure(fallback: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by every failed submit: the effect runs after the errors are rendered.
  const [failures, setFailures] = useState(0);
  useEffect(() => { if (failures) revealFirstError(formRef.current); }, [failures]);
  const fail = (next: FieldErrors, err?: unknown) => {
    setErrors(next);
    setFailures((n) => n + 1);
    const server = err instanceof ApiError ? err.message || err.validationErrors[0]?.message : undefined;
    showToast({ kind: 'error', message: server || next[''] || fallback });
  };
  return { errors, setErrors, formRef, fail };
}

/** The send time's problem on the form (the server judges it again): none when sent at once. */
export function sendTimeProblem(sendDirect: boolean, sendDateTime: string | null): 'required' | 'dateExpired' | null {
  if (sendDirect) return null;
  if (!sendDateTime) return 'required';
  return new Date(sendDateTime).getTime() <= Date.now() ? 'dateExpired' : null;
}
