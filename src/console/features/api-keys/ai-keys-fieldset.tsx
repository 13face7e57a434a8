import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { AiModelsConfig } from '#contract/api-keys';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-fields';
import type { ConfigRequest, ConfigValues } from './config-values';

/** Providers the specification names; the service takes any provider named in lower case. */
const knownProviders = ['openai', 'anthropic', 'gemini'];

interface AiKeysFieldsetProps {
  stored: AiModelsConfig | undefined;
}

/**
 * AI provider keys: the stored ones as the service shows them (masked), and rows for new ones.
 * A raw key is sent once and never shown again, so the rows start empty after every save.
 */
export function AiKeysFieldset({ stored }: AiKeysFieldsetProps) {
  const replaceOnly = useId();
  const { control } = useFormContext<ConfigValues, unknown, ConfigRequest>();
  const { fields, append, remove } = useFieldArray({ control, name: 'aiKeys' });
  const storedEntries = Object.entries(stored ?? {});

  return (
    // min-w-0: a fieldset is as wide as its widest content by default, which a long name would set.
    <fieldset className="min-w-0 space-y-4">
      <legend className="text-base font-semibold">AI provider keys</legend>
      <p className="text-sm text-muted">
        Keys of your AI model providers, used by the service on this API key&apos;s behalf. They are
        stored encrypted; after saving, only a masked form is shown. Adding a key for a provider
        that already has one replaces it.
      </p>
      {storedEntries.length > 0 ? (
        <>
          <ul
            aria-label="Stored AI provider keys"
            aria-describedby={replaceOnly}
            className="divide-y divide-border rounded-md border border-border"
          >
            {storedEntries.map(([provider, entry]) => (
              <li
                key={provider}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                {/* A name stored before names had a bound can be long: cut, whole on hover. */}
                <span className="min-w-0 truncate font-medium" title={provider}>
                  {provider}
                </span>
                <code className="shrink-0 font-mono text-xs text-muted">{entry.displayText}</code>
              </li>
            ))}
          </ul>
          <p id={replaceOnly} className="text-sm text-muted">
            A stored key can be replaced but not removed: the service only adds or replaces provider
            keys (updates merge into the stored ones, as the specification has them). To stop a key
            from working, revoke it at its provider, then add the new key here under the same
            provider name.
          </p>
        </>
      ) : (
        <p className="rounded-md border border-dashed border-border px-3 py-2 text-sm text-muted">
          No AI provider key is stored for this API key.
        </p>
      )}
      <datalist id="ai-providers">
        {knownProviders.map((provider) => (
          <option key={provider} value={provider} />
        ))}
      </datalist>
      {fields.map((field, index) => {
        return (
          <fieldset
            key={field.id}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
          >
            <legend className="px-1 text-sm font-medium">New provider key {index + 1}</legend>
            <FormField
              name={`aiKeys.${index}.provider`}
              label="Provider"
              list="ai-providers"
              autoComplete="off"
              placeholder="openai"
            />
            <FormField
              name={`aiKeys.${index}.customerApiKey`}
              label="API key"
              type="password"
              autoComplete="off"
            />
            <Button
              variant="ghost"
              size="sm"
              className="sm:mt-7"
              aria-label={`Remove new provider key ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remove
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => append({ provider: '', customerApiKey: '' })}
      >
        Add a provider key
      </Button>
    </fieldset>
  );
}
