import { FormProvider, get, useForm, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_DOMAINS_PER_CALL, addDomains, domainsRequest } from '#contract/allowed-domains';
import { CallButton } from '../../components/call-button';
import { TextareaField } from '../../components/textarea-field';
import { UnshownErrors } from '../../components/unshown-errors';
import { errorMessage } from '../../lib/api-error';
import { contractResolver } from '../../lib/contract-resolver';
import { fieldMessage } from '../../lib/format';
import { useMayCall } from '../../lib/use-may-call';
import { useShownField } from '../../lib/use-shown-field';
import { type DomainEntry, domainEntries, splitEntries } from './domain-entries';
import type { useDomainChanges } from './use-domain-changes';

type Values = { domains: string };

const LABEL = 'Domains to allow';

const resolver = contractResolver<Values, z.output<typeof domainsRequest>>(domainsRequest, {
  build: (values) => ({ request: { domains: splitEntries(values.domains) } }),
  // Every rule of the list or of one entry is about the one field they are typed in.
  fieldOf: () => 'domains',
});

function PreviewRow({ entry }: { entry: DomainEntry }) {
  const note =
    entry.domain === undefined
      ? 'not a domain'
      : entry.repeated === 'allowed'
        ? 'already allowed'
        : entry.repeated === 'given'
          ? 'given twice'
          : undefined;
  return (
    <li className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
      <span className="min-w-0 truncate font-mono text-xs text-muted">{entry.entry}</span>
      <span aria-hidden="true" className="text-muted">
        →
      </span>
      <span className={`font-mono text-xs ${entry.domain ? 'text-text' : 'text-danger'}`}>
        {entry.domain ?? '—'}
      </span>
      {note ? <span className="text-xs text-muted">({note})</span> : null}
    </li>
  );
}

/** The field the domains are typed in; it shows its rule and the service's refusal alike. */
function DomainsField({ error, onTyped }: { error: string | undefined; onTyped: () => void }) {
  const { register } = useFormContext<Values>();
  useShownField('domains', LABEL, true);
  return (
    <TextareaField
      label={LABEL}
      description={`One per line or separated by commas, at most ${MAX_DOMAINS_PER_CALL} at once. A URL is stored as its domain; *.example.com allows every subdomain.`}
      placeholder={'example.com\nhttps://app.example.org/path\n*.example.net'}
      rows={4}
      error={error}
      {...register('domains', { onChange: onTyped })}
    />
  );
}

/** Several domains at once, one per line or comma, with what each will be stored as. */
export function AddDomainsForm({
  allowed,
  adding,
}: {
  allowed: readonly string[];
  adding: ReturnType<typeof useDomainChanges>['adding'];
}) {
  const form = useForm<Values, unknown, z.output<typeof domainsRequest>>({
    resolver,
    defaultValues: { domains: '' },
  });
  const permission = useMayCall(addDomains);
  const text = useWatch({ control: form.control, name: 'domains' });
  const entries = domainEntries(text, allowed);
  const fresh = entries.filter((e) => e.domain !== undefined && e.repeated === undefined).length;
  const ruleBroken = get<typeof form.formState.errors, { message?: string } | undefined>(
    form.formState.errors,
    'domains',
  )?.message;
  // The service's refusal (an entry it would not take, the 1,000 cap) belongs to this field too.
  const error =
    fieldMessage(LABEL, ruleBroken) ?? (adding.isError ? errorMessage(adding.error) : undefined);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Add allowed domains"
        className="space-y-3"
        onSubmit={(event) =>
          void form.handleSubmit((request) =>
            adding.mutate(request.domains, { onSuccess: () => form.reset({ domains: '' }) }),
          )(event)
        }
      >
        <fieldset disabled={!permission.allowed} className="min-w-0 space-y-3">
          <DomainsField error={error} onTyped={() => adding.reset()} />
        </fieldset>
        <UnshownErrors />
        {entries.length > 0 ? (
          <div aria-live="polite">
            <p className="text-sm font-medium">Will be stored as</p>
            <ul aria-label="Normalised domains" className="mt-1 space-y-1">
              {entries.map((entry, i) => (
                // An entry may be typed twice: its place tells the rows apart.
                <PreviewRow key={`${i}-${entry.entry}`} entry={entry} />
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex justify-end">
          <CallButton type="submit" endpoint={addDomains} disabled={adding.isPending}>
            {adding.isPending
              ? 'Adding…'
              : fresh > 0
                ? `Add ${fresh} domain${fresh === 1 ? '' : 's'}`
                : 'Add domains'}
          </CallButton>
        </div>
      </form>
    </FormProvider>
  );
}
