import { useMutation } from '@tanstack/react-query';
import { toast } from './toaster';

/** A toast's title, or its title and message. */
type SuccessText = string | { title: string; message?: string };

export interface SaveMutationOptions<Request, Answer> {
  mutationFn: (request: Request) => Promise<Answer>;
  /**
   * Writes what the service answered into the cache (setQueryData, invalidation through the area's
   * query factory). Awaited, so that a dialog closes onto a list that already shows the change.
   */
  onSaved?: (answer: Answer, request: Request) => unknown;
  /** What the success toast says; no toast when not given. */
  success?: SuccessText | ((answer: Answer, request: Request) => SuccessText);
  /**
   * Where a failure shows: in the form or dialog that asked (true, the default), or in a toast,
   * for a lone button or switch that has no place for a message.
   */
  inlineErrors?: boolean;
}

/**
 * A change sent to the service: the one shape of every write of the console. The cache is updated
 * from the answer, a success is confirmed in a toast, and a failure is the caller's to show (or the
 * query client's global policy toasts it).
 */
export function useSaveMutation<Request = void, Answer = unknown>({
  mutationFn,
  onSaved,
  success,
  inlineErrors = true,
}: SaveMutationOptions<Request, Answer>) {
  return useMutation({
    meta: { inlineErrors },
    mutationFn,
    onSuccess: async (answer, request) => {
      await onSaved?.(answer, request);
      if (!success) return;
      const text = typeof success === 'function' ? success(answer, request) : success;
      toast({ tone: 'success', ...(typeof text === 'string' ? { title: text } : text) });
    },
  });
}
