import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import type { AnyEndpoint } from '#contract/endpoint';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { signedInWithToken, useSession } from '../../lib/session';
import { refusedButton, useMayCall } from '../../lib/use-may-call';
import { type RawAnswer, sendRaw } from './send-raw';
import { type TryField, requestData } from './try-fields';

const inputClasses =
  'block h-9 w-full rounded-md border border-border bg-surface px-2 text-sm text-text';

/** The workspace's API keys a request can be tried with; the route gets them from the workspace. */
export interface KeyChoice {
  keys: readonly { id: string; label: string }[];
  /** The key with its auth token, fetched when a request is sent. */
  credentials: (apiKeyId: string) => Promise<ApiKeyCredentials>;
}

/**
 * "Try it": a form built from the request's schema, checked by the contract before sending, that
 * sends a real request with the signed-in workspace's credentials or a chosen key's, and shows
 * the raw answer.
 */
interface TryItProps {
  endpoint: AnyEndpoint;
  fields: TryField[];
  keyChoice: KeyChoice;
}

export function TryIt({ endpoint, fields, keyChoice }: TryItProps) {
  const id = useId();
  const session = useSession();
  // A call the role may not make is not offered: the reason shows on the button instead.
  const permission = useMayCall(endpoint);
  const { keys } = keyChoice;
  const [apiKeyId, setApiKeyId] = useState<string | undefined>(session?.apiKey);
  const chosenKey = apiKeyId ?? keys[0]?.id;
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formProblem, setFormProblem] = useState<string>();
  const [answer, setAnswer] = useState<RawAnswer>();
  const [sending, setSending] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const read = requestData(fields, values);
    const checked = endpoint.request.safeParse(read.data);
    const fieldProblems: Record<string, string> = { ...read.problems };
    let general: string | undefined;
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [field, ...rest] = issue.path.map(String);
        const message = rest.length > 0 ? `${rest.join('.')}: ${issue.message}` : issue.message;
        if (field && fields.some((f) => f.name === field)) fieldProblems[field] ??= message;
        else general ??= field ? `${field}: ${message}` : message;
      }
    }
    setProblems(fieldProblems);
    setFormProblem(general);
    if (Object.keys(fieldProblems).length > 0 || general) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setSending(true);
    try {
      const apiKey =
        endpoint.auth === 'apiKey' && chosenKey
          ? await keyChoice.credentials(chosenKey)
          : undefined;
      setAnswer(await sendRaw(endpoint, read.data, apiKey, controller.signal));
    } catch (error) {
      if (!controller.signal.aborted) setFormProblem(errorMessage(error));
    } finally {
      if (running.current === controller) setSending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Try it
      </h3>
      <p className="text-sm text-muted">
        {`Sends a real request with ${session && !signedInWithToken(session) ? 'your session' : 'the workspace token'}: a call that writes changes what the service holds.`}
      </p>
      {/* No form library here: an issue on no drawn field goes to formProblem, shown below. */}
      {/* eslint-disable-next-line no-restricted-syntax */}
      <form
        noValidate
        aria-label={`Try ${endpoint.name}`}
        className="space-y-3"
        onSubmit={(event) => void onSubmit(event)}
      >
        {endpoint.auth === 'apiKey' ? (
          <div className="space-y-1">
            <label htmlFor={`${id}-key`} className="block text-xs font-medium text-muted">
              API key
            </label>
            <select
              id={`${id}-key`}
              value={chosenKey ?? ''}
              className={inputClasses}
              onChange={(event) => setApiKeyId(event.target.value)}
            >
              {keys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((field) => (
            <TryInput
              key={field.name}
              id={`${id}-${field.name}`}
              field={field}
              value={values[field.name] ?? ''}
              problem={problems[field.name]}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
        </div>
        <FormAlert message={formProblem} />
        <Button type="submit" disabled={sending} {...refusedButton(permission)}>
          {sending ? 'Sending…' : 'Send request'}
        </Button>
        {permission.allowed ? null : <p className="text-sm text-muted">{permission.reason}</p>}
      </form>
      {answer ? (
        <div className="space-y-1" role="status">
          <p className="text-sm">
            HTTP {answer.status} in {Math.round(answer.ms)} ms
          </p>
          <pre
            tabIndex={0}
            aria-label="Raw answer"
            className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 text-xs"
          >
            {typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}
          </pre>
        </div>
      ) : null}
    </section>
  );
}

interface TryInputProps {
  id: string;
  field: TryField;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}

function TryInput({ id, field, value, problem, onChange }: TryInputProps) {
  const described = `${id}-hint`;
  const common = {
    id,
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${described} ${id}-problem` : described,
    className: inputClasses,
  };
  return (
    <div className={`space-y-1 ${field.kind === 'json' ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className="block text-xs font-medium">
        {field.name}
        {field.required ? ' (required)' : ''}
      </label>
      {field.kind === 'json' ? (
        <textarea
          {...common}
          rows={3}
          className={`${inputClasses} h-auto py-1 font-mono`}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : field.kind === 'choice' || field.kind === 'boolean' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">(not sent)</option>
          {(field.kind === 'boolean' ? ['true', 'false'] : field.choices).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <p id={described} className="text-xs text-muted">
        {field.hint}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
