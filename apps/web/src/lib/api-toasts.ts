/** What a finished API call should show the person (seed §8). */
export type ToastDecision = { kind: 'success' | 'error'; message: string } | null;

export type CallOutcome = {
  status: number;
  ok: boolean;
  /** Parsed JSON body, or null when the body was empty. */
  body: unknown;
  /** Set when the body could not be read or parsed (or the request failed outright). */
  failure?: unknown;
  /** The call was the login request: a 401 there means wrong credentials. */
  isLogin: boolean;
};

type Translate = (key: string) => string;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function failureMessage(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  return String(failure);
}

/**
 * Seed §8, in order:
 * 1. 401 on login → the translated 'alerts.invalidUserOrPassword';
 * 2. a body with `status` and an `errors` array, when status is false or the response is not ok →
 *    the errors joined by line breaks;
 * 3. a body with an `error` field → that error;
 * 4. ok, status true and a message → success toast of the message;
 * 5. not ok with a message → error toast of the message;
 * 6. a failure while reading/parsing → error toast of the exception.
 * A non-ok answer with nothing readable falls back to "Operation was unsatisfactory".
 */
export function decideToast(outcome: CallOutcome, t: Translate): ToastDecision {
  const { status, ok, body, failure, isLogin } = outcome;
  if (status === 401 && isLogin) return { kind: 'error', message: t('alerts.invalidUserOrPassword') };
  if (failure !== undefined) return { kind: 'error', message: failureMessage(failure) };
  if (isRecord(body)) {
    if ('status' in body && Array.isArray(body.errors) && (body.status === false || !ok)) {
      const errors = body.errors.map((e) => String(e)).filter((e) => e.length > 0);
      return { kind: 'error', message: errors.length > 0 ? errors.join('\n') : t('alerts.unsatisfactory') };
    }
    if (typeof body.error === 'string' && body.error.length > 0) return { kind: 'error', message: body.error };
    if (ok && body.status === true && typeof body.message === 'string' && body.message.length > 0) {
      return { kind: 'success', message: body.message };
    }
    if (!ok && typeof body.message === 'string' && body.message.length > 0) {
      return { kind: 'error', message: body.message };
    }
  }
  if (!ok) return { kind: 'error', message: t('alerts.unsatisfactory') };
  return null;
}
