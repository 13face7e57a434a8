import type { ComponentProps } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { fieldMessage } from '../lib/format';
import { useShownField } from '../lib/use-shown-field';
import { Field } from './field';
import { SelectField, type SelectOption } from './select-field';
import { SwitchField } from './switch-field';
import { TextareaField } from './textarea-field';

/**
 * Fields of a react-hook-form form (inside its FormProvider): each registers itself by `name` and
 * reads its own error from the form, worded after its label, so no call site wires errors. Each
 * also says it is drawn (useShownField): hidden, it goes back to what is saved, and an error no
 * drawn field shows is said by the form's UnshownErrors instead.
 */

interface Named {
  name: string;
  label: string;
  /** Rewords the contract's message when the default "<label> <rule>." reads badly. */
  formatError?: (message: string | undefined) => string | undefined;
}

function useFieldError({ name, label, formatError }: Named): string | undefined {
  useShownField(name, label, true);
  const { errors } = useFormState({ name });
  const message = get<typeof errors, { message?: string } | undefined>(errors, name)?.message;
  return formatError ? formatError(message) : fieldMessage(label, message);
}

type InputProps = Omit<ComponentProps<'input'>, 'name'> & Named & { description?: string };

export function FormField({ name, label, formatError, ...input }: InputProps) {
  const { register } = useFormContext();
  const error = useFieldError({ name, label, formatError });
  return <Field label={label} error={error} {...input} {...register(name)} />;
}

type TextareaProps = Omit<ComponentProps<'textarea'>, 'name'> & Named & { description?: string };

export function FormTextareaField({ name, label, formatError, ...textarea }: TextareaProps) {
  const { register } = useFormContext();
  const error = useFieldError({ name, label, formatError });
  return <TextareaField label={label} error={error} {...textarea} {...register(name)} />;
}

type SelectProps = Omit<ComponentProps<'select'>, 'name'> &
  Named & { description?: string; options: readonly SelectOption[] };

export function FormSelectField({ name, label, formatError, ...select }: SelectProps) {
  const { register } = useFormContext();
  const error = useFieldError({ name, label, formatError });
  return <SelectField label={label} error={error} {...select} {...register(name)} />;
}

type SwitchProps = Omit<ComponentProps<typeof SwitchField>, 'name'> & { name: string };

/** An on/off setting; a boolean has no rule of its own to break, so it shows no error. */
export function FormSwitchField({ name, ...props }: SwitchProps) {
  const { register } = useFormContext();
  useShownField(name, props.label, false);
  return <SwitchField {...props} {...register(name)} />;
}
