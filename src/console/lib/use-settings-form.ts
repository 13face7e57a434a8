import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { AnyEndpoint } from '#contract/endpoint';
import { errorMessage } from './api-error';
import { useMayCall } from './use-may-call';

export interface SettingsFormOptions<Saved, Values extends FieldValues, Request, Answer> {
  /** What the service holds now (a query's data). */
  saved: Saved;
  /** The form's values for what is saved. Give a stable function (a module's), not a new one per render. */
  toValues: (saved: Saved) => Values;
  /** The contract's check of what the form would send; "changed" is measured against `saved`. */
  resolver: (saved: Saved) => Resolver<Values, unknown, Request>;
  /** The save (useSaveMutation). */
  mutation: UseMutationResult<Answer, Error, Request>;
  /**
   * The endpoint the save calls: a role the role table refuses it sees the settings, read-only,
   * with the reason where the save bar would be.
   */
  endpoint: AnyEndpoint;
  /** What is saved once the service answered, which the form then shows. */
  savedAfter: (answer: Answer, saved: Saved) => Saved;
}

/**
 * A settings form over a saved value: react-hook-form with the contract's resolver, following the
 * saved value while the form is clean (a refresh, a save elsewhere), submit → save → reset to the
 * service's answer, and Discard back to what is saved. SettingsForm renders it with its save bar
 * and the unsaved-changes guard.
 */
export function useSettingsForm<Saved, Values extends FieldValues, Request, Answer>({
  saved,
  toValues,
  resolver,
  mutation,
  endpoint,
  savedAfter,
}: SettingsFormOptions<Saved, Values, Request, Answer>) {
  const permission = useMayCall(endpoint);
  const form = useForm<Values, unknown, Request>({
    defaultValues: toValues(saved) as DefaultValues<Values>,
    resolver: (values, context, options) => resolver(saved)(values, context, options),
  });
  const { reset, formState } = form;
  const { isDirty } = formState;

  // Once the admin changed something, the change is theirs until saved or discarded.
  useEffect(() => {
    if (!isDirty) reset(toValues(saved));
    // Only a new saved value is a reason to follow it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  const submit = form.handleSubmit((request) =>
    mutation.mutate(request, {
      onSuccess: (answer) => reset(toValues(savedAfter(answer, saved))),
    }),
  );
  const discard = () => {
    mutation.reset();
    reset(toValues(saved));
  };
  return {
    form,
    submit,
    discard,
    dirty: isDirty,
    saving: mutation.isPending,
    /** The service's refusal (FormSaveBar shows a rule of the whole form itself). */
    message: mutation.isError ? errorMessage(mutation.error) : undefined,
    /** Why this role may not change the settings; they show read-only then. */
    refusal: permission.reason,
  };
}

export type SettingsFormState<Values extends FieldValues, Request> = ReturnType<
  typeof useSettingsForm<unknown, Values, Request, unknown>
>;
